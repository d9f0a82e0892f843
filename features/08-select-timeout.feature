Feature: How long an iteration may block in the selector

  Each iteration polls the selector for I/O before it runs callbacks, and the
  timeout it passes decides whether the loop is responsive or asleep: 0 when
  there is work already (so the poll only collects I/O), the time to the next
  timer when only timers are pending (capped, so a far timer or a clock jump
  never blocks the loop for ever), and no timeout at all when nothing is
  scheduled (only I/O or a thread-safe wake-up can end the wait).

  Most scenarios observe the timeout the loop would pass to its selector: the
  selector is replaced by a probe that records the timeout and reports no I/O,
  so a timer two days away is checked without waiting two days. A loop that
  does not expose its selector is judged by the scenarios that watch a loop
  running on its own thread instead: they see the consequence of the timeout
  (the loop does not sleep past a ready callback or a due timer), not its value.

  Source: CPython Lib/asyncio/base_events.py, BaseEventLoop._run_once and
  MAXIMUM_SELECT_TIMEOUT (24 * 3600 seconds).

  Background:
    Given a fresh event loop

  @TIMEOUT-1 @MUST @core
  Rule: The timeout is 0 when callbacks are ready or a stop is pending
    Claims: C-7, C-13

    Scenario: A running loop does not sleep past a callback that is ready, even with a far timer pending
      Given the loop is running on its own thread and is idle
      When callback "x" is scheduled with call_soon_threadsafe from another thread and, when it runs, does:
        | schedule timer "far" with call_later in 86400 seconds |
        | schedule callback "y" with call_soon                  |
      Then callback "y" runs within the wake-up bound

    @needs-select-timeout
    Scenario: A ready callback makes the poll non-blocking
      Given callback "a" is scheduled with call_soon
      When the loop computes its select timeout
      Then the select timeout is 0 seconds

    @needs-select-timeout
    Scenario: A pending stop makes the poll non-blocking
      Given the loop has been asked to stop
      When the loop computes its select timeout
      Then the select timeout is 0 seconds

    @needs-select-timeout
    Scenario: A ready callback wins over a far timer
      Given timer "later" is scheduled with call_later in 1 hour
      And callback "a" is scheduled with call_soon
      When the loop computes its select timeout
      Then the select timeout is 0 seconds

  @TIMEOUT-2 @MUST @core
  Rule: With only timers pending, the timeout is the time to the earliest one, between 0 and one day
    Claims: C-7, C-14, C-16

    Scenario: A running loop with only a timer pending wakes up for it
      Given the loop is running on its own thread and is idle
      When callback "x" is scheduled with call_soon_threadsafe from another thread and, when it runs, does:
        | schedule timer "t" with call_later in 0.05 seconds |
      Then callback "t" runs within the wake-up bound

    @needs-select-timeout
    Scenario: The timeout is the time left until the earliest timer
      Given timer "t1" is scheduled with call_later in 5 seconds
      And timer "t2" is scheduled with call_later in 1 hour
      When the loop computes its select timeout
      Then the select timeout is about 5 seconds

    @needs-select-timeout
    Scenario: The earliest timer decides, whatever the order the timers were scheduled in
      Given timer "t2" is scheduled with call_later in 1 hour
      And timer "t1" is scheduled with call_later in 5 seconds
      When the loop computes its select timeout
      Then the select timeout is about 5 seconds

    @needs-select-timeout
    Scenario: The time left is counted from the loop's clock when the timeout is computed
      Given timer "t1" is scheduled with call_later in 0.25 seconds and, when it runs, stops the loop
      And timer "t2" is scheduled with call_later in 1 hour
      When the loop runs until it is stopped
      And the loop computes its select timeout
      Then the select timeout is about 3599.9 seconds

    @needs-select-timeout @needs-TIMER-4
    Scenario: A timer that is due gives a timeout of 0
      Given timer "t" is scheduled with call_later, due at once
      When the loop computes its select timeout
      Then the select timeout is 0 seconds

    @needs-select-timeout
    Scenario: A timer two days away is capped at one day
      Given timer "far" is scheduled with call_later in 2 days
      When the loop computes its select timeout
      Then the select timeout is 86400 seconds

  @TIMEOUT-3 @MUST @needs-select-timeout
  Rule: With nothing scheduled, the loop blocks without a timeout
    Claims: C-15, C-16

    Scenario: An idle loop waits for I/O with no timeout
      When the loop computes its select timeout
      Then the select timeout is none, so the loop blocks until I/O or a wake-up

  @TIMEOUT-4 @MUST @needs-select-timeout
  Rule: Cancelled timers at the head of the timer queue do not shorten the timeout
    Claims: C-14

    Scenario: A cancelled earlier timer is skipped when choosing the timeout
      Given timer "soon" is scheduled with call_later in 1 second
      And timer "later" is scheduled with call_later in 1 hour
      And the handle of "soon" is cancelled
      When the loop computes its select timeout
      Then the select timeout is about 1 hour

    Scenario: Cancelled timers that are most of a large queue do not shorten the timeout either
      Given 150 timers are scheduled with call_later in 1 second and cancelled
      And timer "later" is scheduled with call_later in 1 hour
      When the loop computes its select timeout
      Then the select timeout is about 1 hour

    Scenario: A loop whose only timer is cancelled blocks without a timeout
      Given timer "soon" is scheduled with call_later in 1 second
      And the handle of "soon" is cancelled
      When the loop computes its select timeout
      Then the select timeout is none, so the loop blocks until I/O or a wake-up
