package org.asynciotck.refloop;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A result that arrives later; mirrors CPython {@code asyncio.futures.Future}.
 *
 * <p>FUTURE-1: done callbacks are never called inside {@link #setResult}: each is queued
 * with {@code loop.callSoon} ({@code _schedule_callbacks}), so they run in a later loop
 * iteration (FUTURE-2). The one place that decides how a callback is dispatched is
 * {@link #dispatch}; {@link SynchronousFuture} overrides it.
 *
 * <p>Not final: {@link #scheduleCallbacks()} and {@link #dispatch} are extension points.
 * {@link #cancel()} completes the future like {@link #setException} does, with a
 * {@link CancelledException}; FUTURE-1 holds for all three ways of completing it.
 */
public class Future<T> {

    private enum State { PENDING, FINISHED, CANCELLED }

    /** The loop callbacks are scheduled on; null only for an uninitialised {@link Task}. */
    protected final EventLoop loop;

    private State state = State.PENDING;
    private T result;
    private RuntimeException exception;
    /**
     * CPython {@code _cancelled_exc}: the CancelledError a task's coroutine ended with, which the first
     * {@link #result()} or {@link #exception()} throws (a task awaiting this one retrieves it at its wake-up);
     * null once thrown, and for a future cancelled by {@link #cancel(String)}. {@code Future._make_cancelled_error}
     * hands it out once, and every later retrieval gets a CancelledError with no message, since
     * {@code Task.__step}'s {@code super().cancel()} left none (CANCEL-7; CPython 3.11 to 3.13, C and Python).
     */
    private CancelledException cancelledError;

    /**
     * Callbacks waiting for the result, in registration order; null while there are none (most
     * futures get one or none, so the list is made by the first) and once they are scheduled.
     */
    private List<DoneCallback<T>> callbacks;

    /** CPython {@code Future.__init__(loop=loop)}; prefer {@link EventLoop#createFuture()}. */
    public Future(EventLoop loop) {
        this.loop = Objects.requireNonNull(loop, "loop");
    }

    /** Only for {@link Task#uninitialised()}: a future whose initialiser never ran. */
    Future() {
        this.loop = null;
    }

    /** The loop this future belongs to (CPython {@code get_loop}). */
    public EventLoop getLoop() {
        ensureInitialised("getLoop");
        return loop;
    }

    /** CPython {@code done}. */
    public boolean done() {
        ensureInitialised("done");
        return state != State.PENDING;
    }

    /**
     * CPython {@code set_result}: marks the future done and schedules its callbacks.
     *
     * @throws InvalidStateException if it is already done
     */
    public void setResult(T value) {
        // no ensureInitialised: Task overrides this method, and a plain Future is always initialised
        if (state != State.PENDING) {
            throw new InvalidStateException(state + ": " + this);
        }
        result = value;
        state = State.FINISHED;
        scheduleCallbacks(); // FUTURE-1: scheduled, not called
    }

    /**
     * CPython {@code set_exception}. FUTURE-6: a future never holds a StopIteration; as CPython
     * 3.13 does, it holds a RuntimeError caused by it instead.
     */
    public void setException(RuntimeException error) {
        // no ensureInitialised: Task overrides this method, and a plain Future is always initialised
        Objects.requireNonNull(error, "error");
        if (state != State.PENDING) {
            throw new InvalidStateException(state + ": " + this);
        }
        if (error instanceof StopIterationException) {
            error = new LoopRuntimeException(
                    "StopIteration interacts badly with generators and cannot be raised into a Future", error);
        }
        exception = error;
        state = State.FINISHED;
        scheduleCallbacks();
    }

    /**
     * CPython {@code cancel}: a pending future becomes cancelled and schedules its callbacks
     * (FUTURE-1); a future that is already done is left alone.
     *
     * @return whether this call cancelled it
     */
    public boolean cancel() {
        return cancel(null);
    }

    /** CPython {@code cancel(msg)}: as {@link #cancel()}; the CancelledError carries {@code msg} (CANCEL-7). */
    public boolean cancel(String msg) {
        return cancelled(new CancelledException(msg), null);
    }

    /**
     * Cancels with this very error, which the first {@link #result()} or {@link #exception()} throws, and a
     * CancelledError with no message after (CPython {@code _cancelled_exc}): how a {@link Task} keeps the
     * CancelledError its coroutine ended with. No answer: the task calls it from its own step, while it is
     * pending, so it always takes (an unused answer was a mutant no program could tell apart).
     */
    protected void cancelWith(CancelledException error) {
        cancelled(new CancelledException(), error);
    }

    private boolean cancelled(CancelledException held, CancelledException once) {
        // no ensureInitialised: Task overrides cancel(String), its only public way in (INIT-1)
        if (state != State.PENDING) {
            return false;
        }
        exception = held;
        cancelledError = once;
        state = State.CANCELLED;
        scheduleCallbacks();
        return true;
    }

    /** CPython {@code _make_cancelled_error}: the coroutine's CancelledError once, then the one held. */
    private CancelledException cancelledError() {
        CancelledException error = cancelledError != null ? cancelledError : (CancelledException) exception;
        cancelledError = null;
        return error;
    }

    /** CPython {@code cancelled}. */
    public boolean cancelled() {
        ensureInitialised("cancelled");
        return state == State.CANCELLED;
    }

    /**
     * CPython {@code result}: the value, or the exception thrown; InvalidState if not done
     * (FUTURE-3); a cancelled future throws its CancelledException (FUTURE-4).
     */
    public T result() {
        ensureInitialised("result");
        if (state == State.PENDING) {
            throw new InvalidStateException("Result is not ready.");
        }
        if (state == State.CANCELLED) {
            throw cancelledError(); // FUTURE-4
        }
        if (exception != null) {
            throw exception;
        }
        return result;
    }

    /**
     * CPython {@code exception}: the exception, or null; InvalidState if not done (FUTURE-3); a
     * cancelled future throws its CancelledException rather than returning it (FUTURE-4).
     */
    public RuntimeException exception() {
        ensureInitialised("exception");
        if (state == State.PENDING) {
            throw new InvalidStateException("Exception is not set.");
        }
        if (state == State.CANCELLED) {
            throw cancelledError(); // FUTURE-4
        }
        return exception;
    }

    /**
     * CPython {@code remove_done_callback}: removes every registration of {@code callback} and
     * returns how many there were (FUTURE-5); a removed callback never runs. Callbacks already
     * handed to the loop (the future is done) are no longer registered, so they are not found.
     */
    public int removeDoneCallback(Consumer<? super Future<T>> callback) {
        ensureInitialised("removeDoneCallback");
        if (callbacks == null) {
            return 0;
        }
        int before = callbacks.size();
        callbacks.removeIf(registered -> registered.callback().equals(callback)); // FUTURE-5: every instance
        return before - callbacks.size();
    }

    /**
     * CPython {@code add_done_callback}. FUTURE-2: on a future that is already done the
     * callback is still deferred (scheduled with call_soon), never called here.
     */
    public void addDoneCallback(Consumer<? super Future<T>> callback) {
        addDoneCallback(callback, null);
    }

    /**
     * CPython {@code add_done_callback(callback, context=context)}: the callback runs in {@code context}, or in
     * a copy of the context current now when it is null, never in the context of whoever completes the future
     * (CTX-4).
     */
    public void addDoneCallback(Consumer<? super Future<T>> callback, Context context) {
        ensureInitialised("addDoneCallback");
        Objects.requireNonNull(callback, "callback");
        Context runsIn = context != null ? context : Context.copyCurrent(); // CTX-4: copied at add_done_callback
        if (state != State.PENDING) {
            dispatch(callback, runsIn); // FUTURE-2
        } else {
            if (callbacks == null) {
                callbacks = new ArrayList<>(1);
            }
            callbacks.add(new DoneCallback<>(callback, runsIn));
        }
    }

    /**
     * CPython {@code __schedule_callbacks}: hands every registered callback to
     * {@link #dispatch} and forgets them. Extension point.
     */
    protected void scheduleCallbacks() {
        // CPython: "callbacks = self._callbacks[:]; ... self._callbacks[:] = []": the list is
        // forgotten before any callback is dispatched, so one that runs at once (a
        // SynchronousFuture) and removes or adds callbacks never sees it
        List<DoneCallback<T>> toSchedule = callbacks;
        callbacks = null;
        if (toSchedule == null) {
            return;
        }
        for (DoneCallback<T> registered : toSchedule) {
            dispatch(registered.callback(), registered.context());
        }
    }

    /**
     * How one done callback is delivered: {@code loop.call_soon(callback, self, context=ctx)}
     * (FUTURE-1, FUTURE-2: it runs in the next iteration; CTX-4: in its context). Extension point: a
     * {@link SynchronousFuture} calls it right away instead.
     */
    protected void dispatch(Consumer<? super Future<T>> callback, Context context) {
        loop.callSoon(() -> callback.accept(this), context);
    }

    /** A registered done callback and the context it runs in (CPython keeps {@code (callback, ctx)} pairs). */
    private record DoneCallback<T>(Consumer<? super Future<T>> callback, Context context) {}

    /** Hook for {@link Task}: refuses use of an object whose initialiser never ran. */
    void ensureInitialised(String operation) {
        // a Future is always initialised; Task overrides
    }

    @Override
    public String toString() {
        return "<" + getClass().getSimpleName() + " " + state.name().toLowerCase() + ">";
    }
}
