Feature: Futures that dispatch their callbacks synchronously

  Some futures are not asyncio.Future: a native extension's future may take its
  registered callbacks under a lock and call them inside set_result, on the
  thread that set the result. That is a different design, not a defect: a
  waiting task wakes with no iteration at all, at the price that callbacks run
  on the setter's thread and must not re-enter the loop. An implementation
  declares which design its futures follow; the kit detects it for Python loops.
  These rules certify the synchronous design; the deferred design has its own
  rules (FUTURE-1, FUTURE-2).

  Source: the claims of "Synchronous vs deferred callback dispatch" (docs/claims.md);
  CPython Lib/asyncio/futures.py, Future._schedule_callbacks (the deferred design).

  Background:
    Given a fresh event loop
    And a future "f" made by the loop

  @SYNC-1 @MUST @core @profile-synchronous-dispatch
  Rule: A synchronously dispatching future calls its done callbacks inside set_result, in registration order
    Claims: C-38, C-41, C-43, C-45

    Scenario: The callbacks have run when set_result returns
      Given callback "cb1" is added as a done callback of future "f"
      And callback "cb2" is added as a done callback of future "f"
      When the result of future "f" is set to 42
      Then the callbacks ran in the order "cb1" and "cb2"
      And exactly the callbacks "cb1" and "cb2" ran outside any iteration, in any order
