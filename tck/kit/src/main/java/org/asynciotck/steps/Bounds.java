package org.asynciotck.steps;

/**
 * The named waits of the kit, documented in docs/threads-and-time.md. Scenarios
 * never sleep; they wait for an event with one of these bounds.
 */
final class Bounds {

    /**
     * How long a scenario waits to prove that something does NOT happen (a plain call_soon
     * from another thread does not wake an idle loop). A loop that wakes does so within
     * microseconds; half a second is thousands of times that, so a "did not run" verdict is
     * not an accident of scheduling, and the scenario stays short.
     */
    static final double STALL_BOUND_SECONDS = 0.5;

    /**
     * How long a scenario waits for something that must happen promptly (a thread-safe
     * wake-up). The wait ends as soon as the event is seen; the bound only limits how long a
     * broken loop can hold the run.
     */
    static final double WAKE_BOUND_SECONDS = 5.0;

    /**
     * How much earlier than its {@code when()} a timer may run and still count as on time
     * (TIMER-3). asyncio treats a timer as due when its deadline is before {@code loop.time() +
     * clock_resolution}; uvloop's clock counts whole milliseconds (libuv). One millisecond
     * covers both and still refuses a loop that runs timers early by any delay a program notices.
     */
    static final double TIMER_EARLY_TOLERANCE_SECONDS = 0.001;

    private Bounds() {}
}
