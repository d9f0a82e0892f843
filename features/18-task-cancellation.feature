Feature: Cancelling a task, and the current task

  asyncio's documentation of Task.cancel(msg=None): "Request the Task to be
  cancelled. If the Task is already done or cancelled, return False, otherwise,
  return True. The method arranges for a CancelledError exception to be thrown
  into the wrapped coroutine on the next cycle of the event loop. The coroutine
  then has a chance to clean up or even deny the request by suppressing the
  exception ... Therefore, unlike Future.cancel(), Task.cancel() does not
  guarantee that the Task will be cancelled." From 3.11: "The msg parameter is
  propagated from cancelled task to its awaiter." And of current_task(loop):
  "Return the currently running Task instance, or None if no task is running."

  So these rules check cancellation at each stage of a task (before its first
  step, while it awaits a future, after it is done) and which task is current
  inside and around its steps. How a cancelled task is woken (its awaited
  future's done callback, one iteration later) is what CYCLES-1 checks already.
  Most scenarios run one iteration for a new task to take its first step (to
  reach its await, or to finish); that the step runs then is TASK-2's claim,
  so those rules declare it as their prerequisite (@needs-TASK-2).

  Source: CPython Lib/asyncio/tasks.py, Task.cancel, Task.__step
  (_must_cancel, _fut_waiter, "except exceptions.CancelledError"),
  Task.__step_run_and_handle_result, current_task, _enter_task and _leave_task
  (3.10 to 3.13).

  Background:
    Given a fresh event loop

  @CANCEL-1 @MUST @needs-TASK-2
  Rule: A task cancelled before its first step never runs its coroutine and ends cancelled
    Beyond the claims: asyncio docs, Task.cancel ("arranges for a CancelledError exception to be thrown into the wrapped coroutine"); CPython tasks.py, Task.cancel and Task.__step (_must_cancel)

    Scenario: cancel() before the first step is accepted
      Given task "t" is created with loop.create_task
      When task "t" is cancelled
      Then it answers true

    Scenario: The coroutine of a task cancelled before its first step never starts
      Given task "t" is created with loop.create_task
      And task "t" is cancelled
      When the loop runs one iteration
      Then the coroutine of task "t" has not started
      And future "t" is cancelled

  @CANCEL-2 @MUST @needs-TASK-2
  Rule: cancel() does not end a task at once; the task ends at its next step
    Beyond the claims: asyncio docs, Task.cancel ("on the next cycle of the event loop"); CPython tasks.py, Task.cancel (_must_cancel, _fut_waiter)

    With synchronous dispatch the awaited future's cancel() wakes the task inside
    cancel(), so the scenario of a task that awaits is for deferred dispatch only.
    A task cancelled during the step in which its coroutine returns ends at the
    end of that step, cancelled (Task.__step_run_and_handle_result: "Task is
    cancelled right before coro stops").

    Scenario: A task is not done right after cancel() before its first step
      Given task "t" is created with loop.create_task
      And task "t" is cancelled
      When task "t" is asked whether it is done
      Then it answers false

    @profile-deferred-dispatch
    Scenario: A task awaiting a future is not done right after cancel()
      Given a future "f" made by the loop
      And task "t" is created with loop.create_task, awaiting future "f"
      And the loop runs one iteration
      And task "t" is cancelled
      When task "t" is asked whether it is done
      Then it answers false

    Scenario: A task that cancels itself in the step that returns ends cancelled, not with what it returned
      Given task "t" is created with loop.create_task and, in its first step, does:
        | cancel task "t" |
      When the loop runs one iteration
      Then future "t" is cancelled

  @CANCEL-3 @MUST @needs-TASK-2
  Rule: A task cancelled while it awaits a future gets CancelledError at the await and ends cancelled
    Beyond the claims: asyncio docs, Task.cancel; CPython tasks.py, Task.__step and __step_run_and_handle_result ("except exceptions.CancelledError ... super().cancel()")

    Scenario: The coroutine resumes with CancelledError at its await, and the task is cancelled
      Given a future "f" made by the loop
      And task "t" is created with loop.create_task, awaiting future "f"
      And the loop runs one iteration
      And task "t" is cancelled
      When the loop runs one iteration
      Then the coroutine of task "t" resumed and finished
      And future "t" is cancelled

  @CANCEL-4 @SHOULD @needs-TASK-2
  Rule: Cancelling a task that awaits a future cancels that future at once
    Beyond the claims: CPython tasks.py, Task.cancel ("if self._fut_waiter is not None: if self._fut_waiter.cancel(msg=msg)")

    Not in the documentation of Task.cancel; CPython's Task.cancel calls
    self._fut_waiter.cancel(msg=msg), and programs rely on it (a cancelled
    wait_for or sleep cancels what it waits on). A task cancelled during its own
    step has no awaited future yet; the future it then awaits takes the
    cancellation (__step_run_and_handle_result: "if self._must_cancel: if
    self._fut_waiter.cancel(msg=self._cancel_message)"). With synchronous
    dispatch that cancel() wakes the task inside its own step, so that scenario
    is for deferred dispatch only.

    Scenario: The future a task awaits is cancelled by the task's cancel()
      Given a future "f" made by the loop
      And task "t" is created with loop.create_task, awaiting future "f"
      And the loop runs one iteration
      When task "t" is cancelled
      Then future "f" is cancelled

    Scenario: cancel() of a task that awaits a future answers true
      Given a future "f" made by the loop
      And task "t" is created with loop.create_task, awaiting future "f"
      And the loop runs one iteration
      When task "t" is cancelled
      Then it answers true

    @profile-deferred-dispatch
    Scenario: A task that cancels itself in a step and then awaits a future cancels that future
      Given a future "f" made by the loop
      And task "t" is created with loop.create_task, awaiting future "f", and, in its first step, does:
        | cancel task "t" |
      When the loop runs one iteration
      Then future "f" is cancelled

  @CANCEL-5 @MUST @needs-TASK-2
  Rule: A task whose coroutine catches CancelledError and returns ends with its result, not cancelled
    Beyond the claims: asyncio docs, Task.cancel ("The coroutine then has a chance to clean up or even deny the request by suppressing the exception"); CPython tasks.py, Task.__step_run_and_handle_result

    Scenario: run_until_complete() of a task that refused its cancellation returns its result
      Given a future "f" made by the loop
      And task "t" is created with loop.create_task, awaiting future "f", and catches its cancellation
      And the loop runs one iteration
      And task "t" is cancelled
      When the loop runs until future "t" is done
      Then it returns "caught"

    Scenario: A task that refused its cancellation is not cancelled
      Given a future "f" made by the loop
      And task "t" is created with loop.create_task, awaiting future "f", and catches its cancellation
      And the loop runs one iteration
      And task "t" is cancelled
      And the loop runs one iteration
      Then the coroutine of task "t" caught its cancellation
      And future "t" is not cancelled

  @CANCEL-6 @MUST @needs-TASK-2
  Rule: cancel() of a task that is done returns False and leaves the task as it was
    Beyond the claims: asyncio docs, Task.cancel ("If the Task is already done or cancelled, return False"); CPython tasks.py, Task.cancel

    Scenario: cancel() of a finished task returns False
      Given task "t" is created with loop.create_task
      And the loop runs one iteration
      When task "t" is cancelled
      Then it answers false

    Scenario: A finished task stays not cancelled after cancel()
      Given task "t" is created with loop.create_task
      And the loop runs one iteration
      And task "t" is cancelled
      Then future "t" is not cancelled

  @CANCEL-7 @MUST @since-3.11
  Rule: The message given to cancel(msg) is the message of the CancelledError the task ends with
    Beyond the claims: asyncio docs, Task.cancel ("Changed in version 3.11: The msg parameter is propagated from cancelled task to its awaiter"); CPython tasks.py, Task._make_cancelled_error

    From 3.11 (docs: "The msg parameter is propagated from cancelled task to its
    awaiter"). CPython 3.10 loses it: run_until_complete raises CancelledError('')
    (docs/errata.md, E-18), so the rule starts at API level 3.11.

    Scenario: A task cancelled with a message before its first step ends with that message
      Given task "t" is created with loop.create_task
      And task "t" is cancelled with the message "why"
      When the loop runs until future "t" is done
      Then it is refused with CancelledError "why"

    Scenario: A task cancelled with a message while it awaits ends with that message
      Given a future "f" made by the loop
      And task "t" is created with loop.create_task, awaiting future "f"
      And the loop runs one iteration
      And task "t" is cancelled with the message "why"
      When the loop runs until future "t" is done
      Then it is refused with CancelledError "why"

  @CURRENT-1 @MUST @needs-TASK-2
  Rule: While a task's coroutine runs, current_task() is that task
    Beyond the claims: asyncio docs, asyncio.current_task ("Return the currently running Task instance"); CPython tasks.py, Task.__step (_enter_task)

    Scenario: The coroutine's first step sees its own task as current
      Given task "t" is created with loop.create_task and, in its first step, does:
        | note the current task as "inside" |
      When the loop runs one iteration
      Then note "inside" is "t"

  @CURRENT-2 @MUST @needs-TASK-2
  Rule: In a callback that is not a task's step, current_task() is None
    Beyond the claims: asyncio docs, asyncio.current_task ("or None if no task is running"); CPython tasks.py, current_task, _leave_task

    Scenario: A plain callback sees no current task, though a task ran before it in the iteration
      Given task "t" is created with loop.create_task
      And callback "a" is scheduled with call_soon and, when it runs, does:
        | note the current task as "outside" |
      When the loop runs one iteration
      Then note "outside" is no task

    Scenario: A callback that a task's step scheduled sees no current task when it runs
      Given task "t" is created with loop.create_task and, in its first step, does:
        | schedule callback "later" with call_soon, which notes the current task as "later" |
      When the loop runs one iteration
      And the loop runs one iteration
      Then note "later" is no task

  @CURRENT-3 @SHOULD
  Rule: A task step that ends the task with an exception leaves no task current
    Beyond the claims: CPython tasks.py, Task.__step ("finally: _leave_task(self._loop, self)")

    CPython's _leave_task runs in a finally of Task.__step: the next callback of
    the same iteration sees no current task, however the step ended.

    Scenario: The callback after a step that raised sees no current task
      Given a future "f" made by the loop
      And task "t" is created with loop.create_task, awaiting future "f"
      And callback "setter" is scheduled with call_soon and, when it runs, does:
        | set an exception on future "f"                                           |
        | schedule callback "after" with call_soon, which notes the current task as "after" |
      When the loop runs one iteration
      And the loop runs one iteration
      Then the coroutine of task "t" resumed and finished
      And note "after" is no task
