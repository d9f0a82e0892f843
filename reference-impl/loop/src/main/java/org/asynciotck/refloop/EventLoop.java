package org.asynciotck.refloop;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * A single-threaded event loop with asyncio's semantics, following CPython 3.12
 * {@code Lib/asyncio/base_events.py} ({@code BaseEventLoop}). Each method says which CPython
 * function it mirrors; each rule the conformance kit checks is marked with its rule ID.
 *
 * <p><b>Extension points.</b> The class is not final: the one-concern steps of an iteration
 * ({@link #enqueueReady}, {@link #dropCancelledTimers}, {@link #selectTimeout},
 * {@link #moveDueTimersToReady}, {@link #runReadyBatch}) and the factories
 * ({@link #createFuture}, {@link #createTask}) are protected or public and may be overridden,
 * for instance to build deliberately broken loops that a conformance kit must reject.
 *
 * <p><b>Threads.</b> The loop runs on the thread that calls {@link #runForever()}. Only
 * {@link #callSoonThreadsafe} is meant for other threads. The ready queue is nevertheless
 * guarded by a lock, which stands in for the GIL that makes CPython's {@code deque.append}
 * atomic; {@link #callSoon} from another thread still does not wake a blocked loop (the
 * "stall pattern" of the source document).
 */
public class EventLoop implements AutoCloseable {

    /** CPython {@code base_events.MAXIMUM_SELECT_TIMEOUT}: one day, in seconds. */
    public static final double MAXIMUM_SELECT_TIMEOUT = 24 * 3600;

    private final Clock clock;
    private final Poller poller;

    /** Callbacks ready to run, in FIFO order (CPython {@code _ready}). Guarded by {@link #readyLock}. */
    private final ArrayDeque<Handle> ready = new ArrayDeque<>();
    private final Object readyLock = new Object();

    /** Where errors of callbacks go (CPython {@code _exception_handler}); null = log them. */
    private volatile ExceptionHandler exceptionHandler;

    /** Pending timers and their cancelled count (CPython {@code _scheduled}). Loop thread only. */
    private final TimerQueue timers = new TimerQueue();

    /** Set by {@link #stop()}; cleared when {@link #runForever()} returns. */
    private volatile boolean stopping;

    /** The thread running the loop, or null when it is not running (CPython {@code _thread_id}). */
    private volatile Thread loopThread;

    private volatile boolean closed;

    /**
     * Whether a byte written to the self-pipe waits to be read: CPython's {@code call_soon_threadsafe} calls
     * {@code _write_to_self()} from any thread, the loop's own too, and the self-pipe's reader
     * ({@code _read_from_self}) reads every byte waiting. Set by {@link #callSoonThreadsafe}, cleared when
     * {@link #selfPipeReader} runs. It only accounts for the ready queue: waking a blocked poll is
     * {@link #wakeupState}'s and the poller's.
     */
    private volatile boolean selfPipeWritten;

    /**
     * The handle of the self-pipe's reader (CPython {@code _add_reader(self._ssock.fileno(),
     * self._read_from_self)}): queued after the poll of every iteration while a byte waits, like any
     * reader's, so {@code len(loop._ready)} counts it until it runs (a note of the ready queue's length sees
     * it after a {@code call_soon_threadsafe}, as on CPython). It records nothing.
     */
    private final Handle selfPipeReader = new Handle(this, () -> selfPipeWritten = false);

    /** Whether a thread adding work must wake the poller; see {@link WakeupState}. */
    private final AtomicReference<WakeupState> wakeupState = new AtomicReference<>(WakeupState.AWAKE);

    /**
     * The reader and writer callbacks per watched descriptor (CPython: the selector key's
     * {@code (reader, writer)} data), in registration order. Loop thread only.
     */
    private final Map<Watched, Handle> readers = new LinkedHashMap<>();
    private final Map<Watched, Handle> writers = new LinkedHashMap<>();

    /** The task being executed on this loop, or null (CPython {@code tasks._current_tasks[loop]}). Loop thread only. */
    private Task<?> currentTask;

    /** The hooks this loop installs while it runs, and the generators first iterated under them. */
    private final AsyncGenerators asyncGenerators = new AsyncGenerators(this);

    /** What run_in_executor(None, ...) submits to, and its shutdown (EXEC-1 to EXEC-7). */
    private final DefaultExecutor defaultExecutor = new DefaultExecutor(this);

    /** Where {@link #defaultExceptionHandler} logs. */
    private volatile Consumer<String> log = System.err::println;

    /** A loop on the system monotonic clock that polls a real {@link java.nio.channels.Selector}. */
    public EventLoop() {
        this(Clock.system(), new SelectorPoller());
    }

    /** A loop on the given clock and poller (e.g. a {@link ManualClock} and an observing poller). */
    public EventLoop(Clock clock, Poller poller) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.poller = Objects.requireNonNull(poller, "poller");
    }

    // ---- scheduling ------------------------------------------------------------------------

    /** CPython {@code call_soon}: queues the callback; does NOT wake a blocked loop. */
    public Handle callSoon(Runnable callback) {
        return callSoon(callback, null);
    }

    /**
     * CPython {@code call_soon(callback, context=context)}: the callback runs in {@code context} (CTX-2), or
     * in a copy of the context current now when it is null (CTX-1).
     */
    public Handle callSoon(Runnable callback, Context context) {
        checkClosed();
        Handle handle = newHandle(callback, context);
        enqueueReady(handle);
        return handle;
    }

    /**
     * Makes the handle {@code call_soon} queues (CPython {@code events.Handle(callback, args,
     * self, context)} in {@code _call_soon}); null: a copy of the current context. Extension point.
     */
    protected Handle newHandle(Runnable callback, Context context) {
        return new Handle(this, callback, context);
    }

    /**
     * CPython {@code call_soon_threadsafe}: queues the callback under the lock, then writes to the
     * self-pipe ({@code _write_to_self}), so the next poll queues the self-pipe's reader, and wakes the
     * poller when called from a thread other than the loop's.
     */
    public Handle callSoonThreadsafe(Runnable callback) {
        return callSoonThreadsafe(callback, null);
    }

    /** CPython {@code call_soon_threadsafe(callback, context=context)}: as {@link #callSoon(Runnable, Context)}. */
    public Handle callSoonThreadsafe(Runnable callback, Context context) {
        Handle handle = callSoon(callback, context);
        selfPipeWritten = true;
        if (Thread.currentThread() != loopThread
                && wakeupState.compareAndSet(WakeupState.POLLING, WakeupState.WOKEN)) {
            poller.wakeup();
        }
        return handle;
    }

    /**
     * CPython {@code call_later}: a timer due {@code delaySeconds} from now (may be negative: overdue),
     * so its {@link TimerHandle#when()} is {@code time() + delaySeconds} (TIMER-1). A delay of 0 or
     * less runs it in the next iteration, never inside this call (TIMER-4).
     */
    public TimerHandle callLater(double delaySeconds, Runnable callback) {
        return callLater(delaySeconds, callback, null);
    }

    /** CPython {@code call_later(delay, callback, context=context)}: as {@link #callAt(double, Runnable, Context)}. */
    public TimerHandle callLater(double delaySeconds, Runnable callback, Context context) {
        return callAt(time() + delaySeconds, callback, context); // a NaN delay is a NaN deadline, which callAt refuses
    }

    /** CPython {@code call_at}: a timer due at {@code when} on this loop's clock (TIMER-1: {@code when()} is it). */
    public TimerHandle callAt(double when, Runnable callback) {
        return callAt(when, callback, null);
    }

    /**
     * CPython {@code call_at(when, callback, context=context)}: the timer's callback runs in {@code context}, or
     * in a copy of the context current now when it is null (CTX-1, CTX-2).
     */
    public TimerHandle callAt(double when, Runnable callback, Context context) {
        if (Double.isNaN(when)) {
            throw new IllegalArgumentException("when must be a number: " + when);
        }
        checkClosed();
        TimerHandle timer = new TimerHandle(this, when, callback, context);
        timers.add(timer);
        return timer;
    }

    /**
     * Appends a handle to the ready queue (CPython {@code self._ready.append(handle)} in
     * {@code _call_soon}). Extension point.
     */
    protected void enqueueReady(Handle handle) {
        synchronized (readyLock) {
            ready.addLast(handle); // NTODO-3: FIFO, appended at the tail, taken from the head
        }
    }

    /** CPython {@code _timer_handle_cancelled}: counts cancelled timers still in the heap. */
    protected void timerHandleCancelled(TimerHandle timer) {
        timers.timerCancelled(timer);
    }

    // ---- running ---------------------------------------------------------------------------

    /** CPython {@code run_forever}: runs iterations until {@link #stop()} is called. */
    public void runForever() {
        checkClosed();
        if (isRunning() && allowsNestedRuns()) {
            runNested();
            return;
        }
        checkNotRunning();
        loopThread = Thread.currentThread();
        AsyncGenHooks programHooks = AsyncGenHookSlot.get();
        AsyncGenHookSlot.set(asyncGenerators); // AGEN-1: "sys.set_asyncgen_hooks(firstiter=..., finalizer=...)"
        try {
            while (true) {
                runOnce();
                if (stopping) {
                    break; // NTODO-4: stop() lets the current iteration finish, then returns
                }
            }
        } finally {
            stopping = false;
            loopThread = null;
            AsyncGenHookSlot.set(programHooks); // AGEN-2: the hooks of before, however the run ended
        }
    }

    /**
     * CPython {@code shutdown_asyncgens}: a coroutine that closes every async generator still alive that was
     * first iterated while this loop ran (AGEN-4) and reports what closing one raised (AGEN-5).
     */
    public Coroutine<Void> shutdownAsyncgens() {
        return asyncGenerators.shutdown();
    }

    // ---- the default executor ----------------------------------------------------------------

    /**
     * CPython {@code run_in_executor(None, job)}: the job runs on a thread of the default executor; the
     * returned future gets its outcome on the loop's thread (EXEC-1). Refused on a closed loop (EXEC-5) and
     * after {@link #shutdownDefaultExecutor} (EXEC-3).
     */
    public <T> Future<T> runInExecutor(java.util.concurrent.Callable<T> job) {
        checkClosed();
        return defaultExecutor.submit(job);
    }

    /** CPython {@code set_default_executor}: a {@link java.util.concurrent.ThreadPoolExecutor} (EXEC-2, EXEC-7). */
    public void setDefaultExecutor(java.util.concurrent.Executor executor) {
        defaultExecutor.set(executor);
    }

    /**
     * CPython {@code shutdown_default_executor(timeout)}: the future its coroutine awaits, true once the
     * executor's threads ended, false when {@code timeoutSeconds} (null: none) passed first (EXEC-3, EXEC-4,
     * EXEC-6).
     */
    public Future<Boolean> shutdownDefaultExecutor(Double timeoutSeconds) {
        return defaultExecutor.shutdown(timeoutSeconds);
    }

    /**
     * Whether a callback or task of the running loop may run it again (profile nested-runs, as
     * {@code nest_asyncio.apply(loop)} makes asyncio's loop); asyncio's loop refuses (LIFE-3, RUN-3).
     */
    protected boolean allowsNestedRuns() {
        return false;
    }

    /**
     * A run inside a run (NEST-1..NEST-4): iterations until a stop() made during it. The stop that was
     * pending for the outer run is set aside and put back when the nested run returns, so that it ends
     * the outer run, not this one (NEST-3, NEST-4). The loop thread stays the outer run's.
     */
    private void runNested() {
        boolean outerStopping = stopping;
        stopping = false;
        try {
            while (true) {
                runOnce();
                if (stopping) {
                    break;
                }
            }
        } finally {
            stopping = outerStopping;
        }
    }

    /**
     * CPython {@code run_until_complete}: runs until {@code future} is done and returns its
     * result (or throws its exception).
     */
    public <T> T runUntilComplete(Future<T> future) {
        // CPython checks closed here first; runForever's check refuses the same way, and the finally below
        // takes the stop callback off again, so the future is left as it was (CLOSED-2)
        if (!allowsNestedRuns()) {
            checkNotRunning();
        }
        Consumer<Future<T>> stopWhenDone = done -> stop(); // _run_until_complete_cb
        future.addDoneCallback(stopWhenDone);
        try {
            runForever();
        } finally {
            // RUN-4: "finally: future.remove_done_callback(_run_until_complete_cb)": a future left
            // pending by a stopped run does not stop a later run when it completes
            future.removeDoneCallback(stopWhenDone);
        }
        if (!future.done()) {
            throw new LoopRuntimeException("Event loop stopped before Future completed.");
        }
        return future.result();
    }

    /**
     * CPython {@code run_until_complete(coro)}: refuses a running loop (RUN-3, RUN-6) and a closed one
     * (CLOSED-4) before the coroutine is wrapped in a task (RUN-1), so a refused coroutine never starts.
     * The closed check is {@link #createTask}'s, made before it wraps anything: a closed loop is never
     * running, so checking it here first as well would refuse nothing more (docs/mutation.md).
     */
    public <T> T runUntilComplete(Coroutine<T> coroutine) {
        if (!allowsNestedRuns()) {
            checkNotRunning();
        }
        return runUntilComplete(createTask(coroutine, null, false));
    }

    /**
     * CPython {@code stop}: the loop finishes the iteration it is in (or, if it is not running,
     * the first iteration of the next {@code run_forever}) and returns.
     */
    public void stop() {
        stopping = true;
    }

    /** CPython {@code is_running}. */
    public boolean isRunning() {
        return loopThread != null;
    }

    /** CPython {@code is_closed}. */
    public boolean isClosed() {
        return closed;
    }

    /** CPython {@code time}: the loop's clock, in seconds; monotonic (TIMER-5). */
    public double time() {
        return clock.time();
    }

    /** CPython {@code close}: drops every callback and releases the poller; idempotent. */
    @Override
    public void close() {
        if (isRunning()) {
            throw new LoopRuntimeException("Cannot close a running event loop");
        }
        if (closed) {
            return;
        }
        closed = true;
        synchronized (readyLock) {
            ready.clear(); // the queued callbacks never run: nothing can run this loop again
        }
        timers.clear();
        // The readers and writers stay in their maps, as CPython's stay in the selector's map
        // until it is closed: a closed loop answers remove_reader() from its is_closed check
        // (CLOSED-5), never from the maps.
        poller.close();
    }

    /**
     * One full iteration: CPython {@code _run_once}. Drops cancelled timers, polls with the
     * computed timeout, moves due timers to the ready queue, then runs exactly the handles
     * that were ready when the drain began. A poll that may block is announced to other threads
     * first ({@link WakeupState}); one that cannot block (work is waiting) is not.
     */
    protected void runOnce() {
        dropCancelledTimers();
        Double timeout = selectTimeout();
        if (!Objects.equals(timeout, 0.0)) {
            pollAnnounced(); // the poll may block
        } else {
            // Work is waiting: a zero timeout cannot block, whatever the watched descriptors
            // are, so no other thread needs to wake this poll. The wake-up state stays AWAKE and
            // a busy iteration makes none of the fenced stores of pollAnnounced() (netty's
            // NioEventLoop skips its wake-up state the same way when it has tasks). The blocking
            // case comes first so that a removed branch leads here, to a stall STALL-2 shows,
            // not to an always-announced poll that no program can tell apart (docs/mutation.md).
            poller.poll(timeout);
        }
        // CPython _process_events: I/O callbacks are queued right after the poll, BEFORE the
        // timers that are due (errata E-1: the source document lists timers first). ORDER-1
        if (!poller.lastPollReportedNoIo()) {
            if (selfPipeWritten) {
                enqueueReady(selfPipeReader); // the self-pipe is readable: its reader's handle, once per poll
            }
            for (Handle watcher : readyWatchers()) {
                enqueueReady(watcher); // IO-1, IO-2: every iteration in which the descriptor is ready
            }
        }
        moveDueTimersToReady();
        runReadyBatch();
    }

    /**
     * A poll that may block: announced as POLLING first, and only then are the timeout and the
     * watched descriptors looked at again (see {@link WakeupState}). Work another thread added
     * after {@link #runOnce()} looked the first time is either seen here, so the poll does not
     * block, or added after the announcement, so that thread wakes the poller.
     */
    private void pollAnnounced() {
        wakeupState.set(WakeupState.POLLING); // before the ready check, see WakeupState
        try {
            poller.poll(selectTimeout(), !readyWatchers().isEmpty());
        } finally {
            wakeupState.set(WakeupState.AWAKE);
        }
    }

    /**
     * First part of {@code _run_once}: rebuild the heap without cancelled timers when there are
     * more than 100 and over half are cancelled; otherwise pop cancelled timers off its head, so
     * that a cancelled timer does not decide the timeout (TIMEOUT-4). See
     * {@link TimerQueue#dropCancelled()}.
     */
    protected void dropCancelledTimers() {
        timers.dropCancelled();
    }

    /**
     * The timeout for the poll, as {@code _run_once} computes it: seconds, or null to block.
     * Asked once per iteration, and once more when the answer lets the poll block (after the
     * wake-up announcement, see {@link #runOnce()}), so it must not have side effects.
     */
    protected Double selectTimeout() {
        if (readyQueueLength() > 0 || stopping) {
            return 0.0; // TIMEOUT-1: work is waiting (or we are stopping): do not block
        }
        OptionalDouble earliest = timers.earliestWhen();
        if (earliest.isPresent()) {
            // TIMEOUT-2: min(max(0, when - now), MAXIMUM_SELECT_TIMEOUT)
            return Math.min(Math.max(0.0, earliest.getAsDouble() - time()), MAXIMUM_SELECT_TIMEOUT);
        }
        return null; // TIMEOUT-3: nothing scheduled: block until woken
    }

    /**
     * {@code _run_once}: "Handle 'later' callbacks that are ready." Due = before now + the
     * clock's resolution. Runs before {@link #runReadyBatch()}: a timer that falls due while the
     * batch runs waits for the next iteration (ORDER-2).
     */
    protected void moveDueTimersToReady() {
        double endTime = time() + clock.resolution(); // TIMER-3: never earlier than the clock can tell
        // NTODO-1: due timers join this iteration's batch; TIMER-2: in deadline order
        timers.moveDue(endTime, this::enqueueReady);
    }

    /**
     * The end of {@code _run_once}: "We run all currently scheduled callbacks, but not any
     * callbacks scheduled by callbacks run this time around -- they will be run the next time
     * (after another I/O poll)."
     */
    protected void runReadyBatch() {
        int ntodo = readyQueueLength(); // NTODO-1: the batch is what is queued now
        for (int i = 0; i < ntodo; i++) {
            Handle handle;
            synchronized (readyLock) {
                handle = ready.pollFirst(); // NTODO-3: FIFO
            }
            if (handle == null) {
                break; // only if someone removed queued handles while the batch ran
            }
            if (handle.cancelled()) {
                continue; // HANDLE-1: a cancelled handle is skipped when met
            }
            runHandle(handle); // NTODO-2: what this schedules lands behind the batch: next iteration
        }
    }

    /** Runs one handle ({@code handle._run()}); for subclasses that replace {@link #runReadyBatch()}. */
    protected final void runHandle(Handle handle) {
        handle.run();
    }

    /**
     * The live ready queue, for subclasses that change its discipline (e.g. deliberately broken
     * loops). Every access must hold {@link #readyLock()}.
     */
    protected final java.util.Deque<Handle> readyQueue() {
        return ready;
    }

    /** The lock that guards {@link #readyQueue()}. */
    protected final Object readyLock() {
        return readyLock;
    }

    /**
     * CPython {@code call_exception_handler}: hands a report that no caller can receive (a
     * callback raised) to the handler set with {@link #setExceptionHandler} (EXC-5); without one,
     * to the default handler, which logs it. A handler that itself throws is reported to the
     * default handler and the loop goes on (EXC-4), except for KeyboardInterrupt and SystemExit
     * (EXC-2).
     */
    public void callExceptionHandler(Map<String, Object> context) {
        ExceptionHandler handler = exceptionHandler;
        if (handler == null) {
            defaultExceptionHandler(context);
            return;
        }
        try {
            handler.handle(context);
        } catch (LoopExitException e) {
            throw e; // EXC-2
        } catch (RuntimeException | Error e) {
            // EXC-4: "Unhandled error in exception handler", logged by the default handler
            Map<String, Object> report = new LinkedHashMap<>();
            report.put("message", "Unhandled error in exception handler");
            report.put("exception", e);
            report.put("context", context);
            defaultExceptionHandler(report);
        }
    }

    /** CPython {@code default_exception_handler}: logs the report, one line (to standard error unless {@link #setLog}). */
    public void defaultExceptionHandler(Map<String, Object> context) {
        Object error = context.get("exception");
        log.accept(context.get("message") + (error == null ? "" : ": " + error));
    }

    /**
     * Where the default exception handler's lines go: CPython logs them to the {@code asyncio} logger, which a
     * program configures; this loop writes them to standard error unless told otherwise.
     */
    public void setLog(Consumer<String> log) {
        this.log = Objects.requireNonNull(log, "log");
    }

    /** CPython {@code set_exception_handler}; {@code null} restores the default (EXC-3). */
    public void setExceptionHandler(ExceptionHandler handler) {
        this.exceptionHandler = handler;
    }

    /** CPython {@code get_exception_handler}: the handler set, or null for the default (EXC-3). */
    public ExceptionHandler getExceptionHandler() {
        return exceptionHandler;
    }

    // ---- watching file descriptors (CPython selector_events) ------------------------------

    /**
     * CPython {@code _add_reader}: calls {@code callback} in every iteration in which {@code fd}
     * is readable (IO-1, IO-2). A second reader for the same descriptor replaces the first,
     * whose handle is cancelled (IO-4).
     */
    public void addReader(Watched fd, Runnable callback) {
        watch(readers, fd, callback);
    }

    /** CPython {@code _remove_reader}: whether a reader was registered (IO-3); its handle is cancelled. */
    public boolean removeReader(Watched fd) {
        return unwatch(readers, fd);
    }

    /** CPython {@code _add_writer}: as {@link #addReader}, while {@code fd} is writable (IO-5). */
    public void addWriter(Watched fd, Runnable callback) {
        watch(writers, fd, callback);
    }

    /** CPython {@code _remove_writer}: whether a writer was registered (IO-3). */
    public boolean removeWriter(Watched fd) {
        return unwatch(writers, fd);
    }

    /** Returns nothing, as CPython's public {@code add_reader} and {@code add_writer} do. */
    private void watch(Map<Watched, Handle> watchers, Watched fd, Runnable callback) {
        checkClosed(); // CLOSED-3
        Objects.requireNonNull(fd, "fd");
        Handle handle = newHandle(callback, null); // CTX-6: runs in a copy of the context current at add_reader
        Handle previous = watchers.put(fd, handle);
        if (previous != null) {
            previous.cancel(); // IO-4: the previous callback is replaced, never called again
        }
    }

    private boolean unwatch(Map<Watched, Handle> watchers, Watched fd) {
        if (closed) {
            return false; // CLOSED-5. CPython: "if self.is_closed(): return False"
        }
        Handle previous = watchers.remove(fd);
        if (previous == null) {
            return false; // IO-3
        }
        previous.cancel(); // IO-3: a handle already queued in this iteration is skipped
        return true; // IO-3
    }

    /**
     * The handles of the readers whose descriptor is readable, then those of the writers whose
     * descriptor is writable: what {@code _process_events} queues for one poll (per key, reader
     * before writer; the order across keys is the selector's, not promised).
     */
    private List<Handle> readyWatchers() {
        List<Handle> due = new ArrayList<>();
        readers.forEach((fd, handle) -> {
            if (fd.readable() && !handle.cancelled()) {
                due.add(handle);
            }
        });
        writers.forEach((fd, handle) -> {
            if (fd.writable() && !handle.cancelled()) {
                due.add(handle);
            }
        });
        return due;
    }

    // ---- futures and tasks -----------------------------------------------------------------

    /** CPython {@code create_future}. Extension point (e.g. for futures with other dispatch). */
    public <T> Future<T> createFuture() {
        return new Future<>(this);
    }

    /**
     * CPython {@code create_task}: a task named {@code name} (null: "Task-N") driving
     * {@code coroutine}. {@code eagerStart} is the 3.12 {@code eager_start} of the Task
     * constructor (which {@code create_task} forwards from 3.13 on). Extension point.
     */
    public <T> Task<T> createTask(Coroutine<T> coroutine, String name, boolean eagerStart) {
        return createTask(coroutine, name, eagerStart, null);
    }

    /**
     * CPython {@code create_task(coro, name=name, context=context)} (3.11+): every step of the task runs in
     * {@code context} (CTX-5), or in a copy of the context current now when it is null. Extension point, as
     * {@link #createTask(Coroutine, String, boolean)}, which a subclass may override alone: the kit asks this
     * one only for a task made with a context.
     */
    public <T> Task<T> createTask(Coroutine<T> coroutine, String name, boolean eagerStart, Context context) {
        checkClosed();
        return new Task<>(this, coroutine, name, eagerStart, context);
    }

    // ---- current task (CPython tasks._enter_task / _leave_task / _swap_current_task) ----------

    /**
     * CPython {@code _py_enter_task}; public entry point: {@link CurrentTasks#enter}.
     * ENTER-1: entering while another task is entered raises, with CPython's message.
     * Extension point.
     */
    protected void enterTask(Task<?> task) {
        task.ensureInitialised("enter task");
        if (currentTask != null) {
            throw new TaskConflictException("Cannot enter into task " + task + " while another task "
                    + currentTask + " is being executed."); // ENTER-1
        }
        currentTask = task;
    }

    /**
     * CPython {@code _py_leave_task}; public entry point: {@link CurrentTasks#leave}.
     * ENTER-2: leaving a task that is not the current one raises, with CPython's message.
     * Extension point.
     */
    protected void leaveTask(Task<?> task) {
        // No initialisation check, as in CPython: an uninitialised task can never be current,
        // so the conflict check below refuses it (INIT-1).
        if (currentTask != task) {
            throw new TaskConflictException("Leaving task " + task + " does not match the current task "
                    + (currentTask == null ? "None" : currentTask) + "."); // ENTER-2
        }
        currentTask = null;
    }

    /**
     * CPython {@code _py_swap_current_task} (3.12+): makes {@code task} (or nobody) current
     * WITHOUT a conflict check and returns the previous one (EAGER-3). Extension point.
     */
    protected Task<?> swapCurrentTask(Task<?> task) {
        if (task != null) {
            task.ensureInitialised("swap current task");
        }
        Task<?> previous = currentTask;
        currentTask = task;
        return previous;
    }

    // ---- observation -----------------------------------------------------------------------

    /**
     * {@code len(loop._ready)}. Exists for observation by the conformance kit; asyncio has
     * no public equivalent.
     */
    public int readyQueueLength() {
        synchronized (readyLock) {
            return ready.size();
        }
    }

    /**
     * Takes {@code handle} out of the ready queue ({@code loop._ready.remove(h)}, the source
     * document's "pop"); returns whether it was there. Exists for observation by the kit.
     * HANDLE-2: unlike {@link Handle#cancel()}, removal takes it out at once.
     */
    public boolean removeFromReadyQueue(Handle handle) {
        synchronized (readyLock) {
            return ready.removeFirstOccurrence(handle);
        }
    }

    /** How many timers are in the heap, cancelled ones included. Exists for observation. */
    public int scheduledTimerCount() {
        return timers.size();
    }

    /** How many timers in the heap are cancelled (CPython {@code _timer_cancelled_count}). Exists for observation. */
    public int cancelledTimerCount() {
        return timers.cancelledCount();
    }

    /** CPython {@code current_task(loop)}; public entry point: {@link CurrentTasks#current}. */
    Task<?> currentTask() {
        return currentTask;
    }

    // ---- checks ----------------------------------------------------------------------------

    /** CPython {@code _check_closed}. */
    protected final void checkClosed() {
        if (closed) {
            throw new LoopRuntimeException("Event loop is closed");
        }
    }

    /** CPython {@code _check_running}. */
    protected final void checkNotRunning() {
        if (isRunning()) {
            throw new LoopRuntimeException("This event loop is already running");
        }
    }
}
