package org.asynciotck.java;

import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.Function;
import org.asynciotck.java.AsyncioTypes.UnknownName;
import org.asynciotck.spi.ApiLevel;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.OperationUnsupported;
import org.asynciotck.spi.Outcome;

/**
 * Performs every {@link Operation} of the vocabulary (docs/protocol.md) on one {@link JavaLoop}, as an agent
 * does for a Python loop. Runs on the loop's own thread (JavaSession). What the loop throws becomes an error outcome named
 * with asyncio's type ({@link AsyncioTypes}); an optional method the loop does not support
 * ({@link JavaLoop.NotSupported}) is thrown on to the session, which makes the scenario not applicable.
 */
final class Interpreter {

    private static final ApiLevel TASK_GROUP_SINCE = ApiLevel.parse("3.11");
    /** Tasks take eager_start, and asyncio.tasks has _swap_current_task, from 3.12. */
    private static final ApiLevel EAGER_START_SINCE = ApiLevel.parse("3.12");

    /** EXC-4: a handler that raises every time it is called. */
    private static final JavaLoop.ExceptionHandler RAISING_HANDLER = (loop, context) -> {
        throw new LoopError("RuntimeError", "raised by the handler");
    };

    private final JavaLoop loop;
    private final ApiLevel apiLevel;
    private final AsyncioTypes types;
    private final SessionState state;
    /** (future, label) to the done callback added for them: removal finds the same object (FUTURE-5). */
    private final Map<List<String>, Consumer<JavaLoop.Future>> doneCallbacks = new HashMap<>();
    private final LoopThread loopThread;
    private final WatchedChannels channels;
    private final KitAsyncGenerators asyncGenerators = new KitAsyncGenerators();
    private final KitContexts contexts;
    private final KitExecutors executors;
    private final KitRunner runner;

    /**
     * @param onOwnThread runs a task on the thread that made {@code loop}, where start_loop_thread runs it
     */
    Interpreter(JavaLoop loop, ApiLevel apiLevel, Function<Runnable, Future<?>> onOwnThread) {
        this.loop = loop;
        this.apiLevel = apiLevel;
        this.types = new AsyncioTypes(loop);
        this.state = new SessionState(types);
        this.loopThread = new LoopThread(loop, state, onOwnThread);
        this.channels = new WatchedChannels(loop, state);
        this.contexts = new KitContexts(loop, apiLevel);
        this.executors = new KitExecutors(loop, apiLevel, state); // made here, on the loop's own thread
        this.runner = new KitRunner(loop, apiLevel, state, types);
        loop.setExceptionHandler(state.recordingHandler);
        startWithoutAsyncGenHooks(loop);
    }

    /**
     * Hooks belong to the thread, which sessions share: each starts as a fresh program does, with none, so a
     * loop that leaves its hooks installed fails AGEN-2 in its own scenario and not in every later one.
     */
    private static void startWithoutAsyncGenHooks(JavaLoop loop) {
        try {
            loop.asyncGenerators().setHooks(null);
        } catch (JavaLoop.NotSupported e) {
            // a loop without async generators has no hooks to clear; the AGEN rules are not applicable to it
        }
    }

    JavaLoop loop() {
        return loop;
    }

    SessionState state() {
        return state;
    }

    AsyncioTypes types() {
        return types;
    }

    /**
     * Performs a top-level operation.
     *
     * @throws JavaLoop.NotSupported when it, or a callback it ran, needs an optional method the loop lacks
     */
    Outcome perform(Operation operation) {
        Outcome outcome = outcome(operation, false);
        JavaLoop.NotSupported missing = state.takeUnsupported();
        if (missing != null) {
            throw missing;
        }
        return outcome;
    }

    /**
     * Performs a callback's or a coroutine's {@code then}: an operation that fails records {@code !error}
     * ("Type: message") and the next one goes on (a {@code note} records the error as its own value instead);
     * {@code raise}, KeyboardInterrupt and SystemExit leave the callback.
     */
    void performScript(List<Operation> then) {
        for (Operation operation : then) {
            if (operation instanceof Operation.Raise) {
                throw raisedByTheKit(); // leaves the callback: the loop sees a callback that raises
            }
            if (operation instanceof Operation.RaiseBaseException raise) {
                throw exit(raise.errorType()); // EXC-2: leaves the callback and run_forever()
            }
            Outcome outcome;
            try {
                outcome = outcome(operation, true);
            } catch (JavaLoop.NotSupported missing) {
                state.unsupported(missing);
                continue;
            }
            if (outcome.isError() && !(operation instanceof Operation.Note)) {
                // a note has recorded the error as its value already: it never adds an !error of its own
                state.record("!error", AsyncioTypes.describe(outcome));
            }
        }
    }

    /** Ends a loop thread that still runs; called when the session closes. */
    void stopLoopThread() throws InterruptedException {
        loopThread.stop();
    }

    /** Whether the loop runs on its own thread (start_loop_thread), so the kit's calls come from another. */
    boolean loopRunsOnItsThread() {
        return loopThread.isRunning();
    }

    /** Ends the kit's jobs and executors; called when the session closes, before the loop is closed. */
    void releaseJobs() {
        executors.release();
        runner.release();
    }

    /** Closes the session's channels. */
    void closeChannels() {
        channels.close();
    }

    /**
     * The outcome of one operation: what the loop throws becomes an error outcome, and so does a name the kit
     * never gave ({@code KitError}). In a callback ({@code inCallback}) KeyboardInterrupt and SystemExit are
     * not outcomes: they leave the callback (EXC-2), as the agent's {@code except Exception} lets them.
     */
    private Outcome outcome(Operation operation, boolean inCallback) {
        try {
            return dispatch(operation);
        } catch (JavaLoop.NotSupported | OperationUnsupported e) {
            throw e; // declined, not an outcome: the scenario is not applicable
        } catch (RuntimeException | LoopError.Exit e) {
            if (inCallback && types.isExit(e)) {
                throw e;
            }
            return types.outcomeOf(e);
        }
    }

    private Runnable callback(String label, List<Operation> then) {
        return () -> {
            state.record(label);
            performScript(then);
        };
    }

    private Outcome dispatch(Operation op) {
        Handler<Operation> handler = handlerOf(op);
        if (handler == null) {
            throw new IllegalStateException("operation not handled by the Java interpreter: " + op);
        }
        try {
            return handler.perform(this, op);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while performing " + op.wireName(), e);
        }
    }

    @SuppressWarnings("unchecked")
    private static Handler<Operation> handlerOf(Operation op) {
        return (Handler<Operation>) TABLE.get(op.getClass());
    }

    /** The operations this interpreter performs: the keys of its table, in the order of {@link Operation}. */
    static Set<Class<? extends Operation>> operations() {
        return TABLE.keySet();
    }

    /** How the interpreter performs one kind of operation. */
    @FunctionalInterface
    private interface Handler<O extends Operation> {
        Outcome perform(Interpreter interpreter, O operation) throws InterruptedException;
    }

    /** A handler whose outcome is nothing. */
    @FunctionalInterface
    private interface Action<O extends Operation> {
        void perform(Interpreter interpreter, O operation) throws InterruptedException;
    }

    /** Builds {@link #TABLE}: one entry per operation, refusing a second entry for the same one. */
    private static final class Table {
        private final Map<Class<? extends Operation>, Handler<?>> entries = new LinkedHashMap<>();

        <O extends Operation> Table value(Class<O> type, Handler<O> handler) {
            if (entries.putIfAbsent(type, handler) != null) {
                throw new IllegalStateException("two handlers for " + type.getSimpleName());
            }
            return this;
        }

        <O extends Operation> Table action(Class<O> type, Action<O> action) {
            return value(type, (i, o) -> {
                action.perform(i, o);
                return Outcome.nothing();
            });
        }

        Map<Class<? extends Operation>, Handler<?>> build() {
            return Collections.unmodifiableMap(entries);
        }
    }

    /**
     * The interpreter's table, in the order of {@link Operation}: what each operation of docs/protocol.md does
     * on a {@link JavaLoop}. VocabularyTest reads its keys ({@link #operations()}) and checks them against
     * Operation.java, the agent, the docs and the request schema.
     */
    private static final Map<Class<? extends Operation>, Handler<?>> TABLE = new Table()
            // ---- scheduling
            .action(Operation.CallSoon.class, (i, o) ->
                    i.schedule(o.handle(), o.label(), o.then(), cb -> i.contexts.callSoon(cb, o.context())))
            .action(Operation.CallSoonThreadsafe.class, (i, o) ->
                    i.schedule(o.handle(), o.label(), o.then(), cb -> i.contexts.callSoonThreadsafe(cb, o.context())))
            .action(Operation.CallLater.class, (i, o) ->
                    i.schedule(o.handle(), o.label(), o.then(), cb -> i.contexts.callLater(o.delay(), cb, o.context())))
            .action(Operation.CallAt.class, (i, o) -> i.schedule(o.handle(), o.label(), o.then(),
                    cb -> i.contexts.callAt(i.loop.time() + o.delay(), cb, o.context())))
            .action(Operation.Raise.class, (i, o) -> {
                throw raisedByTheKit();
            })
            .action(Operation.CancelHandle.class, (i, o) -> i.state.handle(o.handle()).cancel())
            .value(Operation.HandleCancelled.class, (i, o) -> Outcome.value(i.state.handle(o.handle()).cancelled()))
            .value(Operation.HandleHoldsCallback.class, (i, o) -> Outcome.value(i.loop.handleInternals()
                    .orElseThrow(() -> missing("handleInternals")).holdsCallback(i.state.handle(o.handle()))))
            .value(Operation.CallbackFreed.class, (i, o) -> Outcome.value(i.callbackFreed(o.handle())))
            .value(Operation.RemoveFromReadyQueue.class, (i, o) ->
                    Outcome.value(i.readyQueue().remove(i.state.handle(o.handle()))))
            // ---- running the loop
            .action(Operation.Stop.class, (i, o) -> i.loop.stop())
            .action(Operation.RunOnce.class, (i, o) -> i.run(() -> {
                if (i.loop.isRunning()) { // refused before stop(): a stray stop() would end the running loop
                    throw new IllegalStateException("This event loop is already running");
                }
                if (o.via() == Operation.RunOnce.Via.STOP_BEFORE_RUN) {
                    i.loop.stop(); // stop() before run_forever(): exactly one iteration, as asyncio documents
                } else {
                    JavaLoop loop = i.loop; // the kit's fallback: a callback queued behind what is ready stops it
                    loop.callSoon(loop::stop);
                }
                i.loop.runForever();
            }))
            .action(Operation.RunForever.class, (i, o) -> i.run(i.loop::runForever))
            .value(Operation.RunUntilComplete.class, (i, o) -> {
                JavaLoop.Future future = i.state.future(o.future());
                Object[] result = new Object[1];
                i.run(() -> result[0] = i.loop.runUntilComplete(future));
                return Outcome.value(result[0]);
            })
            // ---- observing
            .value(Operation.ReadyQueueLength.class, (i, o) -> Outcome.value(i.readyQueue().length()))
            .value(Operation.SelectTimeout.class, (i, o) -> {
                JavaLoop.SelectProbe probe = i.loop.selectProbe().orElseThrow(() -> missing("selectProbe"));
                Double[] timeout = new Double[1];
                i.run(() -> timeout[0] = probe.runOnceObservingTimeout());
                return Outcome.value(timeout[0]);
            })
            .value(Operation.Recorded.class, (i, o) -> Outcome.value(i.state.recorded()))
            .value(Operation.Note.class, (i, o) -> {
                Outcome inner = i.outcome(o.of(), true); // EXC-2: KeyboardInterrupt or SystemExit leaves it unrecorded
                i.state.record(o.name(), inner.isError() ? AsyncioTypes.describe(inner) : inner.value());
                return inner;
            })
            // ---- futures
            .action(Operation.CreateFuture.class, (i, o) -> i.state.nameFuture(o.future(), i.loop.createFuture()))
            .action(Operation.AddDoneCallback.class, (i, o) ->
                    i.contexts.addDoneCallback(i.state.future(o.future()), i.doneCallback(o), o.context()))
            .action(Operation.SetResult.class, (i, o) -> i.state.future(o.future()).setResult(o.value()))
            .action(Operation.SetException.class, (i, o) ->
                    i.state.future(o.future()).setException(new LoopError("RuntimeError", "set by the kit")))
            .value(Operation.CancelFuture.class, (i, o) -> Outcome.value(i.state.future(o.future()).cancel()))
            .value(Operation.FutureDone.class, (i, o) -> Outcome.value(i.state.future(o.future()).done()))
            .value(Operation.FutureCancelled.class, (i, o) -> Outcome.value(i.state.future(o.future()).cancelled()))
            // ---- tasks
            .value(Operation.CreateTask.class, Interpreter::createTask)
            .action(Operation.CreateUninitialisedTask.class, (i, o) -> i.state.nameTask(o.task(), // INIT-1
                    i.loop.uninitialisedTasks().orElseThrow(() -> missing("uninitialisedTasks")).create()))
            .value(Operation.TaskDone.class, (i, o) -> Outcome.value(i.state.task(o.task()).done()))
            .value(Operation.TaskName.class, (i, o) -> Outcome.value(i.state.task(o.task()).name()))
            .value(Operation.TaskCoroutine.class, (i, o) -> {
                JavaLoop.Coroutine coroutine = i.state.task(o.task()).coroutine();
                return Outcome.value(coroutine == null ? null : coroutine.getClass().getSimpleName());
            })
            .value(Operation.CurrentTask.class, (i, o) -> Outcome.value(i.state.nameOf(i.loop.currentTask())))
            .action(Operation.EnterTask.class, (i, o) -> i.taskRegistry().enter(i.state.task(o.task())))
            .action(Operation.LeaveTask.class, (i, o) -> i.taskRegistry().leave(i.state.task(o.task())))
            .value(Operation.SwapCurrentTask.class, (i, o) -> {
                if (!i.apiLevel.atLeast(EAGER_START_SINCE)) { // _swap_current_task came with eager tasks
                    return Outcome.error("AttributeError", "module 'asyncio.tasks' has no attribute '_swap_current_task'");
                }
                JavaLoop.Task next = o.task() == null ? null : i.state.task(o.task());
                return Outcome.value(i.state.nameOf(i.taskRegistry().swap(next)));
            })
            // ---- threads, errors and I/O
            .value(Operation.StartLoopThread.class, (i, o) -> i.loopThread.start() ? Outcome.nothing()
                    : Outcome.error("RuntimeError", "the loop did not become idle within "
                            + LoopThread.BOUND_SECONDS + " s of starting on its own thread"))
            .value(Operation.StopLoopThread.class, (i, o) -> Outcome.value(i.loopThread.stop()))
            .value(Operation.RunOnceOnAnotherThread.class, (i, o) ->
                    LoopThread.onAnotherThread(() -> i.outcome(new Operation.RunOnce(o.via()), false)))
            .value(Operation.WaitFor.class, (i, o) -> Outcome.value(i.state.awaitEvent(o.label(), o.seconds())))
            .value(Operation.ReportedErrors.class, (i, o) -> Outcome.value(i.state.reportedErrors()))
            .action(Operation.AddReadyReader.class, (i, o) -> i.channels.addReadyReader(o.label()))
            // ---- futures, timers and exception handlers beyond the source document (issue 16)
            .value(Operation.RemoveDoneCallback.class, (i, o) -> {
                Consumer<JavaLoop.Future> callback = i.doneCallbacks.get(List.of(o.future(), o.label()));
                JavaLoop.Future future = i.state.future(o.future());
                if (callback == null) {
                    throw new UnknownName("no done callback '" + o.label() + "' was added to future '" + o.future() + "'");
                }
                return Outcome.value(future.removeDoneCallback(callback)); // FUTURE-5
            })
            .value(Operation.FutureResult.class, (i, o) -> Outcome.value(i.state.future(o.future()).result())) // FUTURE-3, FUTURE-4
            .value(Operation.FutureException.class, (i, o) -> {
                Throwable error = i.state.future(o.future()).exception();
                return Outcome.value(error == null ? null : i.types.describe(error));
            })
            .action(Operation.SetStopIteration.class, (i, o) ->
                    i.state.future(o.future()).setStopIteration("set by the kit")) // FUTURE-6
            .value(Operation.HandleWhen.class, (i, o) -> {
                if (!(i.state.handle(o.handle()) instanceof JavaLoop.TimerHandle timer)) {
                    return Outcome.error("AttributeError", "'Handle' object has no attribute 'when'");
                }
                return Outcome.value(timer.when()); // TIMER-1
            })
            .value(Operation.LoopTime.class, (i, o) -> Outcome.value(i.loop.time())) // TIMER-5
            .action(Operation.RaiseBaseException.class, (i, o) -> {
                throw exit(o.errorType());
            })
            .value(Operation.ReportedContexts.class, (i, o) -> Outcome.value(i.state.reportedContexts())) // EXC-1
            .action(Operation.SetExceptionHandler.class, (i, o) -> i.loop.setExceptionHandler(switch (o.handler()) { // EXC-3
                case RECORDING -> i.state.recordingHandler;
                case DEFAULT -> null;
                case RAISING -> RAISING_HANDLER;
            }))
            .value(Operation.GetExceptionHandler.class, (i, o) -> {
                JavaLoop.ExceptionHandler handler = i.loop.getExceptionHandler(); // EXC-3
                return Outcome.value(handler == null ? null : handler == i.state.recordingHandler ? "recording"
                        : handler == RAISING_HANDLER ? "raising" : "other");
            })
            .action(Operation.CallExceptionHandler.class, (i, o) -> {
                Map<String, Object> context = new LinkedHashMap<>(); // EXC-5
                context.put("message", o.message());
                context.put("exception", new LoopError("RuntimeError", o.message()));
                i.loop.callExceptionHandler(context);
            })
            // ---- the run lifecycle, a closed loop, cancellation and I/O readiness (issue 16, part B)
            .value(Operation.IsRunning.class, (i, o) -> Outcome.value(i.loop.isRunning()))
            .value(Operation.IsClosed.class, (i, o) -> Outcome.value(i.loop.isClosed()))
            .action(Operation.Close.class, (i, o) -> i.loop.close())
            .value(Operation.RunCoroutineUntilComplete.class, (i, o) -> {
                JavaLoop.Future awaited = o.awaits() == null ? null : i.state.future(o.awaits());
                KitCoroutine coroutine = KitCoroutine.ofTask(o.label(), awaited, List.of(), true, i);
                Object[] result = new Object[1];
                i.run(() -> result[0] = i.loop.runUntilComplete(coroutine)); // RUN-1
                return Outcome.value(result[0]);
            })
            .value(Operation.CancelTask.class, (i, o) -> Outcome.value(i.state.task(o.task()).cancel(o.msg())))
            .action(Operation.CreateScriptedTask.class, (i, o) -> {
                JavaLoop.Future awaited = o.awaits() == null ? null : i.state.future(o.awaits());
                KitCoroutine coroutine = KitCoroutine.ofScriptedTask(o.label(), awaited, o.then(), o.catchesCancellation(), i);
                i.state.nameTask(o.task(), i.loop.createTask(coroutine, o.task()));
            })
            .action(Operation.SocketPair.class, (i, o) -> i.channels.socketPair(o.socket()))
            .action(Operation.MakeReadable.class, (i, o) -> i.channels.makeReadable(o.socket()))
            .action(Operation.AddReader.class, (i, o) -> i.channels.addReader(o.socket(), i.callback(o.label(), o.then())))
            .value(Operation.RemoveReader.class, (i, o) -> Outcome.value(i.channels.removeReader(o.socket())))
            .action(Operation.AddWriter.class, (i, o) -> i.channels.addWriter(o.socket(), i.callback(o.label(), o.then())))
            .value(Operation.RemoveWriter.class, (i, o) -> Outcome.value(i.channels.removeWriter(o.socket())))
            .action(Operation.SetAsyncgenHooks.class, (i, o) -> // AGEN-1, AGEN-2
                    i.loop.asyncGenerators().setHooks(i.asyncGenerators.hooksOf(o.hooks())))
            .value(Operation.AsyncgenHooks.class, (i, o) ->
                    Outcome.value(i.asyncGenerators.kindOf(i.loop.asyncGenerators().hooks())))
            .action(Operation.CreateAsyncGenerator.class, (i, o) -> i.asyncGenerators.create(o.generator(),
                    new KitAsyncGenerator(o, i)))
            .action(Operation.AdvanceAsyncGenerator.class, (i, o) ->
                    i.asyncGenerators.named(o.generator()).advance(i.loop.asyncGenerators()))
            .action(Operation.DropAsyncGenerator.class, (i, o) -> i.asyncGenerators.drop(o.generator())) // AGEN-3
            .value(Operation.ShutdownAsyncgens.class, (i, o) -> { // AGEN-4, AGEN-5
                JavaLoop.Coroutine shutdown = i.loop.asyncGenerators().shutdownAsyncgens();
                Object[] result = new Object[1];
                i.run(() -> result[0] = i.loop.runUntilComplete(shutdown));
                return result[0] == null ? Outcome.nothing() : Outcome.value(result[0]);
            })
            // ---- the loop's clock (issue 28)
            .action(Operation.Spend.class, (i, o) -> i.loop.spend(o.seconds())) // CLOCK-1
            .action(Operation.CreateSleepingTask.class, (i, o) -> i.state.nameTask(o.task(), // TIMER-3, CLOCK-2
                    i.loop.createTask(new SleepingCoroutine(i.loop, o.delay(), () -> i.performScript(o.then())), o.task())))
            // ---- contexts (issue 28): JavaLoop.contexts(), else not applicable
            .action(Operation.SetContextValue.class, (i, o) -> i.contexts.set(o.value()))
            .value(Operation.ContextValue.class, (i, o) -> Outcome.value(i.contexts.value(o.context())))
            .action(Operation.CopyContext.class, (i, o) -> i.contexts.copy(o.context()))
            .value(Operation.HandleContext.class, (i, o) ->
                    Outcome.value(i.contexts.handleContext(i.state.handle(o.handle()), o.context())))
            .action(Operation.CreateTwoStepTask.class, (i, o) -> {
                TwoStepCoroutine coroutine = new TwoStepCoroutine(o.label(), o.then(), i.state.future(o.awaits()),
                        o.afterAwait(), i);
                i.state.nameTask(o.task(), i.contexts.createTask(coroutine, o.task(), o.context()));
            })
            // ---- runs and their endings (issue 28): the interpreter performs asyncio.Runner's steps
            .value(Operation.RunUnderRunner.class, (i, o) -> i.runner.run(o, i::run)) // RUNNER-2
            // ---- the default executor (issue 28): JavaLoop.defaultExecutor(), else not applicable
            .action(Operation.RunInExecutor.class, (i, o) -> i.executors.runInExecutor(o)) // EXEC-1
            .value(Operation.OnLoopThread.class, (i, o) -> Outcome.value(i.executors.onLoopThread()))
            .action(Operation.SetDefaultExecutor.class, (i, o) -> i.executors.setDefaultExecutor(o)) // EXEC-2, EXEC-7
            .value(Operation.ExecutorSubmissions.class, (i, o) -> Outcome.value(i.executors.submissions(o.executor())))
            .value(Operation.ShutdownDefaultExecutor.class, (i, o) -> i.executors.shutdown(o, i::run)) // EXEC-3, -4, -6
            .build();

    /** Schedules the kit's callback and names its handle, keeping the callback for {@code callback_freed}. */
    private void schedule(String name, String label, List<Operation> then,
            java.util.function.Function<Runnable, JavaLoop.Handle> scheduler) {
        Runnable callback = callback(label, then);
        state.nameHandle(name, scheduler.apply(callback), callback);
    }

    /**
     * A kit-driven run. A run requested while the loop already runs (from inside a callback) is refused by
     * the loop and does not count as a new run.
     */
    private void run(Runnable body) {
        if (loop.isRunning()) {
            body.run();
        } else {
            state.asNewRun(body);
        }
    }

    private Outcome createTask(Operation.CreateTask o) {
        JavaLoop.Future awaited = o.awaits() == null ? null : state.future(o.awaits());
        KitCoroutine coroutine = KitCoroutine.ofTask(o.label(), awaited, o.then(), apiLevel.atLeast(TASK_GROUP_SINCE), this);
        JavaLoop.Task task;
        switch (o.via()) {
            case CREATE_TASK -> {
                if (o.eagerStart()) { // BaseEventLoop.create_task takes no eager_start on 3.10 to 3.13
                    return Outcome.error("TypeError",
                            "BaseEventLoop.create_task() got an unexpected keyword argument 'eager_start'");
                }
                task = loop.createTask(coroutine, o.task());
            }
            case ASYNCIO_CREATE_TASK -> {
                if (!loop.isRunning()) { // asyncio.create_task uses get_running_loop()
                    return Outcome.error("RuntimeError", "no running event loop");
                }
                task = loop.createTask(coroutine, o.task());
            }
            case ENSURE_FUTURE -> task = loop.createTask(coroutine, o.task()); // ensure_future(coro, loop=loop)
            case TASK_GROUP -> {
                if (!apiLevel.atLeast(TASK_GROUP_SINCE)) {
                    return Outcome.error("AttributeError", "module 'asyncio' has no attribute 'TaskGroup'");
                }
                KitTaskGroup group = state.taskGroupOf(loop.currentTask());
                if (group == null) {
                    return Outcome.error("KitError",
                            "via task_group makes a task only inside the 'then' of a kit task's coroutine");
                }
                task = loop.createTask(coroutine, o.task());
                group.add(task);
            }
            default -> { // the Task constructor
                if (o.eagerStart() && !apiLevel.atLeast(EAGER_START_SINCE)) { // CPython's own words
                    return Outcome.error("TypeError", apiLevel.atLeast(TASK_GROUP_SINCE)
                            ? "'eager_start' is an invalid keyword argument for Task()"
                            : "Task() takes at most 3 arguments (4 given)");
                }
                task = loop.constructTask(coroutine, o.task(), o.eagerStart());
            }
        }
        state.nameTask(o.task(), task);
        return Outcome.nothing();
    }

    private Consumer<JavaLoop.Future> doneCallback(Operation.AddDoneCallback o) {
        return doneCallbacks.computeIfAbsent(List.of(o.future(), o.label()), key -> {
            Runnable callback = callback(o.label(), o.then());
            return done -> callback.run();
        });
    }

    /** Seen as a program would see it: a weak reference to the callback, after garbage collections. */
    private boolean callbackFreed(String handle) {
        for (int attempt = 0; attempt < 5 && !state.callbackCollected(handle); attempt++) {
            System.gc();
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return state.callbackCollected(handle);
    }

    private JavaLoop.ReadyQueue readyQueue() {
        return loop.readyQueue().orElseThrow(() -> missing("readyQueue"));
    }

    private JavaLoop.TaskRegistry taskRegistry() {
        return loop.taskRegistry().orElseThrow(() -> missing("taskRegistry"));
    }

    private static JavaLoop.NotSupported missing(String method) {
        return new JavaLoop.NotSupported(method);
    }

    private static LoopError raisedByTheKit() {
        return new LoopError("RuntimeError", "raised by the kit");
    }

    private static LoopError.Exit exit(Operation.BaseErrorType type) {
        return new LoopError.Exit(type == Operation.BaseErrorType.KEYBOARD_INTERRUPT ? "KeyboardInterrupt" : "SystemExit",
                "raised by the kit");
    }
}
