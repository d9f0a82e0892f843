Feature: Timers: deadlines, their order, and the loop's clock

  loop.call_later(delay, cb) and loop.call_at(when, cb) schedule a callback for
  a time on the loop's own clock, loop.time(), which asyncio documents as
  monotonic. Both return a TimerHandle whose when() is that time. asyncio
  promises that the callback is not called before its time and that timers
  with different deadlines run in the order of their deadlines; it promises no
  order for timers with the same deadline ("the order in which they are called
  is undefined"), and the kit never asserts one.

  Timers here are a few hundredths of a second apart on a real loop; the
  reference loop runs them in virtual time. A timer counts as on time when it
  runs no earlier than when() minus a named tolerance of one millisecond
  (docs/threads-and-time.md), since asyncio runs a timer that is due within the
  clock's resolution and uvloop's clock counts whole milliseconds.

  Source: the asyncio documentation of the event loop, "Scheduling delayed
  callbacks" and TimerHandle.when; CPython Lib/asyncio/base_events.py,
  BaseEventLoop.call_later, call_at, time and _run_once ("Handle 'later'
  callbacks that are ready", end_time = self.time() + self._clock_resolution);
  Lib/asyncio/events.py, TimerHandle.

  Background:
    Given a fresh event loop

  @TIMER-1 @MUST
  Rule: call_later() and call_at() return a TimerHandle whose when() is the time the callback is scheduled for
    Beyond the claims: asyncio docs, loop.call_later and loop.call_at ("An instance of asyncio.TimerHandle is returned"), TimerHandle.when; CPython base_events.py, call_later (call_at(self.time() + delay), for a delay of 0 or less too), call_at

    Scenario: The deadline of a call_later timer is its delay after loop.time() at the call
      Given the loop's time is noted as "before"
      And timer "t" is scheduled with call_later in 5 seconds
      And the loop's time is noted again as "after"
      Then the deadline of timer "t" is 5 seconds after a time between notes "before" and "after"

    Scenario: The deadline of a call_at timer is the time it was given
      Given the loop's time is noted as "before"
      And timer "t" is scheduled with call_at in 1 hour
      And the loop's time is noted again as "after"
      Then the deadline of timer "t" is 1 hour after a time between notes "before" and "after"

    # A delay of 0 or less makes a timer that is due at once, which call_later() and call_at() must accept
    # and leave to the loop: TIMER-4 checks that.
    @needs-TIMER-4
    Scenario Outline: The deadline of a <timerCall> timer with a delay of 0 is loop.time() at the call
      Given the loop's time is noted as "before"
      And timer "t" is scheduled with <timerCall> in 0 seconds
      And the loop's time is noted again as "after"
      Then the deadline of timer "t" is 0 seconds after a time between notes "before" and "after"

      Examples:
        | timerCall  |
        | call_later |
        | call_at    |

    @needs-TIMER-4
    Scenario Outline: The deadline of an overdue <timerCall> timer stays in the past by its delay
      Given the loop's time is noted as "before"
      And timer "t" is scheduled with <timerCall>, overdue by 1 second
      And the loop's time is noted again as "after"
      Then the deadline of timer "t" is 1 second before a time between notes "before" and "after"

      Examples:
        | timerCall  |
        | call_later |
        | call_at    |

  @TIMER-2 @MUST
  Rule: Timers with different deadlines run in the order of their deadlines, whatever the order they were scheduled in
    Beyond the claims: asyncio docs, "Scheduling delayed callbacks"; CPython base_events.py, the _scheduled heap of _run_once

    The three timers are scheduled by one callback, microseconds apart, so
    their deadlines are 20 ms apart however slow the kit's round trips are.

    # It waits in a running loop for a timer, so the loop must wake for its earliest timer, which
    # TIMEOUT-2 checks.
    @needs-TIMEOUT-2
    Scenario: Three timers scheduled latest first run earliest first
      Given callback "setup" is scheduled with call_soon and, when it runs, does:
        | schedule timer "c" with call_later in 0.06 seconds                    |
        | schedule timer "a" with call_later in 0.02 seconds                    |
        | schedule timer "b" with call_later in 0.04 seconds                    |
        | schedule timer "stop" with call_later in 0.1 seconds, which stops the loop |
      When the loop runs until it is stopped
      Then the callbacks ran in the order "setup", "a", "b", "c" and "stop"

  @TIMER-3 @MUST
  Rule: A timer never runs before its deadline on the loop's clock
    Beyond the claims: asyncio docs, loop.call_later ("Schedule callback to be called after the given delay"), asyncio.sleep ("Block for delay seconds"); CPython base_events.py, _run_once (end_time = self.time() + self._clock_resolution); tasks.py, sleep (loop.call_later(delay, ...))

    # It waits in a running loop for a timer, so the loop must wake for its earliest timer, which
    # TIMEOUT-2 checks.
    @needs-TIMEOUT-2
    Scenario: The loop's time inside a timer's callback is not before the timer's when()
      Given timer "t" is scheduled with call_later in 0.05 seconds and, when it runs, does:
        | note the loop's time as "ran at" |
        | stop the loop                    |
      When the loop runs until it is stopped
      Then note "ran at" is no earlier than the deadline of timer "t"

    # asyncio.sleep(delay) is a future that a call_later(delay) timer completes (tasks.sleep): a sleep that ends
    # early is a timer run early, on the path programs take. It waits in a running loop for that timer (TIMEOUT-2),
    # in a task whose coroutine must start (TASK-2), and subtracts readings of the clock taken in different
    # iterations, which must not go backwards (TIMER-5).
    @needs-TIMEOUT-2 @needs-TASK-2 @needs-TIMER-5
    Scenario: A task that sleeps with asyncio.sleep() wakes no earlier than its delay after it went to sleep
      Given the loop's time is noted as "before"
      And task "s" sleeps with asyncio.sleep for 0.05 seconds and, when it wakes, does:
        | note the loop's time as "awake" |
        | stop the loop                   |
      When the loop runs until it is stopped
      Then note "awake" is at least 0.05 seconds after note "before"

  @TIMER-4 @SHOULD
  Rule: A timer with a delay of 0 or less is never run by call_later() itself; the loop runs it as soon as it runs
    Beyond the claims: CPython base_events.py, call_later and _run_once (a timer is due once its deadline passes, and only _run_once runs it)

    Other rules make their due timers this way (they declare @needs-TIMER-4).
    Which iteration runs a due timer (the first, with the callbacks already
    queued) is NTODO-1's claim, so the scenarios here allow two: a loop that
    runs due timers an iteration late fails NTODO-1, not this rule.

    Scenario: A zero-delay timer waits for the loop, then runs when the loop runs
      Given timer "t" is scheduled with call_later in 0 seconds
      Then no callback has run
      When the loop runs one iteration
      And the loop runs one iteration
      Then the callbacks ran in the order "t"

    Scenario Outline: An overdue timer made by <timerCall> waits for the loop, then runs when the loop runs
      Given timer "t" is scheduled with <timerCall>, overdue by 1 second
      Then no callback has run
      When the loop runs one iteration
      And the loop runs one iteration
      Then the callbacks ran in the order "t"

      Examples:
        | timerCall  |
        | call_later |
        | call_at    |

  @TIMER-5 @MUST
  Rule: loop.time() never goes backwards
    Beyond the claims: asyncio docs, loop.time ("according to the event loop's internal monotonic clock"); CPython base_events.py, time (time.monotonic)

    # It waits in a running loop for a timer, so the loop must wake for its earliest timer, which
    # TIMEOUT-2 checks.
    @needs-TIMEOUT-2
    Scenario: The time read inside a timer lies between the times read before and after the run
      Given the loop's time is noted as "before"
      And timer "t" is scheduled with call_later in 0.02 seconds and, when it runs, does:
        | note the loop's time as "inside" |
        | stop the loop                    |
      When the loop runs until it is stopped
      And the loop's time is noted again as "after"
      Then the times noted as "before", "inside" and "after" do not go backwards

  @TIMER-6 @INFO @needs-TIMER-4
  Rule: Overdue timers with different deadlines run in the order of their deadlines
    Beyond the claims: CPython base_events.py, call_later (a negative delay keeps its deadline) and the _scheduled heap

    CPython keeps an overdue timer's deadline in the past, so its heap runs the
    most overdue first. uvloop clamps a negative delay to 0 (libuv timers cannot
    be in the past), so overdue timers scheduled together share one deadline and
    run in the order they were scheduled (errata U-4). Nothing in the
    documentation says which; the rule reports what the loop does.

    Scenario: Three overdue timers run most overdue first
      Given timer "c" is scheduled with call_later, overdue by 1 second
      And timer "b" is scheduled with call_later, overdue by 2 seconds
      And timer "a" is scheduled with call_later, overdue by 3 seconds
      When the loop runs one iteration
      Then the callbacks ran in the order "a", "b" and "c"
