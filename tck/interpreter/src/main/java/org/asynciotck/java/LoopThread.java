package org.asynciotck.java;

import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Supplier;
import org.asynciotck.spi.Outcome;

/**
 * The loop running {@code runForever()} on its own thread, the one that made it, while the kit's other calls
 * come from a second thread ({@code start_loop_thread}): the cross-thread rules need a foreign thread, and a
 * program runs its loop where it made it, so the loop is never handed to a thread it was not made on. Without a selector to watch, it
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
    /** Runs a task on the thread that made the loop (JavaSession's owner thread). */
    private final Function<Runnable, Future<?>> onOwnThread;
    /** The loop's run_forever() on its own thread, or null before the first start. */
    private Future<?> running;

    LoopThread(JavaLoop loop, SessionState state, Function<Runnable, Future<?>> onOwnThread) {
        this.loop = loop;
        this.state = state;
        this.onOwnThread = onOwnThread;
    }

    /** Whether run_forever() runs on the loop's own thread (started and not yet ended). */
    boolean isRunning() {
        return running != null && !running.isDone();
    }

    /** Starts the loop as a new run; false if it did not answer a thread-safe call within the bound. */
    boolean start() throws InterruptedException {
        if (isRunning()) {
            throw new IllegalStateException("the loop already runs on its own thread");
        }
        CountDownLatch idle = new CountDownLatch(1);
        running = onOwnThread.apply(() -> state.asNewRun(loop::runForever));
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
        if (!isRunning()) {
            return true;
        }
        loop.callSoonThreadsafe(loop::stop);
        Optional<JavaLoop.IdleProbe> probe = loop.idleProbe();
        if (probe.isPresent()) {
            awaitEnd(TimeUnit.SECONDS.toMillis(1));
            if (isRunning()) {
                // A loop that does not wake itself for a thread-safe call (a broken one) is still shut down:
                // the adapter owns its poller and wakes it directly.
                probe.get().wakeUp();
            }
        }
        awaitEnd((long) (BOUND_SECONDS * 1000));
        return !isRunning();
    }

    /** Waits at most {@code millis} for run_forever() to end; what it threw is the run's, recorded there. */
    private void awaitEnd(long millis) throws InterruptedException {
        try {
            running.get(millis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            // still running (the caller looks again), or ended by an error that state.asNewRun let through
        }
    }

    /**
     * {@code body} on a new thread, not the session's (run_once_on_another_thread); what it returned, or
     * what it threw, once the thread ended within the bound; a TimeoutError outcome when it did not.
     */
    static Outcome onAnotherThread(Supplier<Outcome> body) throws InterruptedException {
        AtomicReference<Outcome> outcome = new AtomicReference<>();
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread other = new Thread(() -> {
            try {
                outcome.set(body.get());
            } catch (RuntimeException | Error e) { // rethrown on the session's thread, as if thrown there
                thrown.set(e);
            }
        }, Thread.currentThread().getName() + "-another");
        other.setDaemon(true); // an iteration that never returns must not keep the JVM alive
        other.start();
        other.join((long) (BOUND_SECONDS * 1000));
        if (other.isAlive()) {
            return Outcome.error("TimeoutError", "one iteration on another thread did not return within "
                    + BOUND_SECONDS + " s");
        }
        Throwable failure = thrown.get();
        if (failure instanceof RuntimeException e) {
            throw e;
        }
        if (failure instanceof Error e) {
            throw e;
        }
        return outcome.get();
    }
}
