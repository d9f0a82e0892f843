package org.asynciotck.java;

import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The loop running {@code runForever()} on a thread of its own ({@code start_loop_thread}), so that the
 * session thread is a foreign thread to it, as the cross-thread rules need. Without a selector to watch, it
 * is idle after a thread-safe round trip and the agent's settle pause (docs/threads-and-time.md); a loop
 * with an {@link JavaLoop.IdleProbe} (the reference loop's) is idle once it blocks in its poll.
 */
final class LoopThread {

    /** How long starting waits for the loop to go idle, and stopping waits for it to end. */
    static final double BOUND_SECONDS = 5.0;
    /** The pause after the round trip, as the agent's SETTLE_PAUSE_SECONDS. */
    private static final long SETTLE_PAUSE_MILLIS = 50;

    private final JavaLoop loop;
    private final SessionState state;
    private Thread thread;

    LoopThread(JavaLoop loop, SessionState state) {
        this.loop = loop;
        this.state = state;
    }

    /** Starts the loop as a new run; false if it did not answer a thread-safe call within the bound. */
    boolean start() throws InterruptedException {
        if (thread != null && thread.isAlive()) {
            throw new IllegalStateException("the loop already runs on its own thread");
        }
        CountDownLatch idle = new CountDownLatch(1);
        thread = new Thread(() -> state.asNewRun(loop::runForever), Thread.currentThread().getName() + "-runner");
        thread.setDaemon(true); // a loop that never stops must not keep the JVM alive
        thread.start();
        if (loop.idleProbe().isPresent()) {
            return loop.idleProbe().get().awaitIdle(BOUND_SECONDS);
        }
        loop.callSoonThreadsafe(idle::countDown);
        if (!idle.await((long) (BOUND_SECONDS * 1000), TimeUnit.MILLISECONDS)) {
            return false;
        }
        Thread.sleep(SETTLE_PAUSE_MILLIS);
        return true;
    }

    /** Stops the loop thread-safely and waits for its thread; true if it ended within the bound (or never ran). */
    boolean stop() throws InterruptedException {
        if (thread == null || !thread.isAlive()) {
            return true;
        }
        loop.callSoonThreadsafe(loop::stop);
        Optional<JavaLoop.IdleProbe> probe = loop.idleProbe();
        if (probe.isPresent()) {
            thread.join(TimeUnit.SECONDS.toMillis(1));
            if (thread.isAlive()) {
                // A loop that does not wake itself for a thread-safe call (a broken one) is still shut down:
                // the adapter owns its poller and wakes it directly.
                probe.get().wakeUp();
            }
        }
        thread.join((long) (BOUND_SECONDS * 1000));
        return !thread.isAlive();
    }
}
