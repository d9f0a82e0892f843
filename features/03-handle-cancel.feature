Feature: Cancelling a handle versus removing it from the ready queue

  loop.call_soon returns a Handle. Handle.cancel() does not take the handle out
  of the ready queue: it marks it cancelled (and drops the callback and its
  arguments, so that what they reference can be freed), and the iteration that
  reaches it skips it. The queue therefore still counts a cancelled handle
  until the next drain. Removing the handle from the queue (what the source
  document calls "pop") takes it out at once and does not mark it cancelled.

  A timer handle (call_later, call_at) is the same: cancelled, it stays in the
  timer heap and is skipped (or dropped) when the loop reaches it.

  Source: CPython Lib/asyncio/events.py, Handle.cancel and TimerHandle.cancel;
  Lib/asyncio/base_events.py, BaseEventLoop._run_once ("if handle._cancelled: continue").

  Background:
    Given a fresh event loop
    And callback "a" is scheduled with call_soon as handle "h"

  @HANDLE-1 @MUST
  Rule: cancel() marks the handle cancelled, and the callback never runs
    Claims: C-10, C-29, C-70

    Scenario: A cancelled callback is skipped by the next iteration
      When the handle "h" is cancelled
      Then handle "h" is cancelled
      When the loop runs one iteration
      Then no callback has run

    Scenario Outline: A cancelled handle made by <scheduler> is skipped, and the callbacks next to it run
      Given callback "x" is scheduled with <scheduler> as handle "hx", already due
      When the handle "hx" is cancelled
      Then handle "hx" is cancelled
      When the loop runs one iteration
      Then exactly the callbacks "a" ran in iteration 1, in any order

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

    @needs-ready-queue
    Scenario: A cancelled handle stays in the ready queue until an iteration skips it
      When the handle "h" is cancelled
      Then the ready queue holds 1 handle
      When the loop runs one iteration
      Then the ready queue holds 0 handles

    Scenario: A handle returned by call_soon_threadsafe is cancelled the same way
      Given callback "s" is scheduled with call_soon_threadsafe
      When the handle "s" is cancelled
      And the handle "h" is cancelled
      And the loop runs one iteration
      Then no callback has run

  @HANDLE-2 @MUST @needs-ready-queue
  Rule: Removing a handle from the ready queue takes it out at once, without cancelling it
    Claims: C-70, C-71

    Scenario: A removed handle is gone from the queue but not cancelled
      When handle "h" is removed from the ready queue
      Then the removal found the handle in the ready queue
      And the ready queue holds 0 handles
      And handle "h" is not cancelled
      When the loop runs one iteration
      Then no callback has run

    Scenario: A handle that is no longer queued is not found a second time
      Given handle "h" is removed from the ready queue
      When handle "h" is removed from the ready queue
      Then the removal did not find the handle in the ready queue

  @HANDLE-3 @SHOULD
  Rule: cancel() releases the callback, so that what it references can be freed
    Claims: C-70

    Scenario: After cancel() nothing but the loop held the callback, and it has been freed
      Given the callback of handle "h" has not been freed
      When the handle "h" is cancelled
      Then the callback of handle "h" has been freed

    @needs-handle-internals
    Scenario: A cancelled handle no longer holds its callback
      Given handle "h" still holds its callback
      When the handle "h" is cancelled
      Then handle "h" no longer holds its callback
