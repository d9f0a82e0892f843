Feature: A new task schedules its first step; it does not run it

  Creating a task does not start the coroutine, whichever way a program makes
  it: asyncio.Task(coro), loop.create_task(coro), asyncio.create_task(coro),
  asyncio.ensure_future(coro) or a TaskGroup's create_task (3.11+), and
  wherever it is made: outside a loop that is not running, in a callback, or in
  the coroutine of a task that the loop is running. The initialiser queues one
  handle, the task's first __step, with loop.call_soon, and the coroutine
  starts when an iteration runs that handle. Two consequences matter in
  practice: every task created costs one ready-queue entry (even a task whose
  coroutine does nothing), and the caller keeps running until it yields to the
  loop.

  asyncio.create_task and a TaskGroup need a running loop, so they are checked
  from callbacks and tasks only. Outside a running loop asyncio.create_task
  raises RuntimeError, as asyncio documents; that is get_running_loop's doing,
  not the loop's, and no rule of this kit checks it.

  Source: CPython Lib/asyncio/tasks.py, Task.__init__ (self._loop.call_soon(
  self.__step, context=self._context)), create_task and ensure_future (both
  call loop.create_task); Lib/asyncio/taskgroups.py, TaskGroup.create_task;
  Modules/_asynciomodule.c, task_call_step_soon.

  Background:
    Given a fresh event loop

  @TASK-1 @MUST @core
  Rule: Creating a task queues exactly one step and starts nothing
    Claims: C-24, C-26, C-46, C-47, C-68

    Scenario Outline: Creating a task with <construction> queues exactly one handle
      When task "t" is created with <construction>
      Then the ready queue holds 1 handle

      @needs-ready-queue
      Examples:
        | construction          |
        | the Task constructor  |
        | loop.create_task      |
        | asyncio.ensure_future |

    Scenario Outline: The coroutine of a task created with <construction> has not started
      When task "t" is created with <construction>
      Then the coroutine of task "t" has not started
      And task "t" is not done

      Examples:
        | construction          |
        | the Task constructor  |
        | loop.create_task      |
        | asyncio.ensure_future |

    # The task's step is queued during an iteration; that it waits for the next one is NTODO-2's claim.
    @profile-default-task-factory @needs-NTODO-2
    Scenario Outline: A task created with <construction> by a callback of the running loop has not started when the callback ends
      Given callback "c" is scheduled with call_soon and, when it runs, does:
        | create task "t" with <construction> |
      When the loop runs one iteration
      Then the coroutine of task "t" has not started
      When the loop runs one iteration
      Then the coroutine of task "t" started and finished in iteration 2

      Examples:
        | construction          |
        | the Task constructor  |
        | loop.create_task      |
        | asyncio.create_task   |
        | asyncio.ensure_future |

    # The task's step is queued during an iteration; that it waits for the next one is NTODO-2's claim.
    @profile-default-task-factory @needs-NTODO-2
    Scenario Outline: A task created with <construction> by the coroutine of a running task has not started when that coroutine yields
      Given task "p" is created with the Task constructor and, when its coroutine runs, does:
        | create task "t" with <construction> |
      When the loop runs one iteration
      Then no operation inside a callback failed
      And the coroutine of task "t" has not started
      When the loop runs one iteration
      Then the coroutine of task "t" started and finished in iteration 2

      Examples:
        | construction          |
        | the Task constructor  |
        | loop.create_task      |
        | asyncio.create_task   |
        | asyncio.ensure_future |

      # The group's end wakes "p" from the done callback of "t": a future that calls it at once, undeclared,
      # steps "p" inside the step of "t"; that done callbacks are deferred is FUTURE-1's claim, not this rule's.
      @since-3.11 @needs-FUTURE-1
      Examples: A TaskGroup's tasks (3.11 and later)
        | construction |
        | a TaskGroup  |

  @TASK-2 @MUST @core
  Rule: The coroutine starts when an iteration runs the queued step
    Claims: C-48, C-50

    Scenario Outline: A task created with <construction> starts in the next iteration
      Given task "t" is created with <construction>
      When the loop runs one iteration
      Then the coroutine of task "t" started and finished in iteration 1
      And task "t" is done

      Examples:
        | construction          |
        | the Task constructor  |
        | loop.create_task      |
        | asyncio.ensure_future |

    # The task's step is queued during an iteration; that it waits for the next one is NTODO-2's claim.
    @profile-default-task-factory @needs-NTODO-2
    Scenario Outline: A task created with <construction> by the coroutine of a running task starts in the next iteration
      Given task "p" is created with the Task constructor and, when its coroutine runs, does:
        | create task "t" with <construction> |
      When the loop runs one iteration
      And the loop runs one iteration
      Then the coroutine of task "t" started and finished in iteration 2
      And task "t" is done

      Examples:
        | construction          |
        | the Task constructor  |
        | loop.create_task      |
        | asyncio.create_task   |
        | asyncio.ensure_future |

      # The group's end wakes "p" from the done callback of "t": a future that calls it at once, undeclared,
      # steps "p" inside the step of "t"; that done callbacks are deferred is FUTURE-1's claim, not this rule's.
      @since-3.11 @needs-FUTURE-1
      Examples: A TaskGroup's tasks (3.11 and later)
        | construction |
        | a TaskGroup  |
