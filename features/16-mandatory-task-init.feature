Feature: A task must be initialised before it is used

  A Task subclass that skips Task.__init__ (for example a singleton "sentinel"
  task reused across requests) leaves the task's internal state unset. In
  CPython's C implementation (3.12 and later) some of those fields are plain
  pointers, and touching some of them crashes the interpreter (get_coro() on
  3.10 to 3.12, get_context() on 3.12 and 3.13: errata E-12); the pure-Python
  task fails with an AttributeError or answers from class defaults. Neither tells the programmer what went
  wrong. A loop should refuse such a task with an error that names the cause.

  The level is SHOULD, not MUST: CPython itself does not meet it, so a loop that
  behaves like CPython here is still asyncio-compatible, but the kit warns,
  because a crash or a silent default is never what the programmer wanted.

  Source: CPython Modules/_asynciomodule.c, _asyncio_Task___init___impl (the
  fields task_context, task_name, task_coro are set only there); Lib/asyncio/tasks.py,
  Task.__init__.

  Background:
    Given a fresh event loop
    And a task object "t" whose initialiser never ran

  @INIT-1 @SHOULD @needs-uninitialised-task
  Rule: Using a task whose initialiser never ran raises an error instead of crashing or answering
    Claims: C-61, C-62, C-63

    "Refused with an error" means an error the loop raised, never the kit's own
    KitError (which says the kit asked about something that does not exist).
    result() and exception() are refused on every CPython, but only the C Task
    says why ("Future object is not initialized."); the pure-Python Task answers
    "Result is not ready." as if the task were merely pending, so the kit asks
    for a message that names the cause.

    Scenario: Asking an uninitialised task whether it is done is refused
      When task "t" is asked whether it is done
      Then it is refused with an error

    Scenario: Asking an uninitialised task for its name is refused
      When task "t" is asked for its name
      Then it is refused with an error

    Scenario: Asking an uninitialised task for its coroutine is refused
      When task "t" is asked for its coroutine
      Then it is refused with an error

    Scenario: A task whose initialiser ran answers with its name
      Given task "u" is created with the Task constructor
      When task "u" is asked for its name
      Then it answers "u"

    Scenario: A pending task whose initialiser ran answers with its coroutine
      Given a future "f" made by the loop
      And task "u" is created with the Task constructor, awaiting future "f"
      When task "u" is asked for its coroutine
      Then it answers with a coroutine

    Scenario: Adding a done callback to an uninitialised task is refused
      When a done callback "cb" is added to task "t"
      Then it is refused with an error

    Scenario: Cancelling an uninitialised task is refused
      When task "t" is cancelled
      Then it is refused with an error

    Scenario: Asking an uninitialised task whether it is cancelled is refused
      When task "t" is asked whether it is cancelled
      Then it is refused with an error

    Scenario: Asking an uninitialised task for its result is refused with an error that names the cause
      When the result of future "t" is asked for
      Then it is refused with an error that says the task is not initialised

    Scenario: Asking an uninitialised task for its exception is refused with an error that names the cause
      When the exception of future "t" is asked for
      Then it is refused with an error that says the task is not initialised

    Scenario: Removing a done callback from an uninitialised task is refused
      When a done callback "cb" is added to task "t"
      And done callback "cb" is removed from task "t"
      Then it is refused with an error

    Scenario: Setting the result of an uninitialised task is refused
      When the result of task "t" is set
      Then it is refused with an error

    Scenario: Setting an exception on an uninitialised task is refused
      When an exception is set on task "t"
      Then it is refused with an error

    @needs-enter-leave-task
    Scenario: Entering an uninitialised task is refused
      When task "t" is entered by hand
      Then it is refused with an error

    @needs-swap-current-task
    Scenario: Swapping an uninitialised task in as the current task is refused
      When the current task is swapped for task "t"
      Then it is refused with an error
