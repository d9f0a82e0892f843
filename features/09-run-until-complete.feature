Feature: Running and stopping the loop, beyond one iteration

  The run lifecycle rules (00-run-lifecycle.feature) check the primitives every
  scenario uses. Programs also rely on what asyncio's documentation of the event
  loop promises about the other ways of running it: run_until_complete() takes a
  future or a coroutine ("If the argument is a coroutine object it is implicitly
  scheduled to run as a asyncio.Task. Return the Future's result or raise its
  exception."), is_running() says whether the loop runs, and a running loop
  refuses to be run again. What happens when the loop is stopped before the
  future is done is not documented; CPython raises, and every loop measured here
  does the same.

  Source: CPython Lib/asyncio/base_events.py, BaseEventLoop.run_until_complete,
  BaseEventLoop.is_running, BaseEventLoop._check_running.

  Background:
    Given a fresh event loop

  @RUN-1 @MUST
  Rule: run_until_complete() accepts a coroutine, runs it as a task and returns what it returned
    Beyond the claims: asyncio docs, loop.run_until_complete ("If the argument is a coroutine object it is implicitly scheduled to run as a asyncio.Task"); CPython base_events.py, BaseEventLoop.run_until_complete

    Scenario: run_until_complete() of a coroutine returns its return value
      When the loop runs coroutine "co" until it is complete
      Then it returns "co"

    Scenario: run_until_complete() of a coroutine raises the exception that ended it
      Given a future "f" made by the loop
      And callback "a" is scheduled with call_soon and, when it runs, does:
        | schedule callback "setter" with call_soon, which sets an exception on future "f" |
      When the loop runs coroutine "co", awaiting future "f", until it is complete
      Then it is refused with RuntimeError "set by the kit"

  @RUN-2 @MUST
  Rule: is_running() is true while the loop runs its callbacks and false before and after
    Beyond the claims: asyncio docs, loop.is_running ("Return True if the event loop is currently running"); CPython base_events.py, BaseEventLoop.is_running

    Scenario: is_running() is true inside a callback of the running loop
      Given callback "a" is scheduled with call_soon and, when it runs, does:
        | note whether the loop is running as "running" |
      When the loop runs one iteration
      Then note "running" is true

    Scenario: is_running() is false before the loop is run
      When the loop is asked whether it is running
      Then it answers false

    Scenario: is_running() is false once run_forever() has returned
      Given callback "a" is scheduled with call_soon and, when it runs, stops the loop
      And the loop runs until it is stopped
      When the loop is asked whether it is running
      Then it answers false

  @RUN-3 @MUST @profile-no-nested-runs
  Rule: A running loop refuses run_until_complete() from one of its callbacks, with RuntimeError
    Beyond the claims: CPython base_events.py, BaseEventLoop.run_until_complete and _check_running ("This event loop is already running")

    CPython checks before it touches the argument, so the future gets no done
    callback (uvloop takes it off again when it raises). What else the refused
    call leaves behind is RUN-6's business: there CPython and uvloop differ
    (docs/errata.md, U-6).

    Scenario: run_until_complete() called by a callback of the running loop raises RuntimeError
      Given a future "f" made by the loop
      And callback "a" is scheduled with call_soon and, when it runs, does:
        | note running the loop until future "f" is done as "nested" |
        | stop the loop                                              |
      When the loop runs one iteration
      Then the nested run noted as "nested" was refused with RuntimeError

    # It waits in a running loop for a timer, so the loop must wake for its earliest timer, which
    # TIMEOUT-2 checks.
    @needs-TIMEOUT-2
    Scenario: run_until_complete() refused by a callback of the running loop leaves its future alone: completing it does not stop the loop
      Given a future "f" made by the loop
      And callback "a" is scheduled with call_soon and, when it runs, does:
        | note running the loop until future "f" is done as "nested"                 |
        | set the result of future "f" to 1                                          |
        | schedule timer "t" with call_later in 0.05 seconds, which stops the loop |
      When the loop runs until it is stopped
      Then the nested run noted as "nested" was refused with RuntimeError
      And the callbacks ran in the order "a", "t"

  @RUN-4 @SHOULD
  Rule: run_until_complete() stopped before its future is done raises RuntimeError
    Beyond the claims: CPython base_events.py, BaseEventLoop.run_until_complete ("Event loop stopped before Future completed.")

    Not documented: CPython's run_until_complete raises RuntimeError("Event loop
    stopped before Future completed."), and the future stays pending, without the
    callback that would have stopped the loop ("finally:
    future.remove_done_callback(_run_until_complete_cb)"); uvloop does the same.

    Scenario: A stop() before the future is done ends run_until_complete() with RuntimeError
      Given a future "f" made by the loop
      And callback "a" is scheduled with call_soon and, when it runs, stops the loop
      When the loop runs until future "f" is done
      Then it is refused with RuntimeError "Event loop stopped before Future completed."

    # It waits in a running loop for a timer, so the loop must wake for its earliest timer, which
    # TIMEOUT-2 checks.
    @needs-TIMEOUT-2
    Scenario: A run_until_complete() stopped early takes its callback off the future: completing the future later does not stop the next run
      Given a future "f" made by the loop
      And callback "a" is scheduled with call_soon and, when it runs, stops the loop
      And the loop runs until future "f" is done
      And callback "b" is scheduled with call_soon and, when it runs, does:
        | set the result of future "f" to 1                                          |
        | schedule timer "t" with call_later in 0.05 seconds, which stops the loop |
      When the loop runs until it is stopped
      Then the callbacks ran in the order "a", "b", "t"

  @RUN-5 @MUST
  Rule: run_until_complete() of a future that is already done returns its result
    Beyond the claims: asyncio docs, loop.run_until_complete ("Run until the future has completed ... Return the Future's result"); CPython base_events.py, BaseEventLoop.run_until_complete

    Scenario: run_until_complete() returns the result of a future completed before the run
      Given a future "f" made by the loop
      And the result of future "f" is set to 3
      When the loop runs until future "f" is done
      Then it returns 3

  @RUN-6 @INFO @profile-no-nested-runs
  Rule: A run_until_complete() refused by the running loop leaves its argument alone: a coroutine never starts, a done future does not stop the loop
    Beyond the claims: CPython base_events.py, BaseEventLoop.run_until_complete (self._check_running() before tasks.ensure_future() and future.add_done_callback())

    CPython refuses before it wraps a coroutine in a task and before it adds
    the callback that stops the loop, so the refused call changes nothing. A
    program that calls run_until_complete() from a callback by mistake gets
    RuntimeError and nothing else. uvloop 0.23.0 (and any loop that checks
    only in run_forever()) wraps the coroutine first, and the task runs it in
    the next iteration; for a future that is already done, the callback it
    adds is queued at once, so the running loop stops one iteration later
    (docs/errata.md, U-6). INFO: asyncio documents neither order.

    Scenario: run_until_complete() refused by a callback of the running loop never starts the coroutine given to it
      Given callback "a" is scheduled with call_soon and, when it runs, does:
        | note running the loop until coroutine "co" is complete as "nested"         |
        | schedule timer "t" with call_later in 0.05 seconds, which stops the loop |
      When the loop runs until it is stopped
      Then the nested run noted as "nested" was refused with RuntimeError
      And coroutine "co" never started

    Scenario: run_until_complete() of a done future, refused by a callback of the running loop, does not stop the loop
      Given a future "f" made by the loop
      And the result of future "f" is set to 1
      And callback "a" is scheduled with call_soon and, when it runs, does:
        | note running the loop until future "f" is done as "nested"                 |
        | schedule timer "t" with call_later in 0.05 seconds, which stops the loop |
      When the loop runs until it is stopped
      Then the nested run noted as "nested" was refused with RuntimeError
      And the callbacks ran in the order "a", "t"

  @RUN-7 @SHOULD @needs-NTODO-1 @needs-NTODO-2 @needs-NTODO-3 @needs-NTODO-4 @needs-FUTURE-1
  Rule: run_until_complete() returns after the iteration that runs the future's done callbacks, and that iteration runs its whole batch and the timers due in it
    Beyond the claims: CPython base_events.py, BaseEventLoop.run_until_complete (future.add_done_callback(_run_until_complete_cb), then run_forever(); the callback calls stop())

    run_until_complete(f) adds a done callback to f that stops the loop, then
    runs it forever: when f completes, its done callbacks are queued, and the
    iteration that runs them (the stopping callback among them) runs its whole
    batch, as every iteration does, with the timers that fall due in it (NTODO-4).
    So the future's other done callbacks have run when run_until_complete()
    returns, whatever their order, and so has what the last iteration held; for
    a future already done, that is one iteration. Not documented, but CPython 3.10
    to 3.13 and uvloop all do it, and a program that adds done callbacks and then
    runs the loop until the future is done relies on it. nest_asyncio 1.6.0's
    run_until_complete returns as soon as the future is done (its done callbacks
    not run, and for a future already done no iteration at all); nest_asyncio2
    1.7.3 runs the done callbacks but not the timers that fall due (docs/errata.md,
    N-7). Each scenario leans on how an iteration runs its batch and what it
    schedules (NTODO-1 to NTODO-4) and on done callbacks being queued (FUTURE-1):
    a loop that breaks those is blocked here, not failed twice.

    Scenario: The future's done callbacks have run when run_until_complete() returns
      Given a future "f" made by the loop
      And callback "d" is added as a done callback of future "f"
      And callback "u" is scheduled with call_soon and, when it runs, does:
        | set the result of future "f" to 1 |
      When the loop runs until future "f" is done
      Then the callbacks ran in the order "u", "d"

    # With synchronous dispatch set_result() calls the stopping callback at once, so the batch that completes
    # the future is the last one: what it schedules waits for the next run (profile synchronous-dispatch).
    @profile-deferred-dispatch
    Scenario: The iteration that runs the future's done callbacks runs its whole batch before run_until_complete() returns
      Given a future "f" made by the loop
      And callback "c" is scheduled with call_soon and, when it runs, does:
        | schedule callback "c.1" with call_soon |
      And callback "u" is scheduled with call_soon and, when it runs, does:
        | set the result of future "f" to 1 |
      When the loop runs until future "f" is done
      Then the callbacks ran in the order "c", "u", "c.1"

    # run_until_complete() of a done future (RUN-5); a done callback added to a done future is queued (FUTURE-2)
    @needs-RUN-5 @needs-FUTURE-2
    Scenario: A future already done still gets its iteration: its done callbacks run before run_until_complete() returns
      Given a future "f" made by the loop
      And the result of future "f" is set to 1
      And callback "d" is added as a done callback of future "f"
      When the loop runs until future "f" is done
      Then the callbacks ran in the order "d"

    # run_until_complete() of a coroutine (RUN-1), whose task's first step is queued (TASK-1); a zero delay (TIMER-4)
    @needs-RUN-1 @needs-TASK-1 @needs-TIMER-4
    Scenario: The timers that fall due by the last iteration run in it before run_until_complete() returns
      Given callback "c" is scheduled with call_soon and, when it runs, does:
        | schedule timer "t" with call_later in 0 seconds |
      When the loop runs coroutine "r" until it is complete
      Then the callbacks ran in the order "c", "r:start", "r:end", "t"
