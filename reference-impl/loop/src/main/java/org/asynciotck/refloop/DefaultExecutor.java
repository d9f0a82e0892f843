package org.asynciotck.refloop;

import java.util.concurrent.Callable;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The loop's default executor, after CPython {@code BaseEventLoop.run_in_executor(None, ...)},
 * {@code set_default_executor} and {@code shutdown_default_executor}: blocking jobs run on threads of a
 * pool, and their outcome reaches the loop's future through {@link EventLoop#callSoonThreadsafe}, as
 * {@code futures.wrap_future} does, so the future completes on the loop's thread and an idle loop wakes to
 * complete it (EXEC-1).
 *
 * <p>The pool the loop makes itself lets its threads end after a second idle, so a loop that is dropped
 * without {@link #shutdown} leaves no thread behind for long (CPython's {@code close} shuts it down with
 * {@code wait=False}, which ends idle threads at once; nothing here depends on it).
 */
final class DefaultExecutor {

    /** How long an idle thread of the loop's own pool lives. */
    private static final long IDLE_SECONDS = 1;
    /** CPython's ThreadPoolExecutor default is min(32, cpu_count + 4) workers; a fixed small pool suffices. */
    private static final int WORKERS = 4;
    private static final AtomicInteger POOL_COUNTER = new AtomicInteger();

    private final EventLoop loop;
    /**
     * The executor {@code run_in_executor(None, ...)} submits to: null until the first job (CPython makes its
     * ThreadPoolExecutor lazily) or until one is set. Loop thread only.
     */
    private ThreadPoolExecutor executor;
    /** CPython {@code _executor_shutdown_called}: once set, run_in_executor(None, ...) is refused (EXEC-3). */
    private boolean shutdownCalled;

    DefaultExecutor(EventLoop loop) {
        this.loop = loop;
    }

    /**
     * CPython {@code run_in_executor(None, job)} past its {@code _check_closed}: the job runs on a thread of
     * the executor, its result or exception is copied onto the returned future on the loop's thread.
     */
    <T> Future<T> submit(Callable<T> job) {
        if (shutdownCalled) { // CPython _check_default_executor
            throw new LoopRuntimeException("Executor shutdown has been called");
        }
        if (executor == null) {
            executor = ownPool();
        }
        Future<T> future = loop.createFuture();
        executor.execute(() -> deliver(future, job));
        return future;
    }

    /** On the executor's thread: runs the job, then hands its outcome to the loop's thread (_chain_future). */
    private <T> void deliver(Future<T> future, Callable<T> job) {
        T result;
        try {
            result = job.call();
        } catch (Exception e) {
            RuntimeException error = e instanceof RuntimeException runtime ? runtime
                    : new LoopRuntimeException("the job raised " + e, e);
            completeOnTheLoop(() -> future.setException(error), future);
            return;
        }
        completeOnTheLoop(() -> future.setResult(result), future);
    }

    /** CPython {@code _call_set_state}: nothing once the loop is closed, nothing for a future cancelled meanwhile. */
    private void completeOnTheLoop(Runnable completion, Future<?> future) {
        if (loop.isClosed()) {
            return;
        }
        loop.callSoonThreadsafe(() -> {
            if (!future.cancelled()) {
                completion.run();
            }
        });
    }

    /** CPython {@code set_default_executor}: from 3.11 only a ThreadPoolExecutor (EXEC-7; TypeError). */
    void set(Executor replacement) {
        if (!(replacement instanceof ThreadPoolExecutor pool)) {
            throw new WrongTypeException("executor must be ThreadPoolExecutor instance");
        }
        executor = pool;
    }

    /**
     * CPython {@code shutdown_default_executor(timeout)}: refuses later jobs at once, then shuts the executor
     * down and, on a thread of its own, waits for its threads to end, at most {@code timeoutSeconds} (null: as
     * long as they take). The returned future is true when they ended, false when the timeout passed first
     * (CPython then warns with a RuntimeWarning); it is what CPython's coroutine awaits.
     */
    Future<Boolean> shutdown(Double timeoutSeconds) {
        shutdownCalled = true;
        Future<Boolean> joined = loop.createFuture();
        if (executor == null) {
            joined.setResult(true);
            return joined;
        }
        ThreadPoolExecutor joining = executor;
        joining.shutdown();
        Thread joiner = new Thread(() -> {
            boolean ended = awaitTermination(joining, timeoutSeconds);
            completeOnTheLoop(() -> joined.setResult(ended), joined);
        }, "refloop-shutdown-default-executor");
        joiner.setDaemon(true);
        joiner.start();
        return joined;
    }

    private static boolean awaitTermination(ThreadPoolExecutor pool, Double timeoutSeconds) {
        try {
            long nanos = timeoutSeconds == null ? Long.MAX_VALUE : (long) (timeoutSeconds * 1e9);
            return pool.awaitTermination(nanos, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static ThreadPoolExecutor ownPool() {
        String prefix = "refloop-executor-" + POOL_COUNTER.incrementAndGet() + "-";
        AtomicInteger threads = new AtomicInteger();
        ThreadPoolExecutor pool = new ThreadPoolExecutor(WORKERS, WORKERS, IDLE_SECONDS, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), job -> {
                    Thread thread = new Thread(job, prefix + threads.incrementAndGet());
                    thread.setDaemon(true);
                    return thread;
                });
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }
}
