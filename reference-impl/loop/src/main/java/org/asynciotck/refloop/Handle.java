package org.asynciotck.refloop;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A callback scheduled on the loop: what {@code call_soon} returns and what the ready queue
 * holds. Mirrors CPython {@code asyncio.events.Handle}.
 */
public class Handle {

    /** The loop this handle was scheduled on; told about timer cancellations. */
    protected final EventLoop loop;

    /** The callback, or null once cancelled: cancel() drops the reference as CPython does. */
    private Runnable callback;

    /** Set by {@link #cancel()}; never cleared. */
    private volatile boolean cancelled;

    /**
     * The context the callback runs in (CPython {@code Handle._context}): the one it was scheduled with, or a
     * copy of the context current when the handle was made (CTX-1, CTX-2). Never null; kept after cancel().
     */
    private final Context context;

    /** For {@link EventLoop#newHandle} and subclasses: runs in a copy of the current context. */
    protected Handle(EventLoop loop, Runnable callback) {
        this(loop, callback, null);
    }

    /** As {@link #Handle(EventLoop, Runnable)}, in {@code context}; null: a copy of the current context. */
    protected Handle(EventLoop loop, Runnable callback, Context context) {
        this.loop = Objects.requireNonNull(loop, "loop");
        this.callback = Objects.requireNonNull(callback, "callback");
        this.context = context != null ? context : Context.copyCurrent(); // CTX-1: copied now, not when it runs
    }

    /** CPython {@code Handle.get_context()} (3.12+): the context the callback runs in (CTX-7). */
    public Context getContext() {
        return context;
    }

    /**
     * Cancels the callback (CPython {@code Handle.cancel}). HANDLE-4: idempotent, and without
     * effect on a callback that already ran.
     *
     * <p>HANDLE-1 and HANDLE-3: cancel marks the handle cancelled and drops the callback, but the handle
     * stays in the ready queue until {@code _run_once} meets it and skips it.
     */
    public void cancel() {
        if (!cancelled) {
            cancelled = true;
            callback = null; // HANDLE-3: `self._callback = None`, releases what the callback holds
        }
    }

    /** Whether {@link #cancel()} was called (CPython {@code Handle.cancelled}). */
    public boolean cancelled() {
        return cancelled;
    }

    /**
     * Whether the handle still references its callback. Exists for observation: asyncio drops
     * the reference on cancel, and the kit checks that (HANDLE-3).
     */
    public boolean holdsCallback() {
        return callback != null;
    }

    /**
     * Runs the callback (CPython {@code Handle._run}): an exception it throws goes to the
     * loop's exception handler and never out of the loop.
     *
     * <p>Like CPython's, it does not check for cancellation: the batch skips a cancelled handle
     * before running it (HANDLE-1). A loop that ran one anyway would find no callback here, and
     * the NullPointerException would reach the exception handler, loudly.
     */
    void run() {
        try {
            context.run(callback); // CTX-1, CTX-2: `self._context.run(self._callback, *self._args)`
        } catch (LoopExitException e) {
            throw e; // EXC-2: KeyboardInterrupt and SystemExit leave run_forever(), unreported
        } catch (RuntimeException | Error e) {
            // EXC-1: the context names the message, the exception and the handle
            Map<String, Object> context = new LinkedHashMap<>();
            context.put("message", "Exception in callback " + this);
            context.put("exception", e);
            context.put("handle", this);
            loop.callExceptionHandler(context);
        }
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + (cancelled ? " cancelled" : " " + callback);
    }
}
