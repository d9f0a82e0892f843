package org.asynciotck.reference;

import java.util.concurrent.TimeUnit;
import org.asynciotck.refloop.EventLoop;

/**
 * The loop running {@code run_forever()} on a thread of its own ({@code start_loop_thread}),
 * so that the session's thread is a foreign thread to it, as the stall rules need.
 */
final class LoopThread {

    /** How long starting waits for the loop to go idle, and stopping waits for it to end. */
    static final double BOUND_SECONDS = 5.0;

    private final SessionState state;
    private Thread thread;

    LoopThread(SessionState state) {
        this.state = state;
    }

    /** Starts the loop as a new run and waits until it blocks, idle, in its poller; false if it never did. */
    boolean start() throws InterruptedException {
        if (thread != null && thread.isAlive()) {
            throw new IllegalStateException("the loop already runs on its own thread");
        }
        EventLoop loop = state.loop;
        thread = new Thread(() -> state.asNewRun(loop::runForever), Thread.currentThread().getName() + "-runner");
        thread.setDaemon(true); // a loop that never stops must not keep the JVM alive
        thread.start();
        return state.poller.awaitIdle(BOUND_SECONDS);
    }

    /** Stops the loop thread-safely and waits for its thread; true if it ended within the bound (or never ran). */
    boolean stop() throws InterruptedException {
        if (thread == null || !thread.isAlive()) {
            return true;
        }
        state.loop.callSoonThreadsafe(state.loop::stop);
        thread.join(TimeUnit.SECONDS.toMillis(1));
        if (thread.isAlive()) {
            // A loop that does not wake itself for a thread-safe call (a broken one) is still shut
            // down: the session owns the poller and wakes it directly.
            state.poller.wakeup();
            thread.join(TimeUnit.SECONDS.toMillis((long) BOUND_SECONDS));
        }
        return !thread.isAlive();
    }
}
