package org.asynciotck.reference;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.asynciotck.refloop.CurrentTasks;
import org.asynciotck.refloop.EventLoop;
import org.asynciotck.refloop.ExceptionHandler;
import org.asynciotck.refloop.Future;
import org.asynciotck.refloop.LoopRuntimeException;
import org.asynciotck.refloop.StopIterationException;
import org.asynciotck.refloop.Task;
import org.asynciotck.refloop.TimerHandle;
import org.asynciotck.spi.ApiLevel;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;

/**
 * Performs one {@link Operation} on the session's loop, as docs/protocol.md says an agent
 * does. Runs on the session's loop thread only. What the loop throws becomes an error
 * outcome with asyncio's exception type ({@link PythonErrors}).
 */
final class OperationDispatcher {

    private static final ApiLevel CREATE_TASK_TAKES_EAGER_START = ApiLevel.parse("3.13");
    private static final ApiLevel TASK_GROUP_SINCE = ApiLevel.parse("3.11");

    private final SessionState state;
    private final EventLoop loop;
    private final ReferenceConfig config;
    private final CallbackFactory callbacks;
    private final LoopThread loopThread;
    /** (future name, label) to the done callback added for them: see {@link #doneCallback}. */
    private final Map<List<String>, Consumer<Future<Object>>> doneCallbacks = new HashMap<>();

    OperationDispatcher(SessionState state, ReferenceConfig config) {
        this.state = state;
        this.loop = state.loop;
        this.config = config;
        this.callbacks = new CallbackFactory(state, this);
        this.loopThread = new LoopThread(state);
    }

    /** Ends a loop thread that is still running; called when the session closes. */
    void stopLoopThread() throws InterruptedException {
        loopThread.stop();
    }

    /**
     * Performs the operation; a loop error becomes an error outcome.
     *
     * @throws UnknownNameException if the operation names something the kit never made
     */
    Outcome perform(Operation operation) {
        try {
            return dispatch(operation);
        } catch (UnknownNameException e) {
            throw e;
        } catch (RuntimeException e) {
            return PythonErrors.outcomeOf(e);
        }
    }

    /** As {@link #perform}, but a bad name is an error outcome too: for operations inside callbacks. */
    Outcome performCatchingAll(Operation operation) {
        try {
            return dispatch(operation);
        } catch (RuntimeException e) {
            return PythonErrors.outcomeOf(e);
        }
    }

    private Outcome dispatch(Operation op) {
        if (op instanceof Operation.CallSoon o) {
            state.nameHandle(o.handle(), loop.callSoon(callbacks.callback(o.label(), o.then())));
        } else if (op instanceof Operation.CallSoonThreadsafe o) {
            state.nameHandle(o.handle(), loop.callSoonThreadsafe(callbacks.callback(o.label(), o.then())));
        } else if (op instanceof Operation.CallLater o) {
            state.nameHandle(o.handle(), loop.callLater(o.delay(), callbacks.callback(o.label(), o.then())));
        } else if (op instanceof Operation.CallAt o) {
            state.nameHandle(o.handle(), loop.callAt(loop.time() + o.delay(), callbacks.callback(o.label(), o.then())));
        } else if (op instanceof Operation.Raise) {
            throw CallbackFactory.raisedByTheKit();
        } else if (op instanceof Operation.CancelHandle o) {
            state.handle(o.handle()).cancel();
        } else if (op instanceof Operation.HandleCancelled o) {
            return Outcome.value(state.handle(o.handle()).cancelled());
        } else if (op instanceof Operation.HandleHoldsCallback o) {
            return Outcome.value(state.handle(o.handle()).holdsCallback());
        } else if (op instanceof Operation.CallbackFreed o) {
            // The JVM frees nothing on request; a handle that no longer references the callback is
            // what lets it be freed, so the reference loop answers from that.
            return Outcome.value(!state.handle(o.handle()).holdsCallback());
        } else if (op instanceof Operation.RemoveFromReadyQueue o) {
            return Outcome.value(loop.removeFromReadyQueue(state.handle(o.handle())));
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
            Future<Object> future = state.awaitable(o.future());
            Object[] result = new Object[1];
            run(() -> result[0] = loop.runUntilComplete(future));
            return Outcome.value(result[0]);
        } else if (op instanceof Operation.ReadyQueueLength) {
            return Outcome.value(loop.readyQueueLength());
        } else if (op instanceof Operation.SelectTimeout) {
            return selectTimeout();
        } else if (op instanceof Operation.Recorded) {
            return Outcome.value(state.recorded());
        } else if (op instanceof Operation.Note o) {
            Outcome inner = perform(o.of());
            state.record(o.name(), inner.isError() ? PythonErrors.describe(inner) : inner.value());
            return inner;
        } else {
            return dispatchFuturesAndTasks(op);
        }
        return Outcome.nothing();
    }

    private Outcome dispatchFuturesAndTasks(Operation op) {
        if (op instanceof Operation.CreateFuture o) {
            state.nameFuture(o.future(), loop.createFuture());
        } else if (op instanceof Operation.AddDoneCallback o) {
            state.future(o.future()).addDoneCallback(doneCallback(o));
        } else if (op instanceof Operation.SetResult o) {
            state.future(o.future()).setResult(o.value());
        } else if (op instanceof Operation.SetException o) {
            state.future(o.future()).setException(new org.asynciotck.refloop.LoopRuntimeException("set by the kit"));
        } else if (op instanceof Operation.CancelFuture o) {
            return Outcome.value(state.future(o.future()).cancel());
        } else if (op instanceof Operation.FutureDone o) {
            return Outcome.value(state.future(o.future()).done());
        } else if (op instanceof Operation.FutureCancelled o) {
            return Outcome.value(state.future(o.future()).cancelled());
        } else if (op instanceof Operation.CreateTask o) {
            return createTask(o);
        } else if (op instanceof Operation.CreateUninitialisedTask o) {
            state.nameTask(o.task(), Task.uninitialised());
        } else if (op instanceof Operation.TaskDone o) {
            return Outcome.value(state.task(o.task()).done());
        } else if (op instanceof Operation.TaskName o) {
            return Outcome.value(state.task(o.task()).getName());
        } else if (op instanceof Operation.TaskCoroutine o) {
            Object coroutine = state.task(o.task()).getCoro();
            return Outcome.value(coroutine == null ? null : coroutine.getClass().getSimpleName());
        } else if (op instanceof Operation.CurrentTask) {
            return Outcome.value(state.nameOf(CurrentTasks.current(loop)));
        } else if (op instanceof Operation.EnterTask o) {
            CurrentTasks.enter(loop, state.task(o.task()));
        } else if (op instanceof Operation.LeaveTask o) {
            CurrentTasks.leave(loop, state.task(o.task()));
        } else if (op instanceof Operation.SwapCurrentTask o) {
            Task<?> next = o.task() == null ? null : state.task(o.task());
            return Outcome.value(state.nameOf(CurrentTasks.swap(loop, next)));
        } else {
            return dispatchThreadsAndIo(op);
        }
        return Outcome.nothing();
    }

    private Outcome dispatchThreadsAndIo(Operation op) {
        try {
            if (op instanceof Operation.StartLoopThread) {
                if (!loopThread.start()) {
                    return Outcome.error("RuntimeError", "the loop did not become idle within "
                            + LoopThread.BOUND_SECONDS + " s of starting on its own thread");
                }
            } else if (op instanceof Operation.StopLoopThread) {
                return Outcome.value(loopThread.stop());
            } else if (op instanceof Operation.WaitFor o) {
                return Outcome.value(state.awaitEvent(o.label(), o.seconds()));
            } else if (op instanceof Operation.ReportedErrors) {
                return Outcome.value(state.reportedErrors());
            } else if (op instanceof Operation.AddReadyReader o) {
                state.poller.addReadyReader(() -> state.record(o.label()));
            } else {
                return dispatchBeyondTheDocument(op);
            }
            return Outcome.nothing();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while performing " + op, e);
        }
    }

    /** Futures, timers and exception handlers beyond the source document (issue 16). */
    private Outcome dispatchBeyondTheDocument(Operation op) {
        if (op instanceof Operation.RemoveDoneCallback o) {
            Consumer<Future<Object>> callback = doneCallbacks.get(List.of(o.future(), o.label()));
            if (callback == null) {
                throw new UnknownNameException("no done callback [" + o.label() + "] was added to future [" + o.future() + "]");
            }
            return Outcome.value(state.future(o.future()).removeDoneCallback(callback)); // FUTURE-5
        } else if (op instanceof Operation.FutureResult o) {
            return Outcome.value(state.future(o.future()).result()); // FUTURE-3, FUTURE-4
        } else if (op instanceof Operation.FutureException o) {
            RuntimeException error = state.future(o.future()).exception();
            return Outcome.value(error == null ? null : PythonErrors.describe(PythonErrors.outcomeOf(error)));
        } else if (op instanceof Operation.SetStopIteration o) {
            state.future(o.future()).setException(new StopIterationException("set by the kit")); // FUTURE-6
        } else if (op instanceof Operation.HandleWhen o) {
            if (!(state.handle(o.handle()) instanceof TimerHandle timer)) {
                return Outcome.error("AttributeError", "'Handle' object has no attribute 'when'");
            }
            return Outcome.value(timer.when()); // TIMER-1
        } else if (op instanceof Operation.LoopTime) {
            return Outcome.value(loop.time()); // TIMER-5
        } else if (op instanceof Operation.RaiseBaseException o) {
            throw CallbackFactory.baseErrorRaisedByTheKit(o.errorType());
        } else if (op instanceof Operation.ReportedContexts) {
            return Outcome.value(state.reportedContexts()); // EXC-1
        } else if (op instanceof Operation.SetExceptionHandler o) {
            loop.setExceptionHandler(switch (o.handler()) { // EXC-3
                case RECORDING -> state.recordingHandler;
                case DEFAULT -> null;
                case RAISING -> RAISING_HANDLER;
            });
        } else if (op instanceof Operation.GetExceptionHandler) {
            ExceptionHandler handler = loop.getExceptionHandler(); // EXC-3
            return Outcome.value(handler == null ? null
                    : handler == state.recordingHandler ? "recording" : handler == RAISING_HANDLER ? "raising" : "other");
        } else if (op instanceof Operation.CallExceptionHandler o) {
            Map<String, Object> context = new LinkedHashMap<>(); // EXC-5
            context.put("message", o.message());
            context.put("exception", new LoopRuntimeException(o.message()));
            loop.callExceptionHandler(context);
        } else {
            return dispatchLifecycleAndWatchers(op);
        }
        return Outcome.nothing();
    }

    /** The kit's done callback for a label: the same one each time, so removal finds every instance (FUTURE-5). */
    private Consumer<Future<Object>> doneCallback(Operation.AddDoneCallback o) {
        return doneCallbacks.computeIfAbsent(List.of(o.future(), o.label()), key -> {
            Runnable callback = callbacks.callback(o.label(), o.then());
            return done -> callback.run();
        });
    }

    /** EXC-4: a handler that raises every time it is called. */
    private static final ExceptionHandler RAISING_HANDLER = (message, error) -> {
        throw new LoopRuntimeException("raised by the handler");
    };

    /**
     * A kit-driven run. A run requested while the loop already runs (from inside a callback)
     * is refused by the loop and does not count as a new run.
     */
    private void run(Runnable body) {
        if (loop.isRunning()) {
            body.run();
        } else {
            state.asNewRun(body);
        }
    }

    /** One iteration with the probe poller: the loop stops after it, the probe reports the timeout. */
    private Outcome selectTimeout() {
        state.poller.probeNextPoll();
        run(loop::runForever);
        if (!state.poller.probed()) {
            return Outcome.error("RuntimeError", "the loop returned without polling its selector");
        }
        return Outcome.value(state.poller.probedTimeout());
    }

    private Outcome createTask(Operation.CreateTask o) {
        Future<Object> awaited = o.awaits() == null ? null : state.awaitable(o.awaits());
        ScriptedCoroutine coroutine = new ScriptedCoroutine(o.label(), awaited, state, o.then(), callbacks, loop);
        Task<Object> task;
        switch (o.via()) {
            case CREATE_TASK -> {
                if (o.eagerStart() && !config.apiLevel().atLeast(CREATE_TASK_TAKES_EAGER_START)) {
                    return Outcome.error("TypeError",
                            "BaseEventLoop.create_task() got an unexpected keyword argument 'eager_start'");
                }
                task = loop.createTask(coroutine, o.task(), o.eagerStart());
            }
            case ASYNCIO_CREATE_TASK -> {
                if (!loop.isRunning()) { // asyncio.create_task uses get_running_loop()
                    return Outcome.error("RuntimeError", "no running event loop");
                }
                task = loop.createTask(coroutine, o.task(), false);
            }
            case ENSURE_FUTURE -> task = loop.createTask(coroutine, o.task(), false); // ensure_future(coro, loop=loop)
            case TASK_GROUP -> {
                if (!config.apiLevel().atLeast(TASK_GROUP_SINCE)) {
                    return Outcome.error("AttributeError", "module 'asyncio' has no attribute 'TaskGroup'");
                }
                ScriptedTaskGroup group = state.taskGroupOf(CurrentTasks.current(loop));
                if (group == null) {
                    return Outcome.error("KitError",
                            "via task_group makes a task only inside the 'then' of a kit task's coroutine");
                }
                task = loop.createTask(coroutine, o.task(), false);
                group.add(task);
            }
            default -> task = config.tasks().construct(loop, coroutine, o.task(), o.eagerStart());
        }
        state.nameTask(o.task(), task);
        return Outcome.nothing();
    }

    /** The operations of issue 16 part B: closing, running, cancelling tasks, watching descriptors. */
    private Outcome dispatchLifecycleAndWatchers(Operation op) {
        if (op instanceof Operation.IsRunning) {
            return Outcome.value(loop.isRunning());
        } else if (op instanceof Operation.IsClosed) {
            return Outcome.value(loop.isClosed());
        } else if (op instanceof Operation.Close) {
            loop.close();
        } else if (op instanceof Operation.RunCoroutineUntilComplete o) {
            Future<Object> awaited = o.awaits() == null ? null : state.awaitable(o.awaits());
            ScriptedCoroutine coroutine = new ScriptedCoroutine(o.label(), awaited, state, List.of(), callbacks, loop);
            Object[] result = new Object[1];
            run(() -> result[0] = loop.runUntilComplete(coroutine)); // RUN-1
            return Outcome.value(result[0]);
        } else if (op instanceof Operation.CancelTask o) {
            return Outcome.value(state.task(o.task()).cancel(o.msg()));
        } else if (op instanceof Operation.CreateScriptedTask o) {
            Future<Object> awaited = o.awaits() == null ? null : state.awaitable(o.awaits());
            ScriptedCoroutine coroutine = new ScriptedCoroutine(o.label(), awaited, state, o.then(), callbacks, loop,
                    o.catchesCancellation());
            state.nameTask(o.task(), loop.createTask(coroutine, o.task(), false));
        } else if (op instanceof Operation.SocketPair o) {
            state.nameSocket(o.socket(), new VirtualSocket());
        } else if (op instanceof Operation.MakeReadable o) {
            state.socket(o.socket()).receiveByte();
        } else if (op instanceof Operation.AddReader o) {
            loop.addReader(state.socket(o.socket()), callbacks.callback(o.label(), o.then()));
        } else if (op instanceof Operation.RemoveReader o) {
            return Outcome.value(loop.removeReader(state.socket(o.socket())));
        } else if (op instanceof Operation.AddWriter o) {
            loop.addWriter(state.socket(o.socket()), callbacks.callback(o.label(), o.then()));
        } else if (op instanceof Operation.RemoveWriter o) {
            return Outcome.value(loop.removeWriter(state.socket(o.socket())));
        } else {
            throw new IllegalStateException("operation not handled by the reference adapter: " + op);
        }
        return Outcome.nothing();
    }
}
