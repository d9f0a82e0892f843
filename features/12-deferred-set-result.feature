Feature: Future done callbacks are deferred to the loop

  asyncio.Future.set_result() does not call the future's done callbacks, and
  neither do set_exception() and cancel(), the two other ways a future completes. It
  hands each of them to loop.call_soon, in registration order, and they run
  when an iteration reaches them, whoever completes the future: code outside
  the loop, a callback, or the coroutine of a task. Code that sets a result on one thread and
  expects a callback to have run before the loop turns is wrong on asyncio: the
  callback waits in the ready queue. The same holds when a callback is added to
  a future that is already done.

  A loop whose futures dispatch callbacks synchronously (a custom future, such
  as a native extension's) is a different, declared design: these rules are
  about asyncio.Future as loop.create_future() returns it.

  Source: CPython Lib/asyncio/futures.py, Future._schedule_callbacks and
  Future.add_done_callback; Modules/_asynciomodule.c, future_schedule_callbacks.

  Background:
    Given a fresh event loop
    And a future "f" made by the loop

  @FUTURE-1 @MUST @core @profile-deferred-dispatch
  Rule: Completing a future (set_result, set_exception, cancel) calls no done callback; it queues each one with call_soon and they run in the next iteration
    Claims: C-24, C-32, C-33, C-34, C-35, C-36, C-37, C-41, C-43, C-45

    Scenario Outline: No done callback runs inside <completion>
      Given callback "cb" is added as a done callback of future "f"
      When future "f" is completed with <completion>
      Then future "f" is done
      And no done callback has run yet

      Examples:
        | completion    |
        | set_result    |
        | set_exception |
        | cancel        |

    @needs-ready-queue
    Scenario: Each done callback is queued as its own handle
      Given callback "cb1" is added as a done callback of future "f"
      And callback "cb2" is added as a done callback of future "f"
      When the result of future "f" is set to 42
      Then the ready queue holds 2 handles

    Scenario Outline: The done callbacks queued by <completion> run in the next iteration, in registration order
      Given callback "cb1" is added as a done callback of future "f"
      And callback "cb2" is added as a done callback of future "f"
      When future "f" is completed with <completion>
      And the loop runs one iteration
      Then the callbacks ran in the order "cb1" and "cb2"
      And exactly the callbacks "cb1" and "cb2" ran in iteration 1, in any order

      Examples:
        | completion    |
        | set_result    |
        | set_exception |
        | cancel        |

    Scenario Outline: A future completed with <completion> by <performer> calls no done callback; they run in the next iteration, in registration order
      Given callback "cb1" is added as a done callback of future "f"
      And callback "cb2" is added as a done callback of future "f"
      And <performer> that completes future "f" with <completion>
      When the loop runs one iteration
      And the loop runs one iteration
      Then future "f" is done
      And callbacks "cb1" and "cb2" ran in the iteration after the one in which the completer ran, in that order

      Examples:
        | completion    | performer                                |
        | set_result    | a callback scheduled with call_soon      |
        | set_exception | a callback scheduled with call_soon      |
        | cancel        | a callback scheduled with call_soon      |
        | set_result    | a task created with the Task constructor |
        | set_exception | a task created with the Task constructor |
        | cancel        | a task created with the Task constructor |

    Scenario Outline: A future completed with <completion> stays as it is: completing it again queues no callback
      Given callback "cb" is added as a done callback of future "f"
      And future "f" is completed with <completion>
      When future "f" is completed again with set_result
      Then it is refused with an error of type InvalidStateError
      When future "f" is completed again with set_exception
      Then it is refused with an error of type InvalidStateError
      When future "f" is completed again with cancel
      Then it answers false
      And future "f" is <state>
      When the loop runs one iteration
      Then exactly the callbacks "cb" ran in iteration 1, in any order

      Examples:
        | completion    | state         |
        | set_result    | not cancelled |
        | set_exception | not cancelled |
        | cancel        | cancelled     |

  @FUTURE-2 @MUST @profile-deferred-dispatch
  Rule: A done callback added to a future that is already done is deferred too
    Claims: C-41

    Scenario: Adding a callback to a done future does not call it at once
      Given the result of future "f" is set to 42
      When callback "late" is added as a done callback of future "f"
      Then no done callback has run yet
      When the loop runs one iteration
      Then exactly the callbacks "late" ran in iteration 1, in any order

    Scenario Outline: A done callback that <performer> adds to a done future runs in the next iteration
      Given the result of future "f" is set to 42
      And <performer> that adds callback "late" as a done callback of future "f"
      When the loop runs one iteration
      And the loop runs one iteration
      Then callback "late" ran in the iteration after the one in which the adder ran, in that order

      Examples:
        | performer                                |
        | a callback scheduled with call_soon      |
        | a task created with the Task constructor |

    @needs-ready-queue
    Scenario: Adding a callback to a done future queues one handle
      Given the result of future "f" is set to 42
      When callback "late" is added as a done callback of future "f"
      Then the ready queue holds 1 handle
