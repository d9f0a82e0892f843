package org.asynciotck.java;

import java.util.concurrent.ConcurrentHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.asynciotck.java.AsyncioTypes.UnknownName;
import org.asynciotck.spi.ApiLevel;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;

/**
 * The interpreter's side of the default executor (EXEC-1 to EXEC-7), as the agent's operations/executors.py:
 * the kit's jobs, its executors that count what is submitted to them, and running the loop's shutdown. The
 * jobs' work ends when the session does ({@link #release}), so no job thread outlives it.
 */
final class KitExecutors {

    /** shutdown_default_executor takes timeout= from 3.12. */
    private static final ApiLevel TIMEOUT_SINCE = ApiLevel.parse("3.12");
    private static final int JOB_RESULT = 42;

    private final JavaLoop loop;
    private final ApiLevel apiLevel;
    private final SessionState state;
    /** The thread that made the loop and runs it: the session's own. */
    private final Thread loopThread;
    /** Counted down when the session ends: every job stops working at once. */
    private final CountDownLatch released = new CountDownLatch(1);
    /** The kit's executors by name; the loop's own executor is the loop's business. */
    private final Map<String, Counted> executors = new ConcurrentHashMap<>();

    /** Made on the loop's own thread, which it takes as the loop's. */
    KitExecutors(JavaLoop loop, ApiLevel apiLevel, SessionState state) {
        this.loop = loop;
        this.apiLevel = apiLevel;
        this.state = state;
        this.loopThread = Thread.currentThread();
    }

    void runInExecutor(Operation.RunInExecutor o) {
        state.nameFuture(o.future(), loop.defaultExecutor().runInExecutor(job(o)));
    }

    private Callable<Object> job(Operation.RunInExecutor o) {
        return () -> {
            state.record(o.job(), onLoopThread() ? "on the loop's thread" : "off the loop's thread");
            if (o.seconds() > 0) {
                released.await((long) (o.seconds() * 1e9), TimeUnit.NANOSECONDS);
            }
            state.record(o.job() + ":end");
            if (o.raises()) {
                throw new LoopError("RuntimeError", "raised by the job");
            }
            return JOB_RESULT;
        };
    }

    boolean onLoopThread() {
        return Thread.currentThread() == loopThread;
    }

    void setDefaultExecutor(Operation.SetDefaultExecutor o) {
        Counted executor = new Counted();
        executors.put(o.executor(), executor);
        Executor given = o.notThreadPool() ? notAThreadPool(executor) : executor;
        loop.defaultExecutor().setDefaultExecutor(given);
    }

    int submissions(String executor) {
        Counted counted = executors.get(executor);
        if (counted == null) {
            throw new UnknownName("no executor named '" + executor + "' in this session");
        }
        return counted.submissions.get();
    }

    /**
     * {@code run_until_complete(shutdown_default_executor(timeout))} as a new run; the value is the
     * RuntimeWarning CPython emits when the threads did not end within the timeout, or none.
     */
    Outcome shutdown(Operation.ShutdownDefaultExecutor o, Consumer<Runnable> asRun) {
        if (o.timeout() != null && !apiLevel.atLeast(TIMEOUT_SINCE)) {
            return Outcome.error("TypeError",
                    "BaseEventLoop.shutdown_default_executor() got an unexpected keyword argument 'timeout'");
        }
        JavaLoop.Future joined = loop.defaultExecutor().shutdown(o.timeout());
        Object[] result = new Object[1];
        try {
            asRun.accept(() -> result[0] = loop.runUntilComplete(joined));
        } finally {
            state.record(Operation.ShutdownDefaultExecutor.RETURNED);
        }
        return Outcome.value(Boolean.FALSE.equals(result[0])
                ? List.of("RuntimeWarning: The executor did not finishing joining its threads within "
                        + o.timeout() + " seconds.") // CPython's words
                : List.of());
    }

    /** When the session ends: every job stops working, and the kit's executors end their threads. */
    void release() {
        released.countDown();
        executors.values().forEach(ThreadPoolExecutor::shutdown);
    }

    /** The kit's executor: a thread pool that counts the jobs submitted to it; its threads are daemons. */
    private static final class Counted extends ThreadPoolExecutor {
        private static final AtomicInteger THREADS = new AtomicInteger();
        final AtomicInteger submissions = new AtomicInteger();

        Counted() {
            super(2, 2, 1, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), job -> {
                Thread thread = new Thread(job, "asyncio-tck-executor-" + THREADS.incrementAndGet());
                thread.setDaemon(true);
                return thread;
            });
            allowCoreThreadTimeOut(true);
        }

        @Override
        public void execute(Runnable job) {
            submissions.incrementAndGet();
            super.execute(job);
        }
    }

    /** An executor that is not a thread pool (EXEC-7): it hands the jobs to {@code pool}, which counts them. */
    private static Executor notAThreadPool(Counted pool) {
        return pool::execute;
    }
}
