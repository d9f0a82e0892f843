package org.asynciotck.refloop;

/**
 * Where the loop reads the time: seconds on a monotonic scale, as {@code loop.time()}
 * (CPython {@code BaseEventLoop.time}, which reads {@code time.monotonic()}).
 *
 * <p>Injectable so timer rules can run in virtual time (see {@link ManualClock}), the way
 * CPython's {@code test_utils.TestLoop} and netty's {@code MockTicker} do.
 */
public interface Clock {

    /** The current time in seconds; never goes backwards. */
    double time();

    /**
     * The clock's resolution in seconds (CPython {@code BaseEventLoop._clock_resolution},
     * {@code time.get_clock_info('monotonic').resolution}). Timers due before
     * {@code now + resolution} are treated as due.
     */
    default double resolution() {
        return 1e-9;
    }

    /** The system's monotonic clock ({@link System#nanoTime()}). */
    static Clock system() {
        return () -> System.nanoTime() / 1e9;
    }
}
