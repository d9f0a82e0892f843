Feature: Cancelling a handle again, or after its callback ran

  Programs cancel handles without tracking whether they already did, or
  whether the callback already ran: a timeout's timer is cancelled in a
  finally block whether or not it fired. asyncio documents Handle.cancel():
  "If the callback has already been canceled or executed, this method has no
  effect." So a second cancel() neither raises nor changes anything, and a
  cancel() after the callback ran neither raises nor disturbs the loop (for a
  timer, the loop's count of cancelled timers in its heap must not change).

  Source: the asyncio documentation of Handle.cancel and Handle.cancelled;
  CPython Lib/asyncio/events.py, Handle.cancel and TimerHandle.cancel
  ("if self._scheduled: self._loop._timer_handle_cancelled(self)").

  Background:
    Given a fresh event loop

  @HANDLE-4 @MUST
  Rule: cancel() is idempotent, and cancelling a handle whose callback already ran has no effect
    Beyond the claims: asyncio docs, Handle.cancel ("If the callback has already been canceled or executed, this method has no effect"); CPython events.py, Handle.cancel, TimerHandle.cancel

    Scenario Outline: A handle made by <scheduler> cancelled twice stays cancelled, and its callback never runs
      Given callback "x" is scheduled with <scheduler> as handle "hx", already due
      When the handle "hx" is cancelled
      And the handle "hx" is cancelled
      Then handle "hx" is cancelled
      When the loop runs one iteration
      Then no callback has run

      Examples: the ready queue
        | scheduler            |
        | call_soon            |
        | call_soon_threadsafe |

      # A timer "already due" is made with a delay of 0, which call_later() must not run itself (TIMER-4).
      @needs-TIMER-4
      Examples: a timer due at once
        | scheduler            |
        | call_later           |
        | call_at              |

    Scenario: Cancelling a call_soon handle after its callback ran changes nothing
      Given callback "x" is scheduled with call_soon and, when it runs, stops the loop
      When the loop runs until it is stopped
      And the handle "x" is cancelled
      And callback "y" is scheduled with call_soon and, when it runs, stops the loop
      And the loop runs until it is stopped
      Then the callbacks ran in the order "x" and "y"

    Scenario: Cancelling a timer after its callback ran changes nothing
      Given timer "x" is scheduled with call_later in 0 seconds and, when it runs, stops the loop
      When the loop runs until it is stopped
      And the handle "x" is cancelled
      And timer "y" is scheduled with call_later in 0 seconds and, when it runs, stops the loop
      And the loop runs until it is stopped
      Then the callbacks ran in the order "x" and "y"
