Feature: How many iterations a task needs to resume after its future gets a result

  A task that awaits a future is woken by a done callback of that future
  (Task.__wakeup). With asyncio's deferred dispatch, set_result queues that
  callback, so the task resumes in the next iteration after the one in which
  the result was set (or in the first iteration, if the result was set outside
  the loop). With synchronous dispatch the wake-up runs inside set_result and
  the task resumes with no iteration at all. The table, per dispatch design:

  | result set                        | deferred (asyncio.Future) | synchronous |
  | outside the loop                  | resumes in iteration 1    | at once (0) |
  | by a callback in iteration n      | resumes in iteration n+1  | at once     |
  | by another task in iteration n    | resumes in iteration n+1  | at once     |

  Source: CPython Lib/asyncio/tasks.py, Task.__step (result.add_done_callback(
  self.__wakeup)) and Task.__wakeup; Lib/asyncio/futures.py, _schedule_callbacks.

  Background:
    Given a fresh event loop
    And a future "f" made by the loop
    And task "t" is created with the Task constructor, awaiting future "f"
    And the loop runs one iteration

  @CYCLES-1 @MUST @profile-deferred-dispatch
  Rule: With deferred dispatch, a task resumes in the iteration after the one in which its future got a result
    Claims: C-37, C-39, C-42, C-51

    Scenario: A result set outside the loop resumes the task in the next iteration
      When the result of future "f" is set to 1
      And the loop runs one iteration
      Then the coroutine of task "t" finished in iteration 2

    Scenario Outline: A future completed outside the loop with <completion> resumes the task in the next iteration, which ends it
      When future "f" is completed with <completion>
      Then task "t" is not done
      When the loop runs one iteration
      Then the coroutine of task "t" finished in iteration 2
      And task "t" is done

      Examples:
        | completion    |
        | set_exception |
        | cancel        |

    Scenario: A result set by a callback resumes the task one iteration later
      Given callback "setter" is scheduled with call_soon and, when it runs, does:
        | set the result of future "f" to 1 |
      When the loop runs one iteration
      Then the coroutine of task "t" has not finished
      When the loop runs one iteration
      Then the coroutine of task "t" finished in iteration 3

    Scenario Outline: A future completed with <completion> by another task resumes the awaiting task one iteration later
      Given a task created with the Task constructor that completes future "f" with <completion>
      When the loop runs one iteration
      And the loop runs one iteration
      Then the coroutine of task "t" finished in the iteration after the one in which the completer ran

      Examples:
        | completion    |
        | set_result    |
        | set_exception |
        | cancel        |

  @CYCLES-2 @MUST @profile-synchronous-dispatch
  Rule: With synchronous dispatch, a task resumes inside set_result
    Claims: C-39, C-42

    Scenario: A result set outside the loop resumes the task at once
      When the result of future "f" is set to 1
      Then the coroutine of task "t" finished outside any iteration
