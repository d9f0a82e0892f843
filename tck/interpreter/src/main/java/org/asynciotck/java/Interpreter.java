package org.asynciotck.java;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.asynciotck.java.AsyncioTypes.UnknownName;
import org.asynciotck.spi.ApiLevel;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;

/**
 * Performs every {@link Operation} of the vocabulary (docs/protocol.md) on one {@link JavaLoop}, as an agent
 * does for a Python loop. Runs on the session thread. What the loop throws becomes an error outcome named
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

    Interpreter(JavaLoop loop, ApiLevel apiLevel) {
        this.loop = loop;
        this.apiLevel = apiLevel;
        this.types = new AsyncioTypes(loop);
        this.state = new SessionState(types);
        this.loopThread = new LoopThread(loop, state);
        this.channels = new WatchedChannels(loop, state, this::callback);
        loop.setExceptionHandler(state.recordingHandler);
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
        } catch (JavaLoop.NotSupported e) {
            throw e;
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
        if (op instanceof Operation.CallSoon o) {
            Runnable callback = callback(o.label(), o.then());
            state.nameHandle(o.handle(), loop.callSoon(callback), callback);
        } else if (op instanceof Operation.CallSoonThreadsafe o) {
            Runnable callback = callback(o.label(), o.then());
            state.nameHandle(o.handle(), loop.callSoonThreadsafe(callback), callback);
        } else if (op instanceof Operation.CallLater o) {
            Runnable callback = callback(o.label(), o.then());
            state.nameHandle(o.handle(), loop.callLater(o.delay(), callback), callback);
        } else if (op instanceof Operation.CallAt o) {
            Runnable callback = callback(o.label(), o.then());
            state.nameHandle(o.handle(), loop.callAt(loop.time() + o.delay(), callback), callback);
        } else if (op instanceof Operation.Raise) {
            throw raisedByTheKit();
        } else if (op instanceof Operation.CancelHandle o) {
            state.handle(o.handle()).cancel();
        } else if (op instanceof Operation.HandleCancelled o) {
            return Outcome.value(state.handle(o.handle()).cancelled());
        } else if (op instanceof Operation.HandleHoldsCallback o) {
            return Outcome.value(loop.handleInternals().orElseThrow(() -> missing("handleInternals"))
                    .holdsCallback(state.handle(o.handle())));
        } else if (op instanceof Operation.CallbackFreed o) {
            return Outcome.value(callbackFreed(o.handle()));
        } else if (op instanceof Operation.RemoveFromReadyQueue o) {
            return Outcome.value(readyQueue().remove(state.handle(o.handle())));
        } else if (op instanceof Operation.HandleWhen o) {
            if (!(state.handle(o.handle()) instanceof JavaLoop.TimerHandle timer)) {
                return Outcome.error("AttributeError", "'Handle' object has no attribute 'when'");
            }
            return Outcome.value(timer.when()); // TIMER-1
        } else if (op instanceof Operation.LoopTime) {
            return Outcome.value(loop.time()); // TIMER-5
        } else {
            return dispatchRunsAndObservations(op);
        }
        return Outcome.nothing();
    }

    private Outcome dispatchRunsAndObservations(Operation op) {
        if (op instanceof Operation.Stop) {
            loop.stop();
        } else if (op instanceof Operation.RunOnce) {
            run(() -> {
                if (loop.isRunning()) { // refused before stop(): a stray stop() would end the running loop
                    throw new IllegalStateException("This event loop is already running");
                }
                loop.stop(); // stop() before run_forever(): exactly one iteration, as asyncio documents
                loop.runForever();
            });
        } else if (op instanceof Operation.RunForever) {
            run(loop::runForever);
        } else if (op instanceof Operation.RunUntilComplete o) {
            JavaLoop.Future future = state.future(o.future());
            Object[] result = new Object[1];
            run(() -> result[0] = loop.runUntilComplete(future));
            return Outcome.value(result[0]);
        } else if (op instanceof Operation.RunCoroutineUntilComplete o) {
            JavaLoop.Future awaited = o.awaits() == null ? null : state.future(o.awaits());
            KitCoroutine coroutine = KitCoroutine.ofTask(o.label(), awaited, List.of(), true, this);
            Object[] result = new Object[1];
            run(() -> result[0] = loop.runUntilComplete(coroutine)); // RUN-1: ensure_future
            return Outcome.value(result[0]);
        } else if (op instanceof Operation.ReadyQueueLength) {
            return Outcome.value(readyQueue().length());
        } else if (op instanceof Operation.SelectTimeout) {
            JavaLoop.SelectProbe probe = loop.selectProbe().orElseThrow(() -> missing("selectProbe"));
            Double[] timeout = new Double[1];
            run(() -> timeout[0] = probe.runOnceObservingTimeout());
            return Outcome.value(timeout[0]);
        } else if (op instanceof Operation.Recorded) {
            return Outcome.value(state.recorded());
        } else if (op instanceof Operation.Note o) {
            Outcome inner = outcome(o.of(), true); // EXC-2: KeyboardInterrupt or SystemExit leaves it unrecorded
            state.record(o.name(), inner.isError() ? AsyncioTypes.describe(inner) : inner.value());
            return inner;
        } else if (op instanceof Operation.IsRunning) {
            return Outcome.value(loop.isRunning());
        } else if (op instanceof Operation.IsClosed) {
            return Outcome.value(loop.isClosed());
        } else if (op instanceof Operation.Close) {
            loop.close();
        } else {
            return dispatchFutures(op);
        }
        return Outcome.nothing();
    }

    private Outcome dispatchFutures(Operation op) {
        if (op instanceof Operation.CreateFuture o) {
            state.nameFuture(o.future(), loop.createFuture());
        } else if (op instanceof Operation.AddDoneCallback o) {
            state.future(o.future()).addDoneCallback(doneCallback(o));
        } else if (op instanceof Operation.RemoveDoneCallback o) {
            Consumer<JavaLoop.Future> callback = doneCallbacks.get(List.of(o.future(), o.label()));
            JavaLoop.Future future = state.future(o.future());
            if (callback == null) {
                throw new UnknownName("no done callback '" + o.label() + "' was added to future '" + o.future() + "'");
            }
            return Outcome.value(future.removeDoneCallback(callback)); // FUTURE-5
        } else if (op instanceof Operation.SetResult o) {
            state.future(o.future()).setResult(o.value());
        } else if (op instanceof Operation.SetException o) {
            state.future(o.future()).setException(new LoopError("RuntimeError", "set by the kit"));
        } else if (op instanceof Operation.SetStopIteration o) {
            state.future(o.future()).setStopIteration("set by the kit"); // FUTURE-6
        } else if (op instanceof Operation.CancelFuture o) {
            return Outcome.value(state.future(o.future()).cancel());
        } else if (op instanceof Operation.FutureDone o) {
            return Outcome.value(state.future(o.future()).done());
        } else if (op instanceof Operation.FutureCancelled o) {
            return Outcome.value(state.future(o.future()).cancelled());
        } else if (op instanceof Operation.FutureResult o) {
            return Outcome.value(state.future(o.future()).result()); // FUTURE-3, FUTURE-4
        } else if (op instanceof Operation.FutureException o) {
            Throwable error = state.future(o.future()).exception();
            return Outcome.value(error == null ? null : types.describe(error));
        } else {
            return dispatchTasks(op);
        }
        return Outcome.nothing();
    }

    private Outcome dispatchTasks(Operation op) {
        if (op instanceof Operation.CreateTask o) {
            return createTask(o);
        } else if (op instanceof Operation.CreateScriptedTask o) {
            JavaLoop.Future awaited = o.awaits() == null ? null : state.future(o.awaits());
            KitCoroutine coroutine = KitCoroutine.ofScriptedTask(o.label(), awaited, o.then(), o.catchesCancellation(), this);
            state.nameTask(o.task(), loop.createTask(coroutine, o.task()));
        } else if (op instanceof Operation.CreateUninitialisedTask o) {
            state.nameTask(o.task(), loop.uninitialisedTasks().orElseThrow(() -> missing("uninitialisedTasks")).create()); // INIT-1
        } else if (op instanceof Operation.TaskDone o) {
            return Outcome.value(state.task(o.task()).done());
        } else if (op instanceof Operation.TaskName o) {
            return Outcome.value(state.task(o.task()).name());
        } else if (op instanceof Operation.TaskCoroutine o) {
            JavaLoop.Coroutine coroutine = state.task(o.task()).coroutine();
            return Outcome.value(coroutine == null ? null : coroutine.getClass().getSimpleName());
        } else if (op instanceof Operation.CancelTask o) {
            return Outcome.value(state.task(o.task()).cancel(o.msg()));
        } else if (op instanceof Operation.CurrentTask) {
            return Outcome.value(state.nameOf(loop.currentTask()));
        } else if (op instanceof Operation.EnterTask o) {
            taskRegistry().enter(state.task(o.task()));
        } else if (op instanceof Operation.LeaveTask o) {
            taskRegistry().leave(state.task(o.task()));
        } else if (op instanceof Operation.SwapCurrentTask o) {
            if (!apiLevel.atLeast(EAGER_START_SINCE)) { // _swap_current_task came with eager tasks
                return Outcome.error("AttributeError", "module 'asyncio.tasks' has no attribute '_swap_current_task'");
            }
            JavaLoop.Task next = o.task() == null ? null : state.task(o.task());
            return Outcome.value(state.nameOf(taskRegistry().swap(next)));
        } else {
            return dispatchThreadsErrorsAndIo(op);
        }
        return Outcome.nothing();
    }

    private Outcome dispatchThreadsErrorsAndIo(Operation op) {
        try {
            if (op instanceof Operation.StartLoopThread) {
                return loopThread.start() ? Outcome.nothing() : Outcome.error("RuntimeError",
                        "the loop did not become idle within " + LoopThread.BOUND_SECONDS + " s of starting on its own thread");
            } else if (op instanceof Operation.StopLoopThread) {
                return Outcome.value(loopThread.stop());
            } else if (op instanceof Operation.WaitFor o) {
                return Outcome.value(state.awaitEvent(o.label(), o.seconds()));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while performing " + op.wireName(), e);
        }
        if (op instanceof Operation.RaiseBaseException o) {
            throw exit(o.errorType());
        } else if (op instanceof Operation.ReportedErrors) {
            return Outcome.value(state.reportedErrors());
        } else if (op instanceof Operation.ReportedContexts) {
            return Outcome.value(state.reportedContexts()); // EXC-1
        } else if (op instanceof Operation.SetExceptionHandler o) {
            loop.setExceptionHandler(switch (o.handler()) { // EXC-3
                case RECORDING -> state.recordingHandler;
                case DEFAULT -> null;
                case RAISING -> RAISING_HANDLER;
            });
        } else if (op instanceof Operation.GetExceptionHandler) {
            JavaLoop.ExceptionHandler handler = loop.getExceptionHandler(); // EXC-3
            return Outcome.value(handler == null ? null
                    : handler == state.recordingHandler ? "recording" : handler == RAISING_HANDLER ? "raising" : "other");
        } else if (op instanceof Operation.CallExceptionHandler o) {
            Map<String, Object> context = new LinkedHashMap<>(); // EXC-5
            context.put("message", o.message());
            context.put("exception", new LoopError("RuntimeError", o.message()));
            loop.callExceptionHandler(context);
        } else {
            return channels.perform(op);
        }
        return Outcome.nothing();
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
