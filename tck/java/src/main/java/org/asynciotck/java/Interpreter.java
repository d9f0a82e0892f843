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

    private static final ApiLevel CREATE_TASK_TAKES_EAGER_START = ApiLevel.parse("3.13");
    private static final ApiLevel TASK_GROUP_SINCE = ApiLevel.parse("3.11");

    /** EXC-4: a handler that raises every time it is called. */
    private static final JavaLoop.ExceptionHandler RAISING_HANDLER = (loop, context) -> {
        throw new LoopError("RuntimeError", "raised by the handler");
    };

    private final JavaLoop loop;
    private final ApiLevel apiLevel;
    private final SessionState state = new SessionState();
    /** (future, label) to the done callback added for them: removal finds the same object (FUTURE-5). */
    private final Map<List<String>, Consumer<JavaLoop.Future>> doneCallbacks = new HashMap<>();
    private final LoopThread loopThread;
    private final WatchedChannels channels;

    Interpreter(JavaLoop loop, ApiLevel apiLevel) {
        this.loop = loop;
        this.apiLevel = apiLevel;
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

    /**
     * Performs a top-level operation.
     *
     * @throws JavaLoop.NotSupported when it, or a callback it ran, needs an optional method the loop lacks
     * @throws UnknownName when the operation names something the kit never made
     */
    Outcome perform(Operation operation) {
        Outcome outcome = outcome(operation);
        JavaLoop.NotSupported missing = state.takeUnsupported();
        if (missing != null) {
            throw missing;
        }
        return outcome;
    }

    /** Performs a callback's or a coroutine's {@code then}; errors are recorded as {@code !error}. */
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
                outcome = outcome(operation);
            } catch (JavaLoop.NotSupported missing) {
                state.unsupported(missing);
                continue;
            } catch (UnknownName e) {
                outcome = AsyncioTypes.outcomeOf(e);
            }
            if (outcome.isError()) {
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

    private Outcome outcome(Operation operation) {
        try {
            return dispatch(operation);
        } catch (JavaLoop.NotSupported | UnknownName e) {
            throw e;
        } catch (RuntimeException | LoopError.Exit e) {
            return AsyncioTypes.outcomeOf(e);
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
            KitCoroutine coroutine = new KitCoroutine(o.label(), awaited, List.of(), false, this);
            // asyncio's run_until_complete(coro) refuses a running loop before ensure_future wraps the coroutine
            // (RUN-6). JavaLoop has only the future form, so a running loop is asked with a future of its own,
            // which it refuses (RUN-3), and the coroutine is never wrapped; otherwise ensure_future (RUN-1).
            JavaLoop.Future target = loop.isRunning() ? loop.createFuture() : loop.createTask(coroutine, null);
            Object[] result = new Object[1];
            run(() -> result[0] = loop.runUntilComplete(target));
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
            Outcome inner = outcome(o.of());
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
            if (callback == null) {
                throw new UnknownName("no done callback [" + o.label() + "] was added to future [" + o.future() + "]");
            }
            return Outcome.value(state.future(o.future()).removeDoneCallback(callback)); // FUTURE-5
        } else if (op instanceof Operation.SetResult o) {
            state.future(o.future()).setResult(o.value());
        } else if (op instanceof Operation.SetException o) {
            state.future(o.future()).setException(new LoopError("RuntimeError", "set by the kit"));
        } else if (op instanceof Operation.SetStopIteration o) {
            state.future(o.future());
            throw new JavaLoop.NotSupported("Future.setException(StopIteration): Java has no StopIteration to refuse");
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
            return Outcome.value(error == null ? null : AsyncioTypes.describe(error));
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
            KitCoroutine coroutine = new KitCoroutine(o.label(), awaited, o.then(), o.catchesCancellation(), this);
            state.nameTask(o.task(), loop.createTask(coroutine, o.task()));
        } else if (op instanceof Operation.CreateUninitialisedTask) {
            throw new JavaLoop.NotSupported("a task whose initialiser never ran (Task.__new__), a Python notion");
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
        KitCoroutine coroutine = new KitCoroutine(o.label(), awaited, o.then(), false, this);
        JavaLoop.Task task;
        switch (o.via()) {
            case ASYNCIO_CREATE_TASK -> {
                if (!loop.isRunning()) { // asyncio.create_task uses get_running_loop()
                    return Outcome.error("RuntimeError", "no running event loop");
                }
                task = loop.createTask(coroutine, o.task());
            }
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
            default -> { // the Task constructor, loop.create_task and ensure_future(coro, loop=loop)
                if (o.eagerStart() && o.via() == Operation.TaskConstruction.CREATE_TASK
                        && !apiLevel.atLeast(CREATE_TASK_TAKES_EAGER_START)) {
                    return Outcome.error("TypeError",
                            "BaseEventLoop.create_task() got an unexpected keyword argument 'eager_start'");
                }
                task = o.eagerStart()
                        ? loop.eagerTasks().orElseThrow(() -> missing("eagerTasks")).createEagerTask(coroutine, o.task())
                        : loop.createTask(coroutine, o.task());
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
