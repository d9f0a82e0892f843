Feature: A task held entered collides with the loop's next task step

  The document's anti-pattern A5: code on another thread enters a task
  (_enter_task) and keeps it entered while it runs Python code that can release
  the GIL. When the loop's thread then runs any task's __step, that step tries
  to enter its own task, finds another one current, and fails with the
  enter-task conflict. In real programs this happens by GIL timing; the kit
  reproduces it deterministically, without threads: it enters task "a" by hand
  and keeps it entered while the loop runs the first step of task "b". The step
  fails before the coroutine starts, and the loop reports the RuntimeError to
  its exception handler (the handle's callback raised).

  Source: CPython Lib/asyncio/tasks.py, Task.__step (_enter_task(self._loop, self))
  and _enter_task; Lib/asyncio/events.py, Handle._run (exceptions go to
  loop.call_exception_handler).

  Background:
    Given a fresh event loop
    And task "a" is created with the Task constructor
    And the loop runs one iteration

  @COLLIDE-1 @MUST @needs-enter-leave-task
  Rule: A task step that runs while another task is held entered fails with the enter-task conflict
    Claims: C-49, C-76, C-77, C-80, C-81

    A reentrant loop (profile nested-runs) steps tasks inside a task's step by
    design, so it takes the current task off for each handle (nest_asyncio's
    _run_once does): the collision is the stock profile's.

    # The collision is seen as the error the loop reports to its exception handler, which ERROR-1 checks.
    @profile-no-nested-runs @needs-ERROR-1
    Scenario: The step of task "b" collides with task "a" held entered
      Given task "a" has been entered by hand
      And task "b" is created with the Task constructor
      When the loop runs one iteration
      Then the coroutine of task "b" has not started
      And the loop reported RuntimeError "Cannot enter into task {b} while another task {a} is being executed"

    Scenario: Once the held task is left, new tasks run normally
      Given task "a" has been entered by hand
      And task "a" has been left by hand
      And task "b" is created with the Task constructor
      When the loop runs one iteration
      Then the coroutine of task "b" started and finished in iteration 2
      And the loop reported no error
