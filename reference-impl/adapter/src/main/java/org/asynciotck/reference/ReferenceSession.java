package org.asynciotck.reference;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.asynciotck.spi.ImplementationFailure;
import org.asynciotck.spi.LoopSession;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;

/**
 * One session: a fresh loop living on its own thread. Every operation is handed to that
 * thread and waited for at most the configured bound; past it the session is dead (the
 * thread may be stuck in a loop that never returns; it is a daemon and is abandoned).
 */
final class ReferenceSession implements LoopSession {

    private static final AtomicInteger SESSION_COUNTER = new AtomicInteger();

    private final Duration bound;
    private final ExecutorService loopThread;
    private final OperationDispatcher dispatcher;
    private final SessionState state;

    /** Why the session can no longer be used, or null while it can. */
    private String deadBecause;

    ReferenceSession(ReferenceConfig config) {
        this.bound = config.operationBound();
        String threadName = config.id() + "-loop-" + SESSION_COUNTER.incrementAndGet();
        this.loopThread = Executors.newSingleThreadExecutor(task -> {
            Thread thread = new Thread(task, threadName);
            thread.setDaemon(true); // a hung loop must not keep the JVM alive
            return thread;
        });
        // the loop is made on its own thread too: a broken constructor is bounded like the rest
        this.state = onLoopThread("open_session", () -> new SessionState(config.loops()));
        this.dispatcher = new OperationDispatcher(state, config);
    }

    @Override
    public Outcome perform(Operation operation) {
        return onLoopThread(operationName(operation), () -> dispatcher.perform(operation));
    }

    /** All of them in one hand-off to the loop thread, bounded by the operation bound times their number. */
    @Override
    public List<Outcome> performAll(List<Operation> operations) {
        return onLoopThread("a program of " + operations.size() + " operations", () -> {
            List<Outcome> outcomes = new ArrayList<>(operations.size());
            for (Operation operation : operations) {
                outcomes.add(dispatcher.perform(operation));
            }
            return outcomes;
        }, bound.multipliedBy(Math.max(1, operations.size())));
    }

    @Override
    public void close() {
        if (deadBecause == null) {
            try {
                onLoopThread("close_session", () -> {
                    dispatcher.stopLoopThread();
                    state.loop.close();
                    return null;
                });
            } catch (RuntimeException e) { // ImplementationFailure included
                // close never throws for a broken loop; the session is over either way
            }
        }
        deadBecause = "the session is closed";
        loopThread.shutdownNow();
    }

    private <T> T onLoopThread(String what, Callable<T> work) {
        return onLoopThread(what, work, bound);
    }

    private <T> T onLoopThread(String what, Callable<T> work, Duration limit) {
        if (deadBecause != null) {
            throw new ImplementationFailure(ImplementationFailure.Kind.CRASHED,
                    "cannot perform " + what + ": " + deadBecause, "");
        }
        java.util.concurrent.Future<T> pending = loopThread.submit(work);
        try {
            return pending.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            deadBecause = what + " did not finish within " + describe(limit);
            pending.cancel(true);
            loopThread.shutdownNow();
            throw new ImplementationFailure(ImplementationFailure.Kind.TIMED_OUT, deadBecause, "");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof ImplementationFailure failure) {
                throw failure;
            }
            deadBecause = what + " crashed the loop thread: " + cause;
            loopThread.shutdownNow();
            throw new ImplementationFailure(ImplementationFailure.Kind.CRASHED, deadBecause, stackTrace(cause));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ImplementationFailure(ImplementationFailure.Kind.CRASHED,
                    "interrupted while waiting for " + what, "");
        }
    }

    private static String operationName(Operation operation) {
        return operation.wireName();
    }

    private static String describe(Duration duration) {
        return duration.toMillis() % 1000 == 0 ? duration.toSeconds() + " s" : duration.toMillis() + " ms";
    }

    private static String stackTrace(Throwable error) {
        java.io.StringWriter text = new java.io.StringWriter();
        error.printStackTrace(new java.io.PrintWriter(text));
        return text.toString();
    }
}
