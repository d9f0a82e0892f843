package org.asynciotck.java;

import java.time.Duration;
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
 * One scenario's loop, on a thread of its own: each operation is handed to that thread and waited for at
 * most the bound; past it the session is dead (the thread, a daemon, is abandoned in the loop that hung).
 */
final class JavaSession implements LoopSession {

    private static final AtomicInteger SESSION_COUNTER = new AtomicInteger();

    private final String implementationId;
    private final Duration bound;
    private final ExecutorService sessionThread;
    private final JavaLoop loop;
    private final Interpreter interpreter;
    /** Why the session can no longer be used, or null while it can. */
    private String deadBecause;

    JavaSession(JavaLoopProvider provider, String implementationId, ApiLevel apiLevel, Duration bound) {
        this.implementationId = implementationId;
        this.bound = bound;
        String threadName = implementationId + "-loop-" + SESSION_COUNTER.incrementAndGet();
        this.sessionThread = Executors.newSingleThreadExecutor(task -> {
            Thread thread = new Thread(task, threadName);
            thread.setDaemon(true); // a hung loop must not keep the JVM alive
            return thread;
        });
        // the loop is made on the session thread too: a constructor that hangs is bounded like the rest
        this.loop = onSessionThread("open_session", () -> {
            JavaLoop made = provider.newLoop();
            if (made == null) {
                throw new IllegalStateException(provider.getClass().getName() + ".newLoop() returned null");
            }
            return made;
        });
        this.interpreter = onSessionThread("open_session", () -> new Interpreter(loop, apiLevel));
    }

    @Override
    public Outcome perform(Operation operation) {
        return onSessionThread(operation.wireName(), () -> interpret(operation));
    }

    /** All of them in one hand-off to the session thread, bounded by the operation bound times their number. */
    @Override
    public java.util.List<Outcome> performAll(java.util.List<Operation> operations) {
        return onSessionThread("a program of " + operations.size() + " operations", () -> {
            java.util.List<Outcome> outcomes = new java.util.ArrayList<>(operations.size());
            for (Operation operation : operations) {
                outcomes.add(interpret(operation));
            }
            return outcomes;
        }, bound.multipliedBy(Math.max(1, operations.size())));
    }

    /** On the session thread: one operation, an optional method the loop leaves out declined as unsupported. */
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
                onSessionThread("close_session", () -> {
                    interpreter.stopLoopThread();
                    if (!loop.isClosed() && !loop.isRunning()) {
                        loop.close();
                    }
                    interpreter.closeChannels();
                    return null;
                });
            } catch (RuntimeException e) { // ImplementationFailure included
                // close never throws for a broken loop; the session is over either way
            }
        }
        deadBecause = "the session is closed";
        sessionThread.shutdownNow();
    }

    private <T> T onSessionThread(String what, Callable<T> work) {
        return onSessionThread(what, work, bound);
    }

    private <T> T onSessionThread(String what, Callable<T> work, Duration limit) {
        if (deadBecause != null) {
            throw new ImplementationFailure(ImplementationFailure.Kind.CRASHED,
                    "cannot perform " + what + ": " + deadBecause, "");
        }
        java.util.concurrent.Future<T> pending = sessionThread.submit(work);
        try {
            return pending.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            deadBecause = what + " did not finish within " + limit.toMillis() + " ms";
            pending.cancel(true);
            sessionThread.shutdownNow();
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
            sessionThread.shutdownNow();
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
