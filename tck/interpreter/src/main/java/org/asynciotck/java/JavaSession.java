package org.asynciotck.java;

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
import org.asynciotck.spi.ApiLevel;
import org.asynciotck.spi.ImplementationFailure;
import org.asynciotck.spi.LoopSession;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.OperationUnsupported;
import org.asynciotck.spi.Outcome;

/**
 * One scenario's loop, on a thread of its own that makes it and runs it, as a program runs its loop where it
 * made it. Each operation is handed to that thread and waited for at most the bound; past it the session is
 * dead (its threads, daemons, are abandoned in the loop that hung). While the loop runs {@code run_forever()}
 * on its thread for the cross-thread rules ({@code start_loop_thread}), the kit's operations come from a
 * second thread, the caller, a foreign thread to the loop.
 */
final class JavaSession implements LoopSession {

    private static final AtomicInteger SESSION_COUNTER = new AtomicInteger();

    private final String implementationId;
    private final Duration bound;
    /** The loop's own thread: it makes the loop and runs every operation but those of a loop thread. */
    private final ExecutorService ownThread;
    /** The foreign thread of start_loop_thread .. stop_loop_thread (its thread starts on first use). */
    private final ExecutorService callerThread;
    private final JavaLoop loop;
    private final Interpreter interpreter;
    /** Why the session can no longer be used, or null while it can. */
    private String deadBecause;

    JavaSession(JavaLoopProvider provider, String implementationId, ApiLevel apiLevel, Duration bound) {
        this.implementationId = implementationId;
        this.bound = bound;
        String threadName = implementationId + "-loop-" + SESSION_COUNTER.incrementAndGet();
        this.ownThread = daemonThread(threadName);
        this.callerThread = daemonThread(threadName + "-caller");
        // the loop is made on its own thread too: a constructor that hangs is bounded like the rest
        this.loop = on(ownThread, "open_session", () -> {
            JavaLoop made = provider.newLoop();
            if (made == null) {
                throw new IllegalStateException(provider.getClass().getName() + ".newLoop() returned null");
            }
            return made;
        }, bound);
        this.interpreter = on(ownThread, "open_session", () -> new Interpreter(loop, apiLevel, ownThread::submit), bound);
    }

    private static ExecutorService daemonThread(String name) {
        return Executors.newSingleThreadExecutor(task -> {
            Thread thread = new Thread(task, name);
            thread.setDaemon(true); // a hung loop must not keep the JVM alive
            return thread;
        });
    }

    @Override
    public Outcome perform(Operation operation) {
        return on(threadFor(operation), operation.wireName(), () -> interpret(operation), bound);
    }

    /**
     * All of them in as few hand-offs as the threads allow (one, unless the program runs the loop on its
     * thread), bounded by the operation bound times their number.
     */
    @Override
    public List<Outcome> performAll(List<Operation> operations) {
        List<Outcome> outcomes = new ArrayList<>(operations.size());
        long deadline = System.nanoTime() + bound.multipliedBy(Math.max(1, operations.size())).toNanos();
        while (outcomes.size() < operations.size()) {
            int from = outcomes.size();
            ExecutorService thread = threadFor(operations.get(from));
            Duration left = Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
            outcomes.addAll(on(thread, "a program of " + operations.size() + " operations", () -> {
                List<Outcome> done = new ArrayList<>();
                for (int k = from; k < operations.size() && (k == from || threadFor(operations.get(k)) == thread); k++) {
                    done.add(interpret(operations.get(k)));
                }
                return done;
            }, left));
        }
        return outcomes;
    }

    /** The caller thread for start_loop_thread and while the loop runs on its own; the loop's thread otherwise. */
    private ExecutorService threadFor(Operation operation) {
        boolean loopThread = operation instanceof Operation.StartLoopThread || interpreter.loopRunsOnItsThread();
        return loopThread ? callerThread : ownThread;
    }

    /** One operation, an optional method the loop leaves out declined as unsupported. */
    private Outcome interpret(Operation operation) {
        try {
            return interpreter.perform(operation);
        } catch (JavaLoop.NotSupported missing) {
            throw new OperationUnsupported(operation.wireName(),
                    "it leaves out " + missing.method() + " (optional in JavaLoop)");
        }
    }

    @Override
    public void close() {
        if (deadBecause == null) {
            try {
                interpreter.releaseJobs(); // before the loop closes: no job thread outlives the session
                if (interpreter.loopRunsOnItsThread()) {
                    on(threadFor(new Operation.StopLoopThread()), "close_session", () -> {
                        interpreter.stopLoopThread();
                        return null;
                    }, bound);
                }
                on(ownThread, "close_session", () -> {
                    if (!loop.isClosed() && !loop.isRunning()) {
                        loop.close();
                    }
                    interpreter.closeChannels();
                    return null;
                }, bound);
            } catch (RuntimeException e) { // ImplementationFailure included
                // close never throws for a broken loop; the session is over either way
            }
        }
        deadBecause = "the session is closed";
        shutDown();
    }

    private void shutDown() {
        ownThread.shutdownNow();
        callerThread.shutdownNow();
    }

    private <T> T on(ExecutorService thread, String what, Callable<T> work, Duration limit) {
        if (deadBecause != null) {
            throw new ImplementationFailure(ImplementationFailure.Kind.CRASHED,
                    "cannot perform " + what + ": " + deadBecause, "");
        }
        java.util.concurrent.Future<T> pending = thread.submit(work);
        try {
            return pending.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            deadBecause = what + " did not finish within " + limit.toMillis() + " ms";
            pending.cancel(true);
            shutDown();
            throw new ImplementationFailure(ImplementationFailure.Kind.TIMED_OUT, deadBecause, "");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof ImplementationFailure failure) {
                throw failure;
            }
            if (cause instanceof OperationUnsupported declined) {
                throw declined;
            }
            deadBecause = what + " crashed the session thread: " + cause;
            shutDown();
            throw new ImplementationFailure(ImplementationFailure.Kind.CRASHED, deadBecause, stackTrace(cause));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ImplementationFailure(ImplementationFailure.Kind.CRASHED, "interrupted while waiting for " + what, "");
        }
    }

    private static String stackTrace(Throwable error) {
        java.io.StringWriter text = new java.io.StringWriter();
        error.printStackTrace(new java.io.PrintWriter(text));
        return text.toString();
    }
}
