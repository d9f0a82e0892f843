Feature: Only one task is current per loop

  While a task runs a step, it is the loop's current task (asyncio.current_task()).
  Every step enters its task first (_enter_task) and leaves it afterwards
  (_leave_task). Entering a task while another is current means two steps
  overlap on one loop, which asyncio treats as a bug and refuses with a
  RuntimeError; leaving a task that is not the current one is refused too.
  This is the error that surfaces when a task is held "entered" on one thread
  while the loop runs another task's step on another (see the stall and
  collision rules).

  Source: CPython Lib/asyncio/tasks.py, _enter_task and _leave_task
  (_py_enter_task, _py_leave_task); Modules/_asynciomodule.c, enter_task and
  leave_task.

  Background:
    Given a fresh event loop
    And task "a" is created with the Task constructor
    And task "b" is created with the Task constructor

  @ENTER-1 @MUST @needs-enter-leave-task
  Rule: Entering a task while another task is current raises RuntimeError
    Claims: C-72, C-73, C-74, C-76

    Scenario: A second task cannot be entered over the first
      Given task "a" has been entered by hand
      When task "b" is entered by hand
      Then it is refused with RuntimeError "Cannot enter into task {b} while another task {a} is being executed"
      And the current task is "a"

    Scenario: Entering and leaving in turn is allowed
      Given task "a" has been entered by hand
      And task "a" has been left by hand
      When task "b" is entered by hand
      Then it succeeds
      And the current task is "b"

  @ENTER-2 @MUST @needs-enter-leave-task
  Rule: Leaving a task that is not the current one raises RuntimeError
    Claims: C-75

    Scenario: Leaving with the wrong task is refused
      Given task "a" has been entered by hand
      When task "b" is left by hand
      Then it is refused with RuntimeError "Leaving task {b} does not match the current task {a}"
      And the current task is "a"

    Scenario: Leaving a task when no task is current is refused
      When task "b" is left by hand
      Then it is refused with RuntimeError "Leaving task {b} does not match the current task None"
