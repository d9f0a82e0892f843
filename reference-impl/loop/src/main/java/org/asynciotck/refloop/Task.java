package org.asynciotck.refloop;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A coroutine wrapped in a future; mirrors CPython 3.12 {@code asyncio.tasks.Task}
 * ({@code __init__}, {@code __eager_start}, {@code __step}, {@code __wakeup}).
 *
 * <p>Not final: {@link #scheduleFirstStep()} is an extension point (e.g. for a deliberately
 * broken task that starts its coroutine inline).
 */
public class Task<T> extends Future<T> {

    /** CPython {@code _task_name_counter}: numbers the default names "Task-1", "Task-2", ... */
    private static final AtomicLong NAME_COUNTER = new AtomicLong();

    /** False only for {@link #uninitialised()}: then every method refuses (INIT-1). */
    private final boolean initialised;

    /** The coroutine being driven; null once the task is done (and for an uninitialised task). */
    private Coroutine<T> coroutine;
    /** What {@code get_coro} answers: the task's coroutine, kept once it is done, as CPython does (null uninitialised). */
    private final Coroutine<T> coro;

    private final String name;

    /**
     * CPython {@code _must_cancel}: cancel() was called while no awaited future could take the
     * cancellation; the next step throws CancelledError into the coroutine (CANCEL-2).
     */
    private boolean mustCancel;
    /** CPython {@code _cancel_message}: the {@code msg} of the pending cancel(), or null. */
    private String cancelMessage;
    /** CPython {@code _fut_waiter}: the future the coroutine awaits now, or null. */
    private Future<?> waiter;
    /**
     * CPython {@code _context}: the context every step runs in (CTX-5), a copy of the one current when the
     * task was made or the one {@code create_task(context=)} gave; null only for an uninitialised task.
     */
    private final Context context;

    /**
     * CPython {@code Task.__init__(coro, loop=loop, name=name, eager_start=eager_start)}.
     *
     * <p>TASK-1: exactly one step is queued with {@code call_soon}; TASK-2: the coroutine does
     * not start until a loop iteration runs that step. EAGER-1/EAGER-2: with
     * {@code eagerStart} on a running loop the first step runs here, in the constructor;
     * on a loop that is not running the task falls back to queueing its step.
     *
     * @param name the task's name, or null for "Task-N"
     */
    public Task(EventLoop loop, Coroutine<T> coroutine, String name, boolean eagerStart) {
        this(loop, coroutine, name, eagerStart, null);
    }

    /**
     * CPython {@code Task.__init__(coro, loop=loop, name=name, eager_start=eager_start, context=context)}:
     * as {@link #Task(EventLoop, Coroutine, String, boolean)}, every step in {@code context} (null: a copy of
     * the current context, CTX-5).
     */
    public Task(EventLoop loop, Coroutine<T> coroutine, String name, boolean eagerStart, Context context) {
        super(loop);
        this.initialised = true;
        this.context = context != null ? context : Context.copyCurrent();
        this.coroutine = Objects.requireNonNull(coroutine, "coroutine");
        this.coro = coroutine;
        this.name = name != null ? name : "Task-" + NAME_COUNTER.incrementAndGet();
        if (eagerStart && loop.isRunning()) {
            eagerStart(); // EAGER-1
        } else {
            scheduleFirstStep(); // TASK-1, EAGER-2
        }
    }

    /** A task on {@code loop} with a default name, started the usual (lazy) way. */
    public Task(EventLoop loop, Coroutine<T> coroutine) {
        this(loop, coroutine, null, false);
    }

    private Task() {
        super();
        this.initialised = false;
        this.coroutine = null;
        this.coro = null;
        this.name = null;
        this.context = null;
    }

    /**
     * A task whose constructor never ran: the Java equivalent of {@code Task.__new__(Task)}
     * without {@code __init__}. It exists so a conformance kit can check that such a task is
     * refused (INIT-1): every method throws {@link UninitialisedTaskException}.
     */
    public static Task<Object> uninitialised() {
        return new Task<>();
    }

    /** CPython {@code get_coro}: the coroutine, also once the task is done (3.10 to 3.13, both Task classes). */
    public Coroutine<T> getCoro() {
        ensureInitialised("getCoro"); // INIT-1: CPython's C task crashes here (errata E-12)
        return coro;
    }

    /** CPython {@code get_name}. */
    public String getName() {
        ensureInitialised("getName");
        return name;
    }

    /**
     * Queues the first step: {@code self._loop.call_soon(self.__step)} in {@code __init__}.
     * Extension point.
     */
    protected void scheduleFirstStep() {
        loop.callSoon(() -> step(null, null), context); // TASK-1: exactly one handle; TASK-2: runs later; CTX-5
    }

    /**
     * CPython {@code __eager_start}: runs the first step now, with this task swapped in as
     * current (EAGER-3: {@code _swap_current_task}, no conflict check) and the previous
     * current task restored afterwards. If the coroutine finishes, nothing reaches the ready
     * queue (EAGER-1).
     */
    private void eagerStart() {
        Task<?> previous = CurrentTasks.swap(loop, this); // EAGER-3
        try {
            context.run(() -> stepRunAndHandleResult(null, null)); // CTX-5: `self._context.run(...)`
        } finally {
            Task<?> swappedOut = CurrentTasks.swap(loop, previous); // EAGER-3: restore
            assert swappedOut == this : "eager start left " + swappedOut + " current";
        }
    }

    /**
     * CPython {@code __step}: enter the task (with the conflict check), run the coroutine one
     * step, leave the task. A pending cancel() turns the step into throwing CancelledError into
     * the coroutine (CANCEL-1, CANCEL-2).
     *
     * <p>CPython's {@code __step} starts with {@code if self.done(): raise InvalidStateError}; here no
     * path reaches a step of a done task, so that guard is left out: a task completes only inside its
     * own step ({@link #cancel} defers to the next step, {@link #setResult} is refused), its first step
     * is queued once, and each await queues one wake-up (docs/mutation.md).
     */
    protected void step(Object value, RuntimeException error) {
        if (mustCancel) {
            if (!(error instanceof CancelledException)) {
                error = new CancelledException(cancelMessage); // CANCEL-1: before the first step too
            }
            mustCancel = false;
        }
        waiter = null;
        CurrentTasks.enter(loop, this); // ENTER-1
        try {
            stepRunAndHandleResult(value, error);
        } finally {
            CurrentTasks.leave(loop, this); // ENTER-2, CURRENT-3: also after a step that raised
        }
    }

    /** CPython {@code __step_run_and_handle_result}: one send, then wait, finish or fail. */
    private void stepRunAndHandleResult(Object value, RuntimeException error) {
        Coroutine.Step<T> next;
        try {
            next = error == null ? coroutine.send(value) : coroutine.throwInto(error);
        } catch (CancelledException cancelled) {
            coroutine = null;
            cancelWith(cancelled); // CANCEL-3: the task ends cancelled, with the coroutine's CancelledError
            return;
        } catch (RuntimeException raised) {
            coroutine = null;
            super.setException(raised);
            return;
        }
        if (next instanceof Coroutine.Return<T> returned) {
            coroutine = null;
            if (mustCancel) {
                mustCancel = false;
                super.cancel(cancelMessage); // cancelled during the step that returned
            } else {
                super.setResult(returned.value()); // CANCEL-5: a coroutine that caught CancelledError
            }
        } else if (next instanceof Coroutine.Yield<T> yielded) {
            Future<?> awaited = yielded.future();
            if (awaited == this) {
                throw new LoopRuntimeException("Task cannot await on itself: " + this);
            }
            awaited.addDoneCallback(this::wakeup, context); // CTX-5: the next step runs in the task's context
            waiter = awaited;
            if (mustCancel && awaited.cancel(cancelMessage)) {
                mustCancel = false; // cancelled during this step: the awaited future takes it
            }
        }
    }

    /** CPython {@code __wakeup}: the awaited future is done; resume with its result or error. */
    private void wakeup(Future<?> awaited) {
        Object result;
        try {
            result = awaited.result(); // "try: future.result() except BaseException as exc: self.__step(exc)"
        } catch (RuntimeException error) {
            step(null, error);
            return;
        }
        step(result, null);
    }

    /**
     * CPython {@code Task.cancel(msg)}. A done task refuses (CANCEL-6). Otherwise nothing
     * completes here: the future the coroutine awaits is cancelled (CANCEL-4), or the next step
     * throws CancelledError into the coroutine (CANCEL-2); either way the coroutine sees it at
     * its await and may even refuse it (CANCEL-5).
     */
    @Override
    public boolean cancel(String msg) {
        if (done()) { // done() refuses an uninitialised task (INIT-1)
            return false; // CANCEL-6
        }
        if (waiter != null && waiter.cancel(msg)) {
            return true; // CANCEL-4: the awaited future is cancelled at once; the task at its wake-up
        }
        mustCancel = true; // CANCEL-2: the task is cancelled at its next step, not now
        cancelMessage = msg;
        return true;
    }

    /** CPython: {@code RuntimeError('Task does not support set_result operation')}. */
    @Override
    public void setResult(T value) {
        // as CPython's Task.set_result (C and Python): refused before any initialisation check (INIT-1)
        throw new LoopRuntimeException("Task does not support set_result operation");
    }

    /** CPython: {@code RuntimeError('Task does not support set_exception operation')}. */
    @Override
    public void setException(RuntimeException error) {
        // as CPython's Task.set_exception: refused before any initialisation check (INIT-1)
        throw new LoopRuntimeException("Task does not support set_exception operation");
    }

    @Override
    void ensureInitialised(String operation) {
        if (!initialised) {
            throw new UninitialisedTaskException(operation); // INIT-1
        }
    }

    /** Like CPython's repr: {@code <Task pending name='A'>}; never throws, even uninitialised. */
    @Override
    public String toString() {
        if (!initialised) {
            return "<Task uninitialised>";
        }
        return "<Task " + (done() ? "finished" : "pending") + " name='" + name + "'>";
    }
}
