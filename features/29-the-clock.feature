Feature: The loop's clock: time spent in callbacks, and deadlines no clock reaches

  loop.time() is the clock every deadline of the loop is read on: call_later(delay) is
  call_at(loop.time() + delay), and asyncio.sleep(delay) is a future that such a timer completes.
  CPython's loop.time() reads time.monotonic() at each call, so a callback that computes for a while
  sees the clock move on while it runs, and the timers it schedules afterwards count from the time
  they were scheduled at. A loop that reads its clock once per iteration, as libuv's uv_now() does
  ("the timestamp is cached at the start of the event loop tick"), answers the time the iteration
  began instead, and schedules such timers early by what the callback spent.

  The deadlines themselves have no bound in asyncio: call_at() pushes any number on the timer heap,
  and _run_once() caps only how long it waits in the selector (MAXIMUM_SELECT_TIMEOUT, one day), so a
  timer a century or 1e308 seconds away is due then, never runs while the loop goes on with its other
  callbacks, and a task that sleeps that long is cancelled like any other. A loop that keeps deadlines
  in a fixed-width integer has to clamp them, and one that overflows runs them at once.

  The clock is read within the tolerance TIMER-3 names (one millisecond, docs/threads-and-time.md):
  asyncio counts a timer as due within the clock's resolution, and uvloop's clock counts whole
  milliseconds. The reference loop runs in virtual time: a callback's computing moves its virtual
  clock on (JavaLoop.spend), and a year-long timer costs nothing.

  Source: the asyncio documentation of the event loop, loop.time ("according to the event loop's
  internal monotonic clock") and "Scheduling delayed callbacks"; CPython Lib/asyncio/base_events.py,
  BaseEventLoop.time (time.monotonic()), call_later, call_at and _run_once (MAXIMUM_SELECT_TIMEOUT);
  Lib/asyncio/tasks.py, sleep (loop.call_later, and h.cancel() when the sleep ends early).

  Background:
    Given a fresh event loop

  @CLOCK-1 @MUST
  Rule: loop.time() moves on while a callback runs: it is read when asked, not once per iteration
    Beyond the claims: asyncio docs, loop.time ("Return the current time ... according to the event loop's internal monotonic clock"); CPython base_events.py, BaseEventLoop.time (return time.monotonic(), read at each call)

    Each callback computes for 50 ms without giving the loop control (the kit's spend: a busy wait
    on time.monotonic(), never a sleep), so the time it spent is known whatever else the machine
    does: a loop's clock may show more of it, never less.

    # It subtracts two readings of the clock, which must not go backwards (TIMER-5).
    @needs-TIMER-5
    Scenario: A callback that computes for 50 ms reads loop.time() at least 50 ms later than before it computed
      Given callback "busy" is scheduled with call_soon and, when it runs, does:
        | note the loop's time as "before" |
        | compute for 0.05 seconds         |
        | note the loop's time as "after"  |
      When the loop runs one iteration
      Then note "after" is at least 0.05 seconds after note "before"

    # It reads the timer's deadline off when(), which TIMER-1 checks is on the clock of loop.time().
    @needs-TIMER-1
    Scenario: A timer that a callback schedules after computing is due its delay after the time it was scheduled at
      Given callback "busy" is scheduled with call_soon and, when it runs, does:
        | note the loop's time as "before"                |
        | compute for 0.05 seconds                        |
        | schedule timer "t" with call_later in 2 seconds |
      When the loop runs one iteration
      Then the deadline of timer "t" is at least 2.05 seconds after note "before"

  @CLOCK-2 @MUST
  Rule: call_later() and call_at() accept any finite delay, however large: the timer is due that far away and does not run meanwhile, and a task that sleeps that long can be cancelled
    Beyond the claims: asyncio docs, loop.call_later ("Schedule callback to be called after the given delay number of seconds (can be either an int or a float)"), asyncio.sleep; CPython base_events.py, call_later and call_at (no bound on the delay) and _run_once (timeout = min(max(0, when - self.time()), MAXIMUM_SELECT_TIMEOUT)); tasks.py, sleep

    The delays run from a day, the longest CPython waits in its selector at once, through a year
    and 1e9 seconds (beyond a signed 32-bit count of milliseconds, about 24.8 days, and of seconds
    since the start of the loop's clock) to 1e300 seconds and the largest finite double: every one is a
    finite delay, and CPython 3.10 to 3.13 schedule each exactly (errata U-9: uvloop clamps every delay
    beyond 100 years to 100 years).

    # It reads the timer's deadline off when(), which TIMER-1 checks is the time the timer is scheduled for.
    @needs-TIMER-1
    Scenario Outline: A timer made by <timerCall> <delay> away is due <delay> after the call
      Given the loop's time is noted as "before"
      And timer "far" is scheduled with <timerCall> in <delay>
      And the loop's time is noted again as "after"
      Then the deadline of timer "far" is <delay> after a time between notes "before" and "after"

      Examples:
        | timerCall  | delay                          |
        | call_later | 1 day                          |
        | call_later | 365 days                       |
        | call_later | 1000000000 seconds             |
        | call_later | 1e300 seconds                  |
        | call_later | 1.7976931348623157e308 seconds |
        | call_at    | 365 days                       |
        | call_at    | 1000000000 seconds             |
        | call_at    | 1.7976931348623157e308 seconds |

    # The loop waits for the near timer, so it must wake for its earliest timer, which TIMEOUT-2 checks. The
    # near timer is scheduled first, so that a loop that keeps its timers in the order they were scheduled (a
    # TIMER-2 defect) still wakes for it.
    @needs-TIMEOUT-2
    Scenario Outline: A timer made by <timerCall> <delay> away does not run while the loop runs a timer due sooner
      Given timer "near" is scheduled with call_later in 0.02 seconds and, when it runs, stops the loop
      And timer "far" is scheduled with <timerCall> in <delay>
      When the loop runs until it is stopped
      Then the callbacks ran in the order "near"

      Examples:
        | timerCall  | delay                          |
        | call_later | 365 days                       |
        | call_later | 1000000000 seconds             |
        | call_later | 1.7976931348623157e308 seconds |
        | call_at    | 365 days                       |
        | call_at    | 1.7976931348623157e308 seconds |

    # The task is cancelled from a timer of the running loop, which must wake for it (TIMEOUT-2), and its
    # cancellation reaches it at the await of the sleep's future, which CANCEL-3 checks of any future.
    @needs-TIMEOUT-2 @needs-CANCEL-3
    Scenario Outline: A task that sleeps <delay> with asyncio.sleep is cancelled while it sleeps
      Given task "sleeper" sleeps with asyncio.sleep for <delay>
      And timer "cancel" is scheduled with call_later in 0.02 seconds and, when it runs, does:
        | cancel task "sleeper"                                    |
        | schedule callback "stop" with call_soon, which stops the loop |
      When the loop runs until it is stopped
      Then future "sleeper" is cancelled

      Examples:
        | delay                          |
        | 365 days                       |
        | 1.7976931348623157e308 seconds |
