Feature: Eager task start (asyncio 3.12 and later)

  From Python 3.12, a task can be created with eager_start=True. If the loop is
  running, the constructor runs the coroutine's first step right away, inline,
  instead of queueing it: a coroutine that finishes without awaiting anything
  completes inside the constructor and no step ever reaches the ready queue.
  This is how "sentinel" tasks stop polluting the ready queue. If the loop is
  not running, eager start falls back to the ordinary queued first step.

  The inline step makes the new task current with _swap_current_task, which,
  unlike _enter_task, does not check whether another task is current: it swaps
  the new task in and puts the previous one back afterwards.

  asyncio.eager_task_factory is a task factory: it applies to every task made
  through loop.create_task, which asyncio.create_task, asyncio.ensure_future
  and a TaskGroup's create_task all call, from a callback or from the coroutine
  of a running task alike; asyncio.Task(coro) itself does not consult it.

  Loops that implement an API level below 3.12 do not have eager start; these
  rules are not applicable to them.

  Source: CPython 3.12 Lib/asyncio/tasks.py, Task.__init__ (eager_start),
  Task.__eager_start and _swap_current_task; Modules/_asynciomodule.c,
  task_eager_start and swap_current_task.

  Background:
    Given a fresh event loop

  @EAGER-1 @MUST @since-3.12 @needs-eager-start
  Rule: On a running loop, a task whose coroutine finishes at once completes inside its constructor and queues nothing
    Claims: C-2, C-52, C-53, C-58, C-59, C-65

    Scenario: The task is done as soon as its constructor returns
      Given callback "c" is scheduled with call_soon and, when it runs, does:
        | create task "t" with eager start        |
        | note whether task "t" is done as "done" |
      When the loop runs one iteration
      Then note "done" is true
      And the coroutine of task "t" started and finished in iteration 1

    @needs-ready-queue
    Scenario: The constructor adds nothing to the ready queue
      Given callback "c" is scheduled with call_soon and, when it runs, does:
        | note the ready queue length as "before" |
        | create task "t" with eager start        |
        | note the ready queue length as "after"  |
      When the loop runs one iteration
      Then notes "before" and "after" are equal

  @EAGER-2 @MUST @since-3.12 @needs-eager-start
  Rule: On a loop that is not running, eager start falls back to queueing the first step
    Claims: C-54, C-59, C-66, C-67

    Scenario: The coroutine waits for the next iteration
      When task "t" is created with eager start
      Then the coroutine of task "t" has not started
      And task "t" is not done
      When the loop runs one iteration
      Then the coroutine of task "t" started and finished in iteration 1

    @needs-ready-queue
    Scenario: Exactly one step is queued
      When task "t" is created with eager start
      Then the ready queue holds 1 handle

  @EAGER-3 @MUST @since-3.12 @needs-eager-start
  Rule: Eager start swaps the current task without a conflict check and restores the previous one
    Claims: C-55, C-56, C-57

    # That the eager task runs to its end inside the call is EAGER-1's claim; this scenario is about who is
    # current around it.
    @needs-enter-leave-task @needs-EAGER-1
    Scenario: An eager task runs while another task is entered, and the entered task is current again afterwards
      Given task "a" is created with the Task constructor
      And callback "c" is scheduled with call_soon and, when it runs, does:
        | enter task "a"                        |
        | create task "b" with eager start      |
        | note the current task as "afterwards" |
        | leave task "a"                        |
      When the loop runs one iteration
      Then no operation inside a callback failed
      And the coroutine of task "b" started and finished in iteration 1
      And note "afterwards" is "a"

    @needs-enter-leave-task @needs-swap-current-task
    Scenario: Swapping the current task checks nothing and returns the previous task
      Given task "a" is created with the Task constructor
      And task "b" is created with the Task constructor
      And task "a" has been entered by hand
      When the current task is swapped for task "b"
      Then the swap returned task "a"
      And the current task is "b"

  @EAGER-4 @MUST @since-3.12 @profile-eager-task-factory
  Rule: With asyncio.eager_task_factory as the task factory, loop.create_task on a running loop runs the coroutine at once
    Claims: C-2

    Scenario Outline: A task that <construction> makes in a callback is done when it returns
      Given callback "c" is scheduled with call_soon and, when it runs, does:
        | create task "t" with <construction>     |
        | note whether task "t" is done as "done" |
      When the loop runs one iteration
      Then note "done" is true
      And the coroutine of task "t" started and finished in iteration 1

      Examples:
        | construction          |
        | loop.create_task      |
        | asyncio.create_task   |
        | asyncio.ensure_future |

    Scenario Outline: A task that <construction> makes in the coroutine of a running task is done when it returns
      Given task "p" is created with the Task constructor and, when its coroutine runs, does:
        | create task "t" with <construction>     |
        | note whether task "t" is done as "done" |
      When the loop runs one iteration
      Then note "done" is true
      And the coroutine of task "t" started and finished in iteration 1

      Examples:
        | construction          |
        | loop.create_task      |
        | asyncio.create_task   |
        | asyncio.ensure_future |
        | a TaskGroup           |

    Scenario Outline: On a loop that is not running, the eager task factory queues the first step of a task made with <construction>
      When task "t" is created with <construction>
      Then the coroutine of task "t" has not started
      When the loop runs one iteration
      Then the coroutine of task "t" started and finished in iteration 1

      Examples:
        | construction          |
        | loop.create_task      |
        | asyncio.ensure_future |
