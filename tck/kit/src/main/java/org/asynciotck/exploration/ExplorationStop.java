package org.asynciotck.exploration;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * How a run that is being interrupted (Ctrl-C, SIGTERM) stops its exploration stage and keeps what it found:
 * the stage registers what stops it ({@link #onStop}), the interruption asks for the stop and waits, bounded,
 * until the stage has handed in the programs that ran ({@link #awaitHandedIn}), and only then are the agents
 * ended. Without it the programs of an interrupted stage were lost, and the program the kit's own kill cut
 * could have counted as the loop's divergence.
 */
public final class ExplorationStop {

    private final AtomicBoolean requested = new AtomicBoolean();
    private final List<Runnable> stoppers = new CopyOnWriteArrayList<>();
    private final CountDownLatch handedIn = new CountDownLatch(1);
    private final AtomicBoolean started = new AtomicBoolean();

    /** Runs {@code stopper} when the stop is asked for (at once if it already was); the stage calls it as it starts. */
    public void onStop(Runnable stopper) {
        started.set(true);
        stoppers.add(stopper);
        if (requested.get()) {
            stopper.run();
        }
    }

    /** Whether the stop was asked for: the stage's result then covers the programs before it. */
    public boolean requested() {
        return requested.get();
    }

    /** The stage has attached its result (or failed): an interruption waiting for it may go on. */
    public void handedIn() {
        handedIn.countDown();
    }

    /**
     * Asks a running stage to stop and waits at most {@code bound} until it has handed in its result; returns at
     * once when no stage started. Returns whether the stage's result is in.
     */
    public boolean stopAndAwait(Duration bound) {
        if (requested.compareAndSet(false, true)) {
            stoppers.forEach(Runnable::run);
        }
        if (!started.get()) {
            return false;
        }
        try {
            return handedIn.await(bound.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
