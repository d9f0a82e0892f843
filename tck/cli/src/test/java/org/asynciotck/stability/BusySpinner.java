package org.asynciotck.stability;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A Java thread that keeps one core busy, so that thread scenarios run on a machine whose other
 * core is taken, as on a loaded CI host. It spins until {@link #close()} or until its own bound
 * passes, whichever comes first: a test that dies without closing it never leaves a core burning.
 */
final class BusySpinner implements AutoCloseable {

    private final AtomicBoolean stop = new AtomicBoolean();
    private final AtomicLong spins = new AtomicLong();
    private final Thread thread;

    private BusySpinner(Duration bound) {
        long deadline = System.nanoTime() + bound.toNanos();
        thread = new Thread(() -> spin(deadline), "busy-spinner");
        thread.setDaemon(true);
    }

    /** Starts spinning for at most {@code bound}. */
    static BusySpinner start(Duration bound) {
        if (bound.isNegative() || bound.isZero()) {
            throw new IllegalArgumentException("bound <= 0: " + bound);
        }
        BusySpinner spinner = new BusySpinner(bound);
        spinner.thread.start();
        return spinner;
    }

    private void spin(long deadline) {
        // No sleep, no yield, no onSpinWait: the point is to keep the core fully busy.
        while (!stop.get() && System.nanoTime() < deadline) {
            spins.lazySet(spins.get() + 1);
        }
    }

    /** Whether the spinner is still burning its core (false once its bound passed). */
    boolean spinning() {
        return thread.isAlive();
    }

    /** Spin turns so far; grows while the thread runs, to show it really ran. */
    long spins() {
        return spins.get();
    }

    @Override
    public void close() throws InterruptedException {
        stop.set(true);
        thread.join(Duration.ofSeconds(5).toMillis());
        if (thread.isAlive()) {
            throw new IllegalStateException("busy-spinner did not stop within 5 s of being asked to");
        }
    }
}
