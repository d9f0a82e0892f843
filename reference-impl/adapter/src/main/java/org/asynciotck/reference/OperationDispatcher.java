package org.asynciotck.reference;

import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.asynciotck.refloop.CurrentTasks;
import org.asynciotck.refloop.EventLoop;
import org.asynciotck.refloop.ExceptionHandler;
import org.asynciotck.refloop.Future;
import org.asynciotck.refloop.LoopExitException;
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

    private static final ApiLevel TASK_GROUP_SINCE = ApiLevel.parse("3.11");
    /** Tasks take eager_start, and asyncio.tasks has _swap_current_task, from 3.12. */
    private static final ApiLevel EAGER_START_SINCE = ApiLevel.parse("3.12");

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
     * Performs the operation; a loop error becomes an error outcome, and so does a name the kit
     * never gave ({@code KitError}, docs/protocol.md "Names"), directly or inside a callback.
     */
    Outcome perform(Operation operation) {
        try {
            return dispatch(operation);
        } catch (RuntimeException e) {
            return PythonErrors.outcomeOf(e);
        }
    }

    /**
     * As {@link #perform}, for an operation in a callback's or a coroutine's {@code then}:
     * KeyboardInterrupt and SystemExit are not outcomes there, they leave the callback (EXC-2), as
     * the agent's {@code except Exception} lets them.
     */
    Outcome performInCallback(Operation operation) {
        try {
            return dispatch(operation);
        } catch (LoopExitException e) {
            throw e;
        } catch (RuntimeException e) {
            return PythonErrors.outcomeOf(e);
        }
    }

    private Outcome dispatch(Operation op) {
        Handler<Operation> handler = handlerOf(op);
        if (handler == null) {
            throw new IllegalStateException("operation not handled by the reference adapter: " + op);
        }
        try {
            return handler.perform(this, op);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while performing " + op, e);
        }
    }

    @SuppressWarnings("unchecked")
    private static Handler<Operation> handlerOf(Operation op) {
        return (Handler<Operation>) TABLE.get(op.getClass());
    }

    /** How the dispatcher performs one kind of operation. */
    @FunctionalInterface
    private interface Handler<O extends Operation> {
        Outcome perform(OperationDispatcher dispatcher, O operation) throws InterruptedException;
    }

    /** A handler whose outcome is nothing. */
    @FunctionalInterface
    private interface Action<O extends Operation> {
        void perform(OperationDispatcher dispatcher, O operation) throws InterruptedException;
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
            return value(type, (d, o) -> {
                action.perform(d, o);
                return Outcome.nothing();
            });
        }

        Map<Class<? extends Operation>, Handler<?>> build() {
            return Collections.unmodifiableMap(entries);
        }
    }

    /**
     * The interpreter's table, in the order of {@link Operation}: what each operation of
     * docs/protocol.md does on the reference loop. VocabularyTest reads its keys
     * ({@link #operations()}) and checks them against Operation.java, the agent and the docs.
     */
    private static final Map<Class<? extends Operation>, Handler<?>> TABLE = new Table()
            // ---- scheduling
            .action(Operation.CallSoon.class, (d, o) ->
                    d.state.nameHandle(o.handle(), d.loop.callSoon(d.callbacks.callback(o.label(), o.then()))))
            .action(Operation.CallSoonThreadsafe.class, (d, o) ->
                    d.state.nameHandle(o.handle(), d.loop.callSoonThreadsafe(d.callbacks.callback(o.label(), o.then()))))
            .action(Operation.CallLater.class, (d, o) ->
                    d.state.nameHandle(o.handle(), d.loop.callLater(o.delay(), d.callbacks.callback(o.label(), o.then()))))
            .action(Operation.CallAt.class, (d, o) -> d.state.nameHandle(o.handle(),
                    d.loop.callAt(d.loop.time() + o.delay(), d.callbacks.callback(o.label(), o.then()))))
            .action(Operation.Raise.class, (d, o) -> {
                throw CallbackFactory.raisedByTheKit();
            })
            .action(Operation.CancelHandle.class, (d, o) -> d.state.handle(o.handle()).cancel())
            .value(Operation.HandleCancelled.class, (d, o) -> Outcome.value(d.state.handle(o.handle()).cancelled()))
            .value(Operation.HandleHoldsCallback.class, (d, o) -> Outcome.value(d.state.handle(o.handle()).holdsCallback()))
            // The JVM frees nothing on request; a handle that no longer references the callback is
            // what lets it be freed, so the reference loop answers from that.
            .value(Operation.CallbackFreed.class, (d, o) -> Outcome.value(!d.state.handle(o.handle()).holdsCallback()))
            .value(Operation.RemoveFromReadyQueue.class, (d, o) ->
                    Outcome.value(d.loop.removeFromReadyQueue(d.state.handle(o.handle()))))
            // ---- running the loop
            .action(Operation.Stop.class, (d, o) -> d.loop.stop())
            .action(Operation.RunOnce.class, (d, o) -> d.run(() -> {
                if (d.loop.isRunning()) { // refused before stop(): a stray stop() would end the running loop
                    throw new LoopRuntimeException("This event loop is already running");
                }
                d.loop.stop(); // stop() before run_forever(): exactly one iteration, as asyncio documents
                d.loop.runForever();
            }))
            .action(Operation.RunForever.class, (d, o) -> d.run(d.loop::runForever))
            .value(Operation.RunUntilComplete.class, (d, o) -> {
                Future<Object> future = d.state.awaitable(o.future());
                Object[] result = new Object[1];
                d.run(() -> result[0] = d.loop.runUntilComplete(future));
                return Outcome.value(result[0]);
            })
            // ---- observing
            .value(Operation.ReadyQueueLength.class, (d, o) -> Outcome.value(d.loop.readyQueueLength()))
            .value(Operation.SelectTimeout.class, (d, o) -> d.selectTimeout())
            .value(Operation.Recorded.class, (d, o) -> Outcome.value(d.state.recorded()))
            .value(Operation.Note.class, (d, o) -> {
                Outcome inner;
                try {
                    inner = d.dispatch(o.of());
                } catch (LoopExitException e) {
                    throw e; // EXC-2: KeyboardInterrupt or SystemExit leaves the note unrecorded, as in the agent
                } catch (RuntimeException e) {
                    inner = PythonErrors.outcomeOf(e);
                }
                d.state.record(o.name(), inner.isError() ? PythonErrors.describe(inner) : inner.value());
                return inner;
            })
            // ---- futures
            .action(Operation.CreateFuture.class, (d, o) -> d.state.nameFuture(o.future(), d.loop.createFuture()))
            .action(Operation.AddDoneCallback.class, (d, o) -> d.state.future(o.future()).addDoneCallback(d.doneCallback(o)))
            .action(Operation.SetResult.class, (d, o) -> d.state.future(o.future()).setResult(o.value()))
            .action(Operation.SetException.class, (d, o) ->
                    d.state.future(o.future()).setException(new LoopRuntimeException("set by the kit")))
            .value(Operation.CancelFuture.class, (d, o) -> Outcome.value(d.state.future(o.future()).cancel()))
            .value(Operation.FutureDone.class, (d, o) -> Outcome.value(d.state.future(o.future()).done()))
            .value(Operation.FutureCancelled.class, (d, o) -> Outcome.value(d.state.future(o.future()).cancelled()))
            // ---- tasks
            .value(Operation.CreateTask.class, OperationDispatcher::createTask)
            .action(Operation.CreateUninitialisedTask.class, (d, o) -> d.state.nameTask(o.task(), Task.uninitialised()))
            .value(Operation.TaskDone.class, (d, o) -> Outcome.value(d.state.task(o.task()).done()))
            .value(Operation.TaskName.class, (d, o) -> Outcome.value(d.state.task(o.task()).getName()))
            .value(Operation.TaskCoroutine.class, (d, o) -> {
                Object coroutine = d.state.task(o.task()).getCoro();
                return Outcome.value(coroutine == null ? null : coroutine.getClass().getSimpleName());
            })
            .value(Operation.CurrentTask.class, (d, o) -> Outcome.value(d.state.nameOf(CurrentTasks.current(d.loop))))
            .action(Operation.EnterTask.class, (d, o) -> CurrentTasks.enter(d.loop, d.state.task(o.task())))
            .action(Operation.LeaveTask.class, (d, o) -> CurrentTasks.leave(d.loop, d.state.task(o.task())))
            .value(Operation.SwapCurrentTask.class, (d, o) -> {
                if (!d.config.apiLevel().atLeast(EAGER_START_SINCE)) { // _swap_current_task came with eager tasks
                    return Outcome.error("AttributeError", "module 'asyncio.tasks' has no attribute '_swap_current_task'");
                }
                Task<?> next = o.task() == null ? null : d.state.task(o.task());
                return Outcome.value(d.state.nameOf(CurrentTasks.swap(d.loop, next)));
            })
            // ---- threads, errors and I/O
            .value(Operation.StartLoopThread.class, (d, o) -> d.loopThread.start() ? Outcome.nothing()
                    : Outcome.error("RuntimeError", "the loop did not become idle within "
                            + LoopThread.BOUND_SECONDS + " s of starting on its own thread"))
            .value(Operation.StopLoopThread.class, (d, o) -> Outcome.value(d.loopThread.stop()))
            .value(Operation.WaitFor.class, (d, o) -> Outcome.value(d.state.awaitEvent(o.label(), o.seconds())))
            .value(Operation.ReportedErrors.class, (d, o) -> Outcome.value(d.state.reportedErrors()))
            .action(Operation.AddReadyReader.class, (d, o) -> d.state.poller.addReadyReader(() -> d.state.record(o.label())))
            // ---- futures, timers and exception handlers beyond the source document (issue 16)
            .value(Operation.RemoveDoneCallback.class, (d, o) -> {
                Consumer<Future<Object>> callback = d.doneCallbacks.get(List.of(o.future(), o.label()));
                Future<Object> future = d.state.future(o.future());
                if (callback == null) {
                    throw new UnknownNameException("no done callback '" + o.label() + "' was added to future '"
                            + o.future() + "'");
                }
                return Outcome.value(future.removeDoneCallback(callback)); // FUTURE-5
            })
            .value(Operation.FutureResult.class, (d, o) -> Outcome.value(d.state.future(o.future()).result())) // FUTURE-3, FUTURE-4
            .value(Operation.FutureException.class, (d, o) -> {
                RuntimeException error = d.state.future(o.future()).exception();
                return Outcome.value(error == null ? null : PythonErrors.describe(PythonErrors.outcomeOf(error)));
            })
            .action(Operation.SetStopIteration.class, (d, o) ->
                    d.state.future(o.future()).setException(new StopIterationException("set by the kit"))) // FUTURE-6
            .value(Operation.HandleWhen.class, (d, o) -> {
                if (!(d.state.handle(o.handle()) instanceof TimerHandle timer)) {
                    return Outcome.error("AttributeError", "'Handle' object has no attribute 'when'");
                }
                return Outcome.value(timer.when()); // TIMER-1
            })
            .value(Operation.LoopTime.class, (d, o) -> Outcome.value(d.loop.time())) // TIMER-5
            .action(Operation.RaiseBaseException.class, (d, o) -> {
                throw CallbackFactory.baseErrorRaisedByTheKit(o.errorType());
            })
            .value(Operation.ReportedContexts.class, (d, o) -> Outcome.value(d.state.reportedContexts())) // EXC-1
            .action(Operation.SetExceptionHandler.class, (d, o) -> d.loop.setExceptionHandler(switch (o.handler()) { // EXC-3
                case RECORDING -> d.state.recordingHandler;
                case DEFAULT -> null;
                case RAISING -> OperationDispatcher.RAISING_HANDLER;
            }))
            .value(Operation.GetExceptionHandler.class, (d, o) -> {
                ExceptionHandler handler = d.loop.getExceptionHandler(); // EXC-3
                return Outcome.value(handler == null ? null : handler == d.state.recordingHandler ? "recording"
                        : handler == OperationDispatcher.RAISING_HANDLER ? "raising" : "other");
            })
            .action(Operation.CallExceptionHandler.class, (d, o) -> {
                Map<String, Object> context = new LinkedHashMap<>(); // EXC-5
                context.put("message", o.message());
                context.put("exception", new LoopRuntimeException(o.message()));
                d.loop.callExceptionHandler(context);
            })
            // ---- the run lifecycle, a closed loop, cancellation and I/O readiness (issue 16, part B)
            .value(Operation.IsRunning.class, (d, o) -> Outcome.value(d.loop.isRunning()))
            .value(Operation.IsClosed.class, (d, o) -> Outcome.value(d.loop.isClosed()))
            .action(Operation.Close.class, (d, o) -> d.loop.close())
            .value(Operation.RunCoroutineUntilComplete.class, (d, o) -> {
                Future<Object> awaited = o.awaits() == null ? null : d.state.awaitable(o.awaits());
                ScriptedCoroutine coroutine = ScriptedCoroutine.ofTask(o.label(), awaited, d.state, List.of(), d.callbacks,
                        d.loop, true);
                Object[] result = new Object[1];
                d.run(() -> result[0] = d.loop.runUntilComplete(coroutine)); // RUN-1
                return Outcome.value(result[0]);
            })
            .value(Operation.CancelTask.class, (d, o) -> Outcome.value(d.state.task(o.task()).cancel(o.msg())))
            .action(Operation.CreateScriptedTask.class, (d, o) -> {
                Future<Object> awaited = o.awaits() == null ? null : d.state.awaitable(o.awaits());
                ScriptedCoroutine coroutine = ScriptedCoroutine.ofScriptedTask(o.label(), awaited, d.state, o.then(),
                        d.callbacks, d.loop, o.catchesCancellation());
                d.state.nameTask(o.task(), d.loop.createTask(coroutine, o.task(), false));
            })
            .action(Operation.SocketPair.class, (d, o) -> d.state.nameSocket(o.socket(), new VirtualSocket()))
            .action(Operation.MakeReadable.class, (d, o) -> d.state.socket(o.socket()).receiveByte())
            .action(Operation.AddReader.class, (d, o) ->
                    d.loop.addReader(d.state.socket(o.socket()), d.callbacks.callback(o.label(), o.then())))
            .value(Operation.RemoveReader.class, (d, o) -> Outcome.value(d.loop.removeReader(d.state.socket(o.socket()))))
            .action(Operation.AddWriter.class, (d, o) ->
                    d.loop.addWriter(d.state.socket(o.socket()), d.callbacks.callback(o.label(), o.then())))
            .value(Operation.RemoveWriter.class, (d, o) -> Outcome.value(d.loop.removeWriter(d.state.socket(o.socket()))))
            .build();

    /** The operations this interpreter performs: the keys of its table, in the order of {@link Operation}. */
    static Set<Class<? extends Operation>> operations() {
        return TABLE.keySet();
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
        ScriptedCoroutine coroutine = ScriptedCoroutine.ofTask(o.label(), awaited, state, o.then(), callbacks, loop,
                config.apiLevel().atLeast(TASK_GROUP_SINCE));
        Task<Object> task;
        switch (o.via()) {
            case CREATE_TASK -> {
                if (o.eagerStart()) { // BaseEventLoop.create_task takes no eager_start on 3.10 to 3.13
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
            default -> {
                if (o.eagerStart() && !config.apiLevel().atLeast(EAGER_START_SINCE)) { // CPython's own words
                    return Outcome.error("TypeError", config.apiLevel().atLeast(TASK_GROUP_SINCE)
                            ? "'eager_start' is an invalid keyword argument for Task()"
                            : "Task() takes at most 3 arguments (4 given)");
                }
                task = config.tasks().construct(loop, coroutine, o.task(), o.eagerStart());
            }
        }
        state.nameTask(o.task(), task);
        return Outcome.nothing();
    }
}
