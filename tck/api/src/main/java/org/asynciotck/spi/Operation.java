package org.asynciotck.spi;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The closed vocabulary of things the kit asks of a loop. Each operation names
 * the asyncio call it stands for; its wire name (the {@code op} field of
 * docs/protocol.md) is the record's name in snake case ({@link #wireName()}).
 *
 * <p>Objects the loop creates (handles, futures, tasks) are named by the kit and
 * referred to by that name later. Callbacks and coroutines are not code sent to
 * the loop: they are fixed behaviours parameterised by a label ({@link Event}s
 * are what they leave behind), optionally followed by further operations that
 * the callback performs while it runs ({@code then}).
 *
 * <p>Public-API operations must be supported by every implementation. Those
 * that need more say which {@link Capability} in their Javadoc; an
 * implementation that does not declare it is never sent them.
 *
 * @since 0.1
 */
public sealed interface Operation {

    /** The operation's name in docs/protocol.md and in messages, e.g. "call_soon". */
    default String wireName() {
        return wireName(getClass());
    }

    /**
     * The wire name of an operation type: its record's name in snake case ({@code CallSoonThreadsafe}
     * is {@code call_soon_threadsafe}). One rule, so the names cannot drift from the records.
     */
    static String wireName(Class<? extends Operation> type) {
        return type.getSimpleName().replaceAll("(?<!^)(?=[A-Z])", "_").toLowerCase(Locale.ROOT);
    }

    /** Every operation of the vocabulary, in the order this file declares them. */
    static List<Class<? extends Operation>> types() {
        List<Class<? extends Operation>> types = new ArrayList<>();
        for (Class<?> type : Operation.class.getPermittedSubclasses()) {
            types.add(type.asSubclass(Operation.class));
        }
        return List.copyOf(types);
    }

    // ---- scheduling -------------------------------------------------------------------------

    /**
     * {@code loop.call_soon(cb)}. When {@code cb} runs it records {@code label}, then performs
     * {@code then} in order. {@code handle}, if not null, names the returned Handle. {@code context},
     * if not null, names a context the kit made ({@link CopyContext}), passed as {@code context=};
     * null passes none, so the loop copies the current context (CTX-1, CTX-2).
     */
    record CallSoon(String label, List<Operation> then, String handle, String context) implements Operation {
        public CallSoon {
            then = then == null ? List.of() : List.copyOf(then);
        }

        /** Without {@code context=}. */
        public CallSoon(String label, List<Operation> then, String handle) {
            this(label, then, handle, null);
        }
    }

    /** {@code loop.call_soon_threadsafe(cb)}, otherwise as {@link CallSoon}. */
    record CallSoonThreadsafe(String label, List<Operation> then, String handle, String context) implements Operation {
        public CallSoonThreadsafe {
            then = then == null ? List.of() : List.copyOf(then);
        }

        /** Without {@code context=}. */
        public CallSoonThreadsafe(String label, List<Operation> then, String handle) {
            this(label, then, handle, null);
        }
    }

    /** {@code loop.call_later(delay, cb)}; a negative delay makes an overdue timer. {@code context} as for {@link CallSoon}. */
    record CallLater(double delay, String label, List<Operation> then, String handle, String context)
            implements Operation {
        public CallLater {
            then = then == null ? List.of() : List.copyOf(then);
        }

        /** Without {@code context=}. */
        public CallLater(double delay, String label, List<Operation> then, String handle) {
            this(delay, label, then, handle, null);
        }
    }

    /**
     * {@code loop.call_at(loop.time() + delay, cb)}: the deadline is taken on the loop's own clock
     * when the operation is performed; a negative delay makes an overdue timer. Otherwise as
     * {@link CallLater}.
     */
    record CallAt(double delay, String label, List<Operation> then, String handle, String context) implements Operation {
        public CallAt {
            then = then == null ? List.of() : List.copyOf(then);
        }

        /** Without {@code context=}. */
        public CallAt(double delay, String label, List<Operation> then, String handle) {
            this(delay, label, then, handle, null);
        }
    }

    /**
     * Raises {@code RuntimeError("raised by the kit")}. In the {@code then} of a callback it is not
     * recorded as {@code !error}: it propagates out of the callback, so the loop sees a callback
     * that raises (asyncio's {@code Handle._run} hands it to the exception handler); the operations
     * after it are not performed. Performed by the kit directly, its outcome is that error.
     */
    record Raise() implements Operation {}

    /** {@code handle.cancel()}. */
    record CancelHandle(String handle) implements Operation {}

    /** {@code handle.cancelled()}; value: boolean. */
    record HandleCancelled(String handle) implements Operation {}

    /** Whether the handle still references its callback; value: boolean. Needs {@link Capability#HANDLE_INTERNALS}. */
    record HandleHoldsCallback(String handle) implements Operation {}

    /**
     * Whether the callback the kit gave the loop for this handle has been freed, seen through public
     * means only: a weak reference to it, after a garbage collection. Value: boolean.
     */
    record CallbackFreed(String handle) implements Operation {}

    /**
     * Takes the handle out of the ready queue ({@code loop._ready.remove(h)}, the document's "pop");
     * value: whether it was there. Needs {@link Capability#READY_QUEUE}.
     */
    record RemoveFromReadyQueue(String handle) implements Operation {}

    // ---- running the loop -------------------------------------------------------------------

    /** {@code loop.stop()}. */
    record Stop() implements Operation {}

    /**
     * Exactly one iteration through public API, {@link Via#STOP_BEFORE_RUN} unless asked otherwise:
     * {@code loop.stop(); loop.run_forever()}. asyncio documents that a loop stopped before
     * {@code run_forever()} polls once with a zero timeout, runs what is ready and returns. Starts a
     * new run for {@link Event#run()}. The kit drives iterations {@link Via#CALL_SOON_STOP} only
     * where a preflight found stop-before-run broken (docs/threads-and-time.md, "Which primitive
     * drives iterations").
     */
    record RunOnce(Via via) implements Operation {
        public RunOnce {
            via = via == null ? Via.STOP_BEFORE_RUN : via; // absent on the wire: the documented primitive
        }

        /** stop() before run_forever(), the primitive LIFE-1 checks. */
        public RunOnce() {
            this(Via.STOP_BEFORE_RUN);
        }

        /** How the one iteration is started and ended. */
        public enum Via {
            /** {@code loop.stop(); loop.run_forever()}: the iteration asyncio documents (LIFE-1). */
            STOP_BEFORE_RUN,
            /**
             * {@code loop.call_soon(loop.stop); loop.run_forever()}: run_forever() until a callback
             * stops it (LIFE-2's shape). On CPython it runs the same callbacks as stop-before-run: the
             * stop callback is queued behind what is ready, due timers and I/O callbacks join the same
             * batch after it, and what the batch schedules waits. Not on every loop: uvloop's stop()
             * from a callback takes effect one batch later (errata U-1), so it is only the fallback.
             */
            CALL_SOON_STOP;

            /** Its name on the wire: "stop_before_run", "call_soon_stop". */
            public String wireName() {
                return name().toLowerCase(Locale.ROOT);
            }
        }
    }

    /** {@code loop.run_forever()} until something stops it. Starts a new run for {@link Event#run()}. */
    record RunForever() implements Operation {}

    /**
     * {@code loop.run_until_complete(fut)}, where {@code future} names a future or a task; value:
     * its result (an error outcome with its exception when it has one).
     */
    record RunUntilComplete(String future) implements Operation {}

    // ---- observing --------------------------------------------------------------------------

    /** {@code len(loop._ready)}; value: integer. Needs {@link Capability#READY_QUEUE}. */
    record ReadyQueueLength() implements Operation {}

    /**
     * Runs one iteration with the selector replaced by a probe that reports no I/O, and returns
     * the timeout the loop passed to it (seconds, or null for "block until something happens").
     * The probe never blocks. Starts a new run. Needs {@link Capability#SELECT_TIMEOUT}.
     */
    record SelectTimeout() implements Operation {}

    /** Everything recorded so far, in order; value: list of {@link Event}. */
    record Recorded() implements Operation {}

    /**
     * Performs {@code of} and records its outcome as an {@link Event} named {@code name}
     * (value or "ErrorType: message"). Used inside callbacks to observe the loop mid-iteration.
     */
    record Note(String name, Operation of) implements Operation {}

    // ---- futures ----------------------------------------------------------------------------

    /** {@code loop.create_future()}, named {@code future}. */
    record CreateFuture(String future) implements Operation {}

    /**
     * {@code fut.add_done_callback(cb)}; {@code cb} records {@code label} and performs {@code then}.
     * {@code context}, if not null, names a context the kit made, passed as {@code context=} (CTX-4).
     */
    record AddDoneCallback(String future, String label, List<Operation> then, String context) implements Operation {
        public AddDoneCallback {
            then = then == null ? List.of() : List.copyOf(then);
        }

        /** Without {@code context=}. */
        public AddDoneCallback(String future, String label, List<Operation> then) {
            this(future, label, then, null);
        }
    }

    /** {@code fut.set_result(value)}. */
    record SetResult(String future, Object value) implements Operation {}

    /** {@code fut.set_exception(RuntimeError("set by the kit"))}. */
    record SetException(String future) implements Operation {}

    /** {@code fut.cancel()}; value: boolean, whether it was cancelled by this call. */
    record CancelFuture(String future) implements Operation {}

    /** {@code fut.done()}; value: boolean. */
    record FutureDone(String future) implements Operation {}

    /** {@code fut.cancelled()}; value: boolean. */
    record FutureCancelled(String future) implements Operation {}

    // ---- tasks ------------------------------------------------------------------------------

    /**
     * How a task is made: {@code asyncio.Task(coro, loop=loop)}, {@code loop.create_task(coro)},
     * {@code asyncio.create_task(coro)} (needs a running loop), {@code asyncio.ensure_future(coro,
     * loop=loop)} or {@code tg.create_task(coro)} on an {@code asyncio.TaskGroup} (3.11+) entered by
     * the coroutine of the kit task that performs the operation ({@link CreateTask#then}).
     */
    enum TaskConstruction {
        TASK_CONSTRUCTOR, CREATE_TASK, ASYNCIO_CREATE_TASK, ENSURE_FUTURE, TASK_GROUP;

        /** Its name on the wire: "task_constructor", "create_task", ... */
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** Whether {@code eager_start=True} can be passed this way (the Task constructor and loop.create_task only). */
        public boolean takesEagerStart() {
            return this == TASK_CONSTRUCTOR || this == CREATE_TASK;
        }
    }

    /**
     * Makes a task named {@code task} (also its asyncio name) around a coroutine that records
     * {@code <label>:start}, performs {@code then} in order (as a callback does, inside the task's
     * step: so tasks can be made and futures completed "from a task"), awaits the future
     * {@code awaits} if not null, records {@code <label>:end} and returns. When {@code then} makes
     * tasks with {@link TaskConstruction#TASK_GROUP}, the coroutine performs {@code then} inside
     * {@code async with asyncio.TaskGroup()} and so awaits those tasks before {@code awaits}.
     * {@code eagerStart} passes {@code eager_start=True} (needs {@link Capability#EAGER_START}; only
     * with {@link TaskConstruction#takesEagerStart()}).
     */
    record CreateTask(String task, String label, String awaits, TaskConstruction via, boolean eagerStart,
            List<Operation> then) implements Operation {
        public CreateTask {
            then = then == null ? List.of() : List.copyOf(then);
            if (eagerStart && via != null && !via.takesEagerStart()) {
                throw new IllegalArgumentException("eager_start with via " + via + ": only the Task constructor"
                        + " and loop.create_task take eager_start");
            }
        }

        /** A task whose coroutine performs nothing between its start and its await. */
        public CreateTask(String task, String label, String awaits, TaskConstruction via, boolean eagerStart) {
            this(task, label, awaits, via, eagerStart, List.of());
        }
    }

    /**
     * Makes a task object whose initialiser never ran ({@code Task.__new__(Task)}), named {@code task}.
     * Needs {@link Capability#UNINITIALISED_TASK}.
     */
    record CreateUninitialisedTask(String task) implements Operation {}

    /** {@code task.done()}; value: boolean. */
    record TaskDone(String task) implements Operation {}

    /** {@code task.get_name()}; value: string. */
    record TaskName(String task) implements Operation {}

    /** {@code task.get_coro()}; value: the coroutine's type name, or null when the task has none. */
    record TaskCoroutine(String task) implements Operation {}

    /** {@code asyncio.current_task(loop)}; value: the kit's name for it, or null. */
    record CurrentTask() implements Operation {}

    /** {@code asyncio.tasks._enter_task(loop, task)}. Needs {@link Capability#ENTER_LEAVE_TASK}. */
    record EnterTask(String task) implements Operation {}

    /** {@code asyncio.tasks._leave_task(loop, task)}. Needs {@link Capability#ENTER_LEAVE_TASK}. */
    record LeaveTask(String task) implements Operation {}

    /**
     * {@code asyncio.tasks._swap_current_task(loop, task)} ({@code task} may be null); value: the
     * kit's name for the previous current task, or null. Needs {@link Capability#SWAP_CURRENT_TASK}.
     */
    record SwapCurrentTask(String task) implements Operation {}

    // ---- threads, errors and I/O --------------------------------------------------------------

    /**
     * Starts {@code loop.run_forever()} on a new thread (the loop thread) and returns once the loop
     * is idle, blocked in its selector with nothing to do. From then on, every other operation is
     * performed from a thread that is not the loop thread, which is what the stall rules are about.
     * Starts a new run.
     */
    record StartLoopThread() implements Operation {}

    /** {@code loop.call_soon_threadsafe(loop.stop)} and joins the loop thread; value: whether it ended within the bound. */
    record StopLoopThread() implements Operation {}

    /**
     * One iteration, as {@link RunOnce}, performed on a new thread: not the thread that made the loop. asyncio
     * does not promise that a loop may run on another thread than its own (a Qt-based loop binds to the thread
     * that made it), so this is for the INFO rule that reports it. Waits for the thread within a bound; the
     * error outcome is what the iteration raised there. Starts a new run. {@code via} is the primitive of the
     * iteration, as for {@link RunOnce} (null: stop() before run_forever()).
     */
    record RunOnceOnAnotherThread(RunOnce.Via via) implements Operation {
        public RunOnceOnAnotherThread {
            via = via == null ? RunOnce.Via.STOP_BEFORE_RUN : via; // absent on the wire: the documented primitive
        }

        /** stop() before run_forever(), on the other thread. */
        public RunOnceOnAnotherThread() {
            this(RunOnce.Via.STOP_BEFORE_RUN);
        }
    }

    /**
     * Waits at most {@code seconds} for an event labelled {@code label} to be recorded; value: whether it was.
     * The wait is the bound a scenario uses to prove a negative; it never waits longer.
     */
    record WaitFor(String label, double seconds) implements Operation {}

    /**
     * What the loop reported to its exception handler so far (the agent installs a recording handler
     * with {@code loop.set_exception_handler} on every new loop); value: list of "Type: message".
     */
    record ReportedErrors() implements Operation {}

    /**
     * Registers {@code loop.add_reader} on a socket that is already readable (a byte waits in a
     * socketpair); the reader callback records {@code label} and removes itself. So the next poll of
     * the selector reports I/O.
     */
    record AddReadyReader(String label) implements Operation {}

    // ---- futures, timers and exception handlers beyond the source document (issue 16) ------

    /**
     * {@code fut.remove_done_callback(cb)}, where {@code cb} is the callback that
     * {@link AddDoneCallback} added with this {@code label} to this future (adding the same label
     * twice adds that same callback twice); value: the number of callbacks removed.
     */
    record RemoveDoneCallback(String future, String label) implements Operation {}

    /** {@code fut.result()}; value: the result, or an error outcome with what it raised. */
    record FutureResult(String future) implements Operation {}

    /**
     * {@code fut.exception()}; value: the exception as "Type: message", or null when the future has a
     * result; an error outcome with what it raised.
     */
    record FutureException(String future) implements Operation {}

    /** {@code fut.set_exception(StopIteration("set by the kit"))}. */
    record SetStopIteration(String future) implements Operation {}

    /** {@code handle.when()} of a timer handle; value: number (seconds on the loop's clock). */
    record HandleWhen(String handle) implements Operation {}

    /** {@code loop.time()}; value: number (seconds). */
    record LoopTime() implements Operation {}

    /** The exceptions that are BaseException but not Exception, which asyncio lets through. */
    enum BaseErrorType {
        KEYBOARD_INTERRUPT("KeyboardInterrupt"), SYSTEM_EXIT("SystemExit");

        private final String pythonName;

        BaseErrorType(String pythonName) {
            this.pythonName = pythonName;
        }

        /** Its name on the wire: the Python exception's name. */
        public String wireName() {
            return pythonName;
        }
    }

    /**
     * Raises {@code KeyboardInterrupt("raised by the kit")} or {@code SystemExit("raised by the kit")}.
     * In the {@code then} of a callback it leaves the callback, as {@link Raise} does; asyncio's
     * {@code Handle._run} lets these through, out of {@code run_forever()}. A run operation that it
     * leaves has it as its error outcome.
     */
    record RaiseBaseException(BaseErrorType errorType) implements Operation {}

    /**
     * The context dicts the loop passed to the kit's recording exception handler so far; value: for
     * each report, the sorted list of the context's keys.
     */
    record ReportedContexts() implements Operation {}

    /** Which exception handler {@link SetExceptionHandler} installs. */
    enum ExceptionHandlerKind {
        /** The agent's own handler, which records each report (installed on every new loop). */
        RECORDING,
        /** {@code None}: the loop's default handler, which logs. */
        DEFAULT,
        /** A handler that raises {@code RuntimeError("raised by the handler")} every time it is called. */
        RAISING;

        /** Its name on the wire: "recording", "default", "raising". */
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** {@code loop.set_exception_handler(handler)}. */
    record SetExceptionHandler(ExceptionHandlerKind handler) implements Operation {}

    /**
     * {@code loop.get_exception_handler()}; value: "recording" or "raising" for the kit's handlers,
     * null for None, "other" for anything else.
     */
    record GetExceptionHandler() implements Operation {}

    /**
     * {@code loop.call_exception_handler({"message": message, "exception": RuntimeError(message)})}
     * (a handler that raises is the loop's business, as in asyncio).
     */
    record CallExceptionHandler(String message) implements Operation {}

    // ---- the run lifecycle, a closed loop, cancellation and I/O readiness (issue 16, part B) -----

    /** {@code loop.is_running()}; value: boolean. */
    record IsRunning() implements Operation {}

    /** {@code loop.is_closed()}; value: boolean. */
    record IsClosed() implements Operation {}

    /** {@code loop.close()}. The session still ends with its own close, which a closed loop ignores. */
    record Close() implements Operation {}

    /**
     * {@code loop.run_until_complete(coro)} with a coroutine, not a future: the coroutine of
     * {@link CreateTask} ({@code label}, awaiting {@code awaits} if not null). Value: what it
     * returned ({@code label}); an error outcome with its exception when it raised. Starts a new run.
     */
    record RunCoroutineUntilComplete(String label, String awaits) implements Operation {}

    /** {@code task.cancel(msg)} ({@code task.cancel()} when {@code msg} is null); value: boolean. */
    record CancelTask(String task, String msg) implements Operation {}

    /**
     * {@code loop.create_task(coro, name=task)} around a coroutine that records {@code <label>:start},
     * performs {@code then} in its first step (as a callback does, so a note sees that step), awaits
     * {@code awaits} if not null and records {@code <label>:end}, then returns {@code label}. When the
     * await raises {@code CancelledError} and {@code catchesCancellation} is true, it records
     * {@code <label>:caught} and returns {@code "caught"} instead of letting the error end the task.
     */
    record CreateScriptedTask(String task, String label, List<Operation> then, String awaits,
            boolean catchesCancellation) implements Operation {
        public CreateScriptedTask {
            then = then == null ? List.of() : List.copyOf(then);
        }
    }

    /** {@code socket.socketpair()}, named {@code socket}: the loop watches its first end; closed with the session. */
    record SocketPair(String socket) implements Operation {}

    /** Sends one byte from the pair's other end, so the watched end is readable until it is read (never, here). */
    record MakeReadable(String socket) implements Operation {}

    /** {@code loop.add_reader(sock, cb)} on the watched end; {@code cb} records {@code label}, performs {@code then}. */
    record AddReader(String socket, String label, List<Operation> then) implements Operation {
        public AddReader {
            then = then == null ? List.of() : List.copyOf(then);
        }
    }

    /** {@code loop.remove_reader(sock)}; value: what it returned (asyncio: a boolean). */
    record RemoveReader(String socket) implements Operation {}

    /** {@code loop.add_writer(sock, cb)} on the watched end (writable while its buffer has room); as {@link AddReader}. */
    record AddWriter(String socket, String label, List<Operation> then) implements Operation {
        public AddWriter {
            then = then == null ? List.of() : List.copyOf(then);
        }
    }

    /** {@code loop.remove_writer(sock)}; value: what it returned (asyncio: a boolean). */
    record RemoveWriter(String socket) implements Operation {}

    // ---- async generators and the loop's hooks for them (issue 28) -----------------------------

    /** Which hooks {@link SetAsyncgenHooks} installs, as a program does before it runs the loop. */
    enum AsyncgenHooksKind {
        /** The program's own hooks (they do nothing); {@link AsyncgenHooks} names them "program". */
        PROGRAM,
        /** No hooks at all: {@code sys.set_asyncgen_hooks(firstiter=None, finalizer=None)}. */
        NONE;

        /** Its name on the wire: "program", "none". */
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * {@code sys.set_asyncgen_hooks(...)} on the thread that runs the loop, outside any run (AGEN-1, AGEN-2).
     * Every session starts with no hooks.
     */
    record SetAsyncgenHooks(AsyncgenHooksKind hooks) implements Operation {}

    /**
     * {@code sys.get_asyncgen_hooks()} on the calling thread; value: "program" for the hooks of
     * {@link SetAsyncgenHooks}, "none", "other" for anyone else's (the loop's, while it runs), or
     * "mixed: firstiter K, finalizer K" when the two hooks are of different kinds.
     */
    record AsyncgenHooks() implements Operation {}

    /**
     * Makes the kit's async generator named {@code generator}: it yields forever without awaiting, and when
     * it is closed its {@code finally} records {@code label} with the value "in a task" or "outside a task"
     * (whether a task of the loop runs it), performs {@code then}, and raises
     * {@code RuntimeError("raised while closing")} if {@code raisesOnClose}, or
     * else {@code CancelledError("cancelled while closing")} if {@code cancelledOnClose} (a closing task that ends
     * cancelled, which {@code shutdown_asyncgens} does not report: AGEN-5).
     */
    record CreateAsyncGenerator(String generator, String label, List<Operation> then, boolean raisesOnClose,
            boolean cancelledOnClose) implements Operation {
        public CreateAsyncGenerator {
            then = then == null ? List.of() : List.copyOf(then);
        }
    }

    /**
     * One {@code await agen.__anext__()}, performed in place: the first one calls the firstiter hook and
     * keeps the finalizer hook installed at that moment, as the interpreter does.
     */
    record AdvanceAsyncGenerator(String generator) implements Operation {}

    /**
     * The kit drops its last reference to the generator and collects it, as a program's garbage does: the
     * finalizer hook kept at its first step receives it (with none, it is closed in place).
     */
    record DropAsyncGenerator(String generator) implements Operation {}

    /** {@code loop.run_until_complete(loop.shutdown_asyncgens())}; starts a new run. */
    record ShutdownAsyncgens() implements Operation {}

    // ---- the loop's clock (issue 28) -----------------------------------------------------------

    /**
     * Computes for {@code seconds} without giving control back to the loop, as a callback that does work
     * does (CLOCK-1): the agent busy-waits until {@code time.monotonic()} has moved on by {@code seconds}; a
     * Java loop spends them as its clock requires ({@code JavaLoop.spend}: a loop on a real clock waits them
     * out, one on a virtual clock moves it). Meant for the {@code then} of a callback; value: nothing.
     */
    record Spend(double seconds) implements Operation {}

    /**
     * {@code loop.create_task(coro, name=task)} around a coroutine that awaits
     * {@code asyncio.sleep(delay)}, then performs {@code then} (as a callback does) and returns; its
     * cancellation, while it sleeps, ends it cancelled (TIMER-3, CLOCK-2).
     */
    record CreateSleepingTask(String task, double delay, List<Operation> then) implements Operation {
        public CreateSleepingTask {
            then = then == null ? List.of() : List.copyOf(then);
        }
    }

    // ---- contexts (issue 28) ------------------------------------------------------------------

    /**
     * {@code var.set(value)} on the kit's context variable (one per session, so nothing leaks between
     * scenarios), in the current context: the kit's own outside any callback, the callback's or the
     * task step's inside one.
     */
    record SetContextValue(String value) implements Operation {}

    /**
     * The value of the kit's context variable: in the current context when {@code context} is null,
     * else in the context the kit named so ({@code ctx.get(var)}); value: string, or null when unset.
     */
    record ContextValue(String context) implements Operation {}

    /** {@code contextvars.copy_context()}, named {@code context}: a copy of the current context. */
    record CopyContext(String context) implements Operation {}

    /**
     * {@code handle.get_context()} (3.12+), named {@code context}; value: the kit's earlier name of that
     * same context object (one named by {@link CopyContext}), or null when it is none of them (CTX-7).
     */
    record HandleContext(String handle, String context) implements Operation {}

    /**
     * {@code loop.create_task(coro, name=task)}, with {@code context=} the context the kit named
     * {@code context} when not null (3.11+), around a coroutine of two steps: it records
     * {@code <label>:start}, performs {@code then}, awaits the future {@code awaits}, performs
     * {@code afterAwait} (in the step the await resumes) and records {@code <label>:end} (CTX-5).
     */
    record CreateTwoStepTask(String task, String label, String context, List<Operation> then, String awaits,
            List<Operation> afterAwait) implements Operation {
        public CreateTwoStepTask {
            then = then == null ? List.of() : List.copyOf(then);
            afterAwait = afterAwait == null ? List.of() : List.copyOf(afterAwait);
        }
    }

    // ---- runs and their endings (issue 28) ----------------------------------------------------

    /** How {@link RunUnderRunner} runs main: {@code asyncio.Runner} (3.11+) or {@code asyncio.run} (3.12+). */
    enum RunnerEntry {
        /** {@code with asyncio.Runner(loop_factory=F) as runner: runner.run(main())}. */
        RUNNER,
        /** {@code asyncio.run(main(), loop_factory=F)}. */
        ASYNCIO_RUN;

        /** Its name on the wire: "runner", "asyncio_run". */
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** How main ends in {@link RunUnderRunner}. */
    enum MainEnding {
        /** It records "main" and returns "main". */
        RETURNS,
        /** It records "main" and raises {@code RuntimeError("raised by main")}. */
        RAISES,
        /** It records "main" and raises {@code KeyboardInterrupt}. */
        RAISES_KEYBOARD_INTERRUPT,
        /** Ctrl-C while it awaits: SIGINT on the main thread; it records "main cancelled" when cancelled. */
        INTERRUPTED;

        /** Its name on the wire: "returns", "raises", "raises_keyboard_interrupt", "interrupted". */
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * Runs a program under a runner given the loop under test's factory (RUNNER-2): main sets a default
     * executor that records "executor shut down" once a waiting shutdown returned, leaves a task that records
     * "task cancelled" when cancelled and a live async generator whose {@code finally} records "generator
     * closed", then ends as {@code main} says. Each event's value is "loop open" or "loop closed"; "loop
     * closed" is recorded last when the runner's loop is closed once it returned. Value: main's result, or the
     * error the runner raised; before the entry's API level, an error outcome.
     */
    record RunUnderRunner(RunnerEntry entry, MainEnding main) implements Operation {}
    // ---- the default executor (issue 28) --------------------------------------------------------

    /**
     * {@code loop.run_in_executor(None, job)}, the returned future named {@code future} (EXEC-1). The kit's
     * job records {@code job} with the value "off the loop's thread" or "on the loop's thread", works for
     * {@code seconds} (a sleep on its own thread, cut short when the session ends), records
     * {@code <job>:end}, then returns 42, or raises {@code RuntimeError("raised by the job")} if
     * {@code raises}. Refused (TypeError) when the loop returns something that is not one of its futures.
     */
    record RunInExecutor(String job, String future, double seconds, boolean raises) implements Operation {}

    /** Whether the calling thread is the loop's own, the one that made and runs it; value: boolean. */
    record OnLoopThread() implements Operation {}

    /**
     * {@code loop.set_default_executor(e)} with a new executor of the kit's named {@code executor}: one that
     * counts the jobs submitted to it ({@link ExecutorSubmissions}), a {@code ThreadPoolExecutor} unless
     * {@code notThreadPool} (EXEC-2, EXEC-7).
     */
    record SetDefaultExecutor(String executor, boolean notThreadPool) implements Operation {}

    /** How many jobs were submitted to the kit's executor named {@code executor}; value: integer. */
    record ExecutorSubmissions(String executor) implements Operation {}

    /**
     * {@code loop.run_until_complete(loop.shutdown_default_executor())}, passing {@code timeout=} when
     * {@code timeout} is not null (3.12+); records {@code shutdown_default_executor:returned} as it returns;
     * starts a new run. Value: the RuntimeWarnings it emitted, each "RuntimeWarning: message" (EXEC-3,
     * EXEC-4, EXEC-6).
     */
    record ShutdownDefaultExecutor(Double timeout) implements Operation {
        /** The event recorded as the coroutine returns. */
        public static final String RETURNED = "shutdown_default_executor:returned";
    }
}
