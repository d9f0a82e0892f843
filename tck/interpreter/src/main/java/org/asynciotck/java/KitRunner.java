package org.asynciotck.java;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.asynciotck.spi.ApiLevel;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Operation.MainEnding;
import org.asynciotck.spi.Operation.RunnerEntry;
import org.asynciotck.spi.Outcome;
import org.asynciotck.spi.OperationUnsupported;

/**
 * {@code run_under_runner} over a Java loop (RUNNER-2): the interpreter performs asyncio.Runner's steps on the
 * session's loop as CPython's runners.py performs them on the loop its factory makes, around the program of the
 * agent's operations/runners.py. {@code Runner.run}: main in a task, {@code run_until_complete} of it.
 * {@code Runner.close}, however main ended: {@code _cancel_all_tasks} (each task not done cancelled, then the loop
 * run until all have ended, as {@code gather(..., return_exceptions=True)} waits for them), then
 * {@code shutdown_asyncgens()}, then {@code shutdown_default_executor()} ({@code timeout=} from 3.12), each in a
 * run of its own, and {@code close()} at last. {@code asyncio.run(main, loop_factory=F)} is that same runner.
 *
 * <p>{@code asyncio.all_tasks(loop)} is asyncio's registry, which a Java loop need not keep: the tasks of the
 * runner's program (main's and the task it leaves) stand for it. What {@code _cancel_all_tasks} reports of a task
 * that ended with an error is left out: the program's left task ends cancelled on a loop that passes RUNNER-2's
 * prerequisites, and records "task not cancelled" otherwise. Ctrl-C is the SIGINT that Python's main thread
 * receives and the runner's handler turns into main's cancellation; a Java loop has no part in it, so that ending
 * is declined (not applicable) rather than imitated.
 */
final class KitRunner {

    /** asyncio.Runner exists from 3.11, asyncio.run takes loop_factory= from 3.12 (errata E-24). */
    private static final ApiLevel RUNNER_SINCE = ApiLevel.parse("3.11");
    private static final ApiLevel LOOP_FACTORY_SINCE = ApiLevel.parse("3.12");
    /** runners.py from 3.12: shutdown_default_executor(constants.THREAD_JOIN_TIMEOUT), 300 seconds. */
    private static final double THREAD_JOIN_TIMEOUT_SECONDS = 300.0;
    /**
     * How long the left task sleeps: the runner's cleanup cancels it at once, so this only bounds a loop that never
     * gets there (it then records "task not cancelled"), well within the kit's bound on one operation. As the agent's.
     */
    private static final double WAIT_BOUND_SECONDS = 3.0;
    private static final String LOOP_OPEN = "loop open";
    private static final String LOOP_CLOSED = "loop closed";

    private final JavaLoop loop;
    private final ApiLevel apiLevel;
    private final SessionState state;
    private final AsyncioTypes types;
    /** The default executors main set, shut down when the session ends whatever the loop did with them. */
    private final List<RecordingExecutor> executors = new ArrayList<>();

    KitRunner(JavaLoop loop, ApiLevel apiLevel, SessionState state, AsyncioTypes types) {
        this.loop = loop;
        this.apiLevel = apiLevel;
        this.state = state;
        this.types = types;
    }

    /**
     * Runs the program as {@code o} says; {@code asRun} counts each run_until_complete as a run of the kit's.
     * Value: main's result; main's error, or the cleanup's, leaves as the runner lets it.
     */
    Outcome run(Operation.RunUnderRunner o, Consumer<Runnable> asRun) {
        Outcome refused = refusal(o);
        if (refused != null) {
            return refused;
        }
        if (o.main() == MainEnding.INTERRUPTED) {
            throw new OperationUnsupported(o.wireName(), "Ctrl-C is SIGINT on Python's main thread, which"
                    + " asyncio.Runner's handler turns into main's cancellation; a Java loop has no part in it");
        }
        // What the cleanup needs, asked before anything is made: a loop without it declines the whole run
        JavaLoop.AsyncGenerators generators = loop.asyncGenerators();
        JavaLoop.DefaultExecutor executor = loop.defaultExecutor();
        Program program = new Program(o.main(), generators, executor);
        JavaLoop.Task main = loop.createTask(program, "main");
        program.main = main;
        Object[] result = new Object[1];
        try {
            asRun.accept(() -> result[0] = loop.runUntilComplete(main));
        } finally {
            try {
                close(program, generators, executor, asRun);
            } finally {
                if (loop.isClosed()) {
                    state.record(LOOP_CLOSED);
                }
            }
        }
        return Outcome.value(result[0]);
    }

    /** What asyncio refuses before main is made: an entry the API level lacks, a loop that runs already. */
    private Outcome refusal(Operation.RunUnderRunner o) {
        if (o.entry() == RunnerEntry.RUNNER && !apiLevel.atLeast(RUNNER_SINCE)) {
            return Outcome.error("AttributeError", "module 'asyncio' has no attribute 'Runner'");
        }
        if (o.entry() == RunnerEntry.ASYNCIO_RUN && !apiLevel.atLeast(LOOP_FACTORY_SINCE)) {
            return Outcome.error("TypeError", "run() got an unexpected keyword argument 'loop_factory'");
        }
        if (loop.isRunning()) {
            return Outcome.error("RuntimeError", o.entry() == RunnerEntry.RUNNER
                    ? "Runner.run() cannot be called from a running event loop"
                    : "asyncio.run() cannot be called from a running event loop");
        }
        return null;
    }

    /** {@code Runner.close}: the cleanup in its order, and the loop closed even when a step of it raised. */
    private void close(Program program, JavaLoop.AsyncGenerators generators, JavaLoop.DefaultExecutor executor,
            Consumer<Runnable> asRun) {
        try {
            cancelAllTasks(program.tasks(), asRun);
            asRun.accept(() -> loop.runUntilComplete(generators.shutdownAsyncgens()));
            Double timeout = apiLevel.atLeast(LOOP_FACTORY_SINCE) ? THREAD_JOIN_TIMEOUT_SECONDS : null;
            asRun.accept(() -> loop.runUntilComplete(executor.shutdown(timeout)));
        } finally {
            loop.close();
        }
    }

    /** {@code _cancel_all_tasks}: each task not done cancelled, then a run until every one has ended. */
    private void cancelAllTasks(List<JavaLoop.Task> tasks, Consumer<Runnable> asRun) {
        List<JavaLoop.Task> toCancel = tasks.stream().filter(task -> !task.done()).toList();
        if (toCancel.isEmpty()) {
            return;
        }
        toCancel.forEach(JavaLoop.Task::cancel);
        JavaLoop.Future gathered = gather(toCancel);
        asRun.accept(() -> loop.runUntilComplete(gathered));
    }

    /** {@code gather(*tasks, return_exceptions=True)}: done once the done callback of the last of them has run. */
    private JavaLoop.Future gather(List<JavaLoop.Task> tasks) {
        JavaLoop.Future gathered = loop.createFuture();
        int[] left = {tasks.size()};
        for (JavaLoop.Task task : tasks) {
            task.addDoneCallback(done -> {
                if (--left[0] == 0 && !gathered.done()) {
                    gathered.setResult(null);
                }
            });
        }
        return gathered;
    }

    /** When the session ends: the executors main set end their threads, whatever the loop did with them. */
    void release() {
        executors.forEach(ThreadPoolExecutor::shutdownNow);
    }

    private void record(String event) {
        state.record(event, loop.isClosed() ? LOOP_CLOSED : LOOP_OPEN);
    }

    /**
     * main: sets a default executor, leaves a task asleep and an async generator it advanced once, lets the task's
     * first step run ({@code await asyncio.sleep(0)}), records "main" and ends as {@code ending} says.
     */
    private final class Program implements JavaLoop.Coroutine {
        private final MainEnding ending;
        private final JavaLoop.AsyncGenerators generators;
        private final JavaLoop.DefaultExecutor defaultExecutor;
        /** main's own task, which the cleanup cancels too if it is not done (it always is, but for Ctrl-C). */
        JavaLoop.Task main;
        private JavaLoop.Task left;
        /** Kept here, alive, so only shutdown_asyncgens can close it. */
        private final Generator generator = new Generator();
        private boolean started;

        Program(MainEnding ending, JavaLoop.AsyncGenerators generators, JavaLoop.DefaultExecutor defaultExecutor) {
            this.ending = ending;
            this.generators = generators;
            this.defaultExecutor = defaultExecutor;
        }

        List<JavaLoop.Task> tasks() {
            List<JavaLoop.Task> tasks = new ArrayList<>();
            if (main != null) {
                tasks.add(main);
            }
            if (left != null) {
                tasks.add(left);
            }
            return tasks;
        }

        @Override
        public Step send(Object value) {
            if (!started) {
                started = true;
                RecordingExecutor executor = new RecordingExecutor();
                executors.add(executor);
                defaultExecutor.setDefaultExecutor(executor);
                left = loop.createTask(new LeftTask(), "left");
                generator.advance(generators);
                // asyncio.sleep(0), a bare yield: the next step comes one callback later, after the left task's
                // first. Not an await of a future done already: Python's await would not even yield to the task
                // then, and a loop whose futures call back inside add_done_callback would re-enter the step.
                JavaLoop.Future slept = loop.createFuture();
                loop.callSoon(() -> slept.setResult(null));
                return new Await(slept);
            }
            record("main");
            return switch (ending) {
                case RAISES -> throw new LoopError("RuntimeError", "raised by main");
                case RAISES_KEYBOARD_INTERRUPT -> throw new LoopError.Exit("KeyboardInterrupt", "raised by main");
                default -> new Return("main");
            };
        }

        @Override
        public Step throwInto(RuntimeException error) {
            throw error;
        }
    }

    /** The task main leaves: asleep until cancelled; it records "task cancelled" when it is. */
    private final class LeftTask implements JavaLoop.Coroutine {
        private final SleepingCoroutine sleep = new SleepingCoroutine(loop, WAIT_BOUND_SECONDS,
                () -> record("task not cancelled"));

        @Override
        public Step send(Object value) {
            return sleep.send(value);
        }

        @Override
        public Step throwInto(RuntimeException error) {
            if ("CancelledError".equals(types.typeOf(error))) {
                record("task cancelled");
            }
            return sleep.throwInto(error);
        }
    }

    /** The async generator main advances once: its first step runs under the loop's hooks, its finally records. */
    private final class Generator implements JavaLoop.AsyncGenerator {
        private boolean closed;

        /** {@code await agen.__anext__()} the first time: {@code firstiter} of the hooks installed, if any. */
        void advance(JavaLoop.AsyncGenerators generators) {
            JavaLoop.AsyncGenHooks hooks = generators.hooks();
            if (hooks != null) {
                hooks.firstIter(this);
            }
        }

        @Override
        public JavaLoop.Coroutine aclose() {
            return new JavaLoop.Coroutine() {
                @Override
                public Step send(Object value) {
                    if (!closed) {
                        closed = true;
                        record("generator closed");
                    }
                    return new Return(null);
                }

                @Override
                public Step throwInto(RuntimeException error) {
                    throw error;
                }
            };
        }
    }

    /**
     * The default executor main sets, a thread pool: a shutdown that waits for its threads records "executor shut
     * down" once they ended (the loop's {@code shutdown} waits with {@code awaitTermination}, as CPython's thread
     * calls {@code executor.shutdown(wait=True)}); one that does not wait records nothing.
     */
    private final class RecordingExecutor extends ThreadPoolExecutor {
        private final AtomicBoolean recorded = new AtomicBoolean();

        RecordingExecutor() {
            super(1, 1, 1, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), job -> {
                Thread thread = new Thread(job, "asyncio-tck-runner-executor");
                thread.setDaemon(true);
                return thread;
            });
            allowCoreThreadTimeOut(true);
        }

        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
            boolean ended = super.awaitTermination(timeout, unit);
            if (ended && recorded.compareAndSet(false, true)) {
                record("executor shut down");
            }
            return ended;
        }
    }
}
