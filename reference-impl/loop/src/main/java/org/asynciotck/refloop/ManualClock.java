package org.asynciotck.refloop;

/**
 * A clock that only moves when told to, so timer rules run in virtual time:
 * deterministic and instant (a two-day timer costs nothing to test).
 *
 * <p>Thread-safe: the loop thread reads it while a test thread may advance it.
 */
public final class ManualClock implements Clock {

    /** The current virtual time in seconds; only ever increases. */
    private volatile double now;

    /** A clock at time 0. */
    public ManualClock() {
        this(0.0);
    }

    /** A clock at {@code start} seconds. */
    public ManualClock(double start) {
        if (!Double.isFinite(start)) {
            throw new IllegalArgumentException("start must be finite: " + start);
        }
        this.now = start;
    }

    @Override
    public double time() {
        return now;
    }

    /** Moves the clock forward by {@code seconds} (&ge; 0). */
    public synchronized void advance(double seconds) {
        if (!(seconds >= 0) || Double.isInfinite(seconds)) {
            throw new IllegalArgumentException("seconds must be finite and >= 0: " + seconds);
        }
        now += seconds;
    }
}
