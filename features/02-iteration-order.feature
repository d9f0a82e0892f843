Feature: The order of work inside one iteration

  The claims the kit started from (docs/claims.md) list one iteration as
  (1) move due timers to the ready queue, (2) poll the selector, (3) run the
  ready callbacks. CPython does it in
  another order: it computes the select timeout, polls the selector (queueing
  the I/O callbacks it reports), and only then moves the timers that are due
  (up to now + clock resolution) to the ready queue, after the I/O callbacks.
  The batch of ntodo handles is taken after both (see errata E-1).

  Which of I/O and timers comes first within an iteration is not something
  asyncio promises; loops built on other event libraries (libuv runs timers
  before polling) differ. So the ordering rule is INFO: it reports the order the
  loop uses. What every loop must do is run the handles that are ready when the
  drain starts, and leave timers that fall due during the drain for later.

  Source: CPython Lib/asyncio/base_events.py, BaseEventLoop._run_once (3.10 to 3.13).

  Background:
    Given a fresh event loop

  @ORDER-1 @INFO
  Rule: I/O callbacks from the poll are queued before timers that are due
    Claims: C-5, C-7

    @needs-TIMER-4 @needs-NTODO-1
    Scenario: A ready reader runs before a due timer in the same iteration
      Given a reader "io" whose socket is already readable
      And timer "timer" is scheduled with call_later, due at once
      When the loop runs one iteration
      Then the callbacks ran in the order "io" and "timer"

  @ORDER-2 @MUST
  Rule: A timer that falls due while an iteration runs its callbacks waits for the next iteration
    Claims: C-5, C-11

    Scenario: A zero-delay timer scheduled by a callback runs in the next iteration
      Given callback "a" is scheduled with call_soon and, when it runs, does:
        | schedule timer "t" with call_later in 0 seconds |
      When the loop runs one iteration
      Then exactly the callbacks "a" ran in iteration 1, in any order
      When the loop runs one iteration
      Then exactly the callbacks "t" ran in iteration 2, in any order
