Feature: The run lifecycle that every other rule relies on

  Read this feature first. Every other scenario of the kit drives its loop
  through asyncio's public run methods, so these are checked before anything
  else, and on their own:

  - One iteration is loop.stop() followed by loop.run_forever() (but see
    below for a loop where that does not return). asyncio's
    documentation of stop(): "If stop() is called before run_forever() is
    called, the loop will poll the I/O selector once with a timeout of zero,
    run all callbacks scheduled in response to I/O events (and those that were
    already scheduled), and then exit."
  - run_forever() runs iterations until stop() is called, and returns; the
    same loop can be run again afterwards.
  - A loop that is already running refuses to be run again from inside one of
    its callbacks, with RuntimeError ("This event loop is already running").
  - run_until_complete(future) runs the loop until the future is done and
    returns its result (or raises its exception); the loop can run again.

  Before any scenario, the kit tries on a loop of its own whether stop() before
  run_forever() returns, and if it does not within the operation bound, whether
  loop.call_soon(loop.stop) then run_forever() does (run_forever() until a
  callback stops it, which LIFE-2 checks; on CPython it runs the same callbacks
  as one iteration). The one that returns drives "the loop runs one iteration"
  in every other rule, so a loop that forgets a stop() made before
  run_forever() fails LIFE-1 here, once, and every other rule still gets its
  own verdict; the report says which primitive drove the iterations, and why.
  LIFE-1's scenarios always use stop() before run_forever(): that is their
  claim; so does LIFE-4, whose claim is about that pending stop(), and which
  is reported "blocked by LIFE-1" where stop() before run_forever() is broken.
  Where neither primitive returns, the scenarios that run one iteration are
  reported "blocked by LIFE-1 and LIFE-2" at once.

  When a primitive breaks in a scenario of its own rule instead, every other
  rule would report the same hang under its own name. So this file is named to
  run first, and once a scenario of LIFE-1 or LIFE-2 has hung, crashed or
  broken the protocol, the later scenarios that need the primitive it checks
  are reported "blocked by LIFE-n" at once; the failure itself is reported
  here, once.

  Source: CPython Lib/asyncio/base_events.py, BaseEventLoop.run_forever
  (_run_forever_setup, the "while True: self._run_once(); if self._stopping:
  break" loop), BaseEventLoop.stop, run_until_complete (_run_until_complete_cb)
  and _check_running.

  Background:
    Given a fresh event loop

  @LIFE-1 @MUST @core
  Rule: stop() before run_forever() runs exactly one iteration, then run_forever() returns
    Claims: C-4

    Scenario: The callbacks already queued run, and the ones they schedule wait
      Given callback "a" is scheduled with call_soon and, when it runs, schedules callback "b" with call_soon
      And callback "c" is scheduled with call_soon
      When the loop runs one iteration
      Then exactly the callbacks "a" and "c" ran in iteration 1, in any order

    Scenario: With nothing queued, run_forever() still returns after one iteration
      When the loop runs one iteration
      Then no callback has run

    Scenario: What one iteration left queued runs in the next one
      Given callback "a" is scheduled with call_soon and, when it runs, schedules callback "b" with call_soon
      When the loop runs one iteration
      And the loop runs one iteration
      Then exactly the callbacks "b" ran in iteration 2, in any order

  @LIFE-2 @MUST @core
  Rule: run_forever() runs iterations until a callback calls stop(), and the loop can be run again afterwards
    Claims: C-4

    Scenario: run_forever() goes on past the first iteration until stop() is called
      Given callback "a" is scheduled with call_soon and, when it runs, does:
        | schedule callback "b" with call_soon, which stops the loop |
      When the loop runs until it is stopped
      Then the callbacks ran in the order "a" and "b"

    Scenario: A second run_forever() runs until the next stop()
      Given callback "first" is scheduled with call_soon and, when it runs, stops the loop
      When the loop runs until it is stopped
      And callback "second" is scheduled with call_soon and, when it runs, stops the loop
      And the loop runs until it is stopped
      Then exactly the callbacks "first" ran in iteration 1, in any order
      And exactly the callbacks "second" ran in iteration 2, in any order

  @LIFE-3 @MUST @profile-no-nested-runs
  Rule: A running loop refuses to be run again from one of its callbacks, with RuntimeError
    Claims: C-4

    A loop that is reentrant by design (nest_asyncio) declares the profile
    nested-runs; its nested runs are checked by 25-nested-runs.feature instead.

    Scenario: run_forever() called by a callback of the running loop raises RuntimeError
      Given callback "a" is scheduled with call_soon and, when it runs, does:
        | note running the loop as "nested" |
        | stop the loop                     |
      When the loop runs one iteration
      Then the nested run noted as "nested" was refused with RuntimeError

  @LIFE-4 @SHOULD @profile-no-nested-runs @needs-LIFE-3
  Rule: A refused nested run leaves the running loop as it was, its pending stop included
    Claims: C-4

    CPython 3.13.0 breaks this one (docs/errata.md, E-17): the refused inner
    run_forever() clears the outer run's pending stop, so the outer run never returns.
    Its claim is about a refused nested run, so it declares LIFE-3 (the refusal)
    as its prerequisite: a loop that runs the nested run instead is blocked here.

    Scenario: The stop() that was pending before the refused nested run still ends the iteration
      Given callback "a" is scheduled with call_soon and, when it runs, does:
        | note running the loop as "nested" |
      When the loop runs one iteration
      Then the nested run noted as "nested" was refused with RuntimeError

  @LIFE-5 @MUST
  Rule: run_until_complete() runs the loop until the future is done, returns its result, and leaves the loop reusable
    Claims: C-4

    Scenario: run_until_complete() returns the result that a callback set
      Given a future "f" made by the loop
      And callback "setter" is scheduled with call_soon and, when it runs, does:
        | set the result of future "f" to 7 |
      When the loop runs until future "f" is done
      Then it returns 7

    Scenario: run_until_complete() of a task returns what its coroutine returned
      Given task "t" is created with loop.create_task
      When the loop runs until future "t" is done
      Then it returns "t"

    Scenario: run_until_complete() raises the exception of the future
      Given a future "f" made by the loop
      And callback "setter" is scheduled with call_soon and, when it runs, does:
        | set an exception on future "f" |
      When the loop runs until future "f" is done
      Then it is refused with an error of type RuntimeError

    Scenario: The loop can be run again after run_until_complete() returned
      Given a future "f" made by the loop
      And callback "setter" is scheduled with call_soon and, when it runs, does:
        | set the result of future "f" to 7 |
      When the loop runs until future "f" is done
      And callback "after" is scheduled with call_soon
      And the loop runs one iteration
      Then exactly the callbacks "after" ran in iteration 2, in any order
