Feature: Loops that are reentrant by design run nested

  asyncio's loop refuses to be run while it runs (LIFE-3, RUN-3: "This event
  loop is already running"). nest_asyncio exists to lift that refusal: its
  README says "By design asyncio does not allow its event loop to be nested
  ... This module patches asyncio to allow nested use of asyncio.run and
  loop.run_until_complete", for code (a notebook, a library with a synchronous
  API) that must wait for a coroutine while the loop already runs. A loop made
  reentrant that way declares the profile nested-runs; it is then held to what
  a nested run must do instead: run the loop until the inner future is done,
  return that future's result or raise its exception as run_until_complete()
  always does, and hand the loop back to the outer run, which goes on with its
  own pending callbacks and its own pending stop. Nothing may hang.

  Source: nest_asyncio 1.6.0 README and nest_asyncio.py (_patch_loop:
  run_forever, run_until_complete, _check_running made a no-op); CPython
  Lib/asyncio/base_events.py, BaseEventLoop.run_until_complete ("Return the
  Future's result, or raise its exception") and BaseEventLoop.stop.

  Background:
    Given a fresh event loop

  @NEST-1 @MUST @profile-nested-runs
  Rule: A nested run_until_complete() returns the result of its future
    Beyond the claims: nest_asyncio README ("allow nested use of asyncio.run and loop.run_until_complete"); CPython base_events.py, BaseEventLoop.run_until_complete

    Scenario: A nested run_until_complete() of a future returns the result a callback set
      Given a future "f" made by the loop
      And callback "a" is scheduled with call_soon and, when it runs, does:
        | schedule callback "setter" with call_soon, which sets the result of future "f" to 7 |
        | note running the loop until future "f" is done as "nested"                          |
        | stop the loop                                                                       |
      When the loop runs until it is stopped
      Then note "nested" is 7

    Scenario: A nested run_until_complete() of a coroutine returns what the coroutine returned
      Given callback "a" is scheduled with call_soon and, when it runs, does:
        | note running the loop until coroutine "co" is complete as "nested" |
        | stop the loop                                                      |
      When the loop runs until it is stopped
      Then note "nested" is "co"

  @NEST-2 @MUST @profile-nested-runs
  Rule: A nested run_until_complete() raises the exception of its future
    Beyond the claims: CPython base_events.py, BaseEventLoop.run_until_complete ("return future.result()", which raises the future's exception)

    Scenario: A nested run_until_complete() of a future raises the exception a callback set
      Given a future "f" made by the loop
      And callback "a" is scheduled with call_soon and, when it runs, does:
        | schedule callback "setter" with call_soon, which sets an exception on future "f" |
        | note running the loop until future "f" is done as "nested"                       |
        | stop the loop                                                                    |
      When the loop runs until it is stopped
      Then note "nested" is "RuntimeError: set by the kit"

  @NEST-3 @MUST @profile-nested-runs
  Rule: After a nested run_until_complete() returns, the outer run goes on with its own callbacks and its own stop
    Beyond the claims: nest_asyncio.py, _patch_loop (run_until_complete leaves the loop's stopping flag to the run it is nested in); CPython base_events.py, BaseEventLoop.stop

    In the second scenario, the outer run has only the stop() made before it: a
    nested run that takes that stop away leaves the outer run going, and the
    scenario times out.

    Scenario: A callback that the nested run's caller schedules afterwards runs in the outer run, which its stop then ends
      Given a future "f" made by the loop
      And callback "a" is scheduled with call_soon and, when it runs, does:
        | schedule callback "setter" with call_soon, which sets the result of future "f" to 1 |
        | note running the loop until future "f" is done as "nested"                          |
        | schedule callback "b" with call_soon, which stops the loop                          |
      When the loop runs until it is stopped
      Then the callbacks ran in the order "a", "setter", "b"
      And note "nested" is 1

    Scenario: A stop() pending before a nested run still ends the outer run once the nested run returned
      Given callback "a" is scheduled with call_soon and, when it runs, does:
        | note running the loop until coroutine "co" is complete as "nested" |
      And callback "c" is scheduled with call_soon
      When the loop runs one iteration
      Then note "nested" is "co"

  @NEST-4 @SHOULD @profile-nested-runs
  Rule: A nested run_forever() returns at the stop() made during it, and the outer run's pending stop survives it
    Beyond the claims: CPython base_events.py, BaseEventLoop.run_forever ("finally: self._stopping = False") and BaseEventLoop.stop; nest_asyncio documents nested run_until_complete, not run_forever

    A nested run_forever() ends at the next stop(). When the outer run had a
    stop pending, that stop is the outer run's: a nested run that clears it
    leaves the outer run going forever. nest_asyncio 1.6.0 and nest_asyncio2
    1.7.3 clear it (their patched run_forever ends with "self._stopping =
    False"), so a callback that runs the loop nested during the last iteration
    of a run hangs it (docs/real-loops.md, "nest_asyncio").

    Scenario: The outer run's pending stop ends it after a nested run_forever() that its own stop() ended
      Given callback "a" is scheduled with call_soon and, when it runs, does:
        | schedule callback "b" with call_soon, which stops the loop |
        | note running the loop as "nested"                          |
      When the loop runs one iteration
      Then the callbacks ran in the order "a", "b"
