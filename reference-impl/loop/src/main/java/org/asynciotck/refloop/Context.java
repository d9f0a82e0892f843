package org.asynciotck.refloop;

import java.util.HashMap;
import java.util.Map;

/**
 * A context of {@link ContextVar}s: Python's {@code contextvars.Context}, as far as the loop needs it. Each
 * thread has a current context; {@link #run} makes another one current while a callback runs, so what the
 * callback sets with {@link ContextVar#set} stays in that context (CTX-2, CTX-3). Every handle carries one
 * ({@link Handle}), every task too ({@link Task}).
 *
 * <p>CPython's contexts are immutable mappings that a {@code set} replaces; this one is a map that a
 * {@code set} changes, which is the same as long as a copy never shares its map ({@link #copyCurrent}).
 */
public final class Context {

    /** The context each thread starts in: an empty one of its own (CPython: a new thread's empty context). */
    private static final ThreadLocal<Context> CURRENT = ThreadLocal.withInitial(Context::new);

    /** Guarded by this: a context may be read from one thread while another runs in it. */
    private final Map<ContextVar<?>, Object> values;
    /** Whether a {@link #run} is in progress: CPython refuses to enter a context twice. Guarded by this. */
    private boolean entered;

    private Context() {
        this(new HashMap<>());
    }

    private Context(Map<ContextVar<?>, Object> values) {
        this.values = values;
    }

    /** CPython {@code contextvars.copy_context()}: a copy of the current context, which later sets do not touch. */
    public static Context copyCurrent() {
        Context current = CURRENT.get();
        synchronized (current) {
            return new Context(new HashMap<>(current.values));
        }
    }

    /** The context this thread runs in now. */
    static Context current() {
        return CURRENT.get();
    }

    /**
     * CPython {@code Context.run(callable)}: runs {@code body} with this context current, then makes the
     * previous one current again, whatever {@code body} throws.
     *
     * @throws LoopRuntimeException when this context is already entered (CPython's RuntimeError "cannot enter
     *         context: ... is already entered")
     */
    public void run(Runnable body) {
        synchronized (this) {
            if (entered) {
                throw new LoopRuntimeException("cannot enter context: " + this + " is already entered");
            }
            entered = true;
        }
        Context outer = CURRENT.get();
        CURRENT.set(this);
        try {
            body.run();
        } finally {
            CURRENT.set(outer);
            synchronized (this) {
                entered = false;
            }
        }
    }

    /**
     * As {@link #run}, except that a context already current is not entered again: {@code body} just runs. For
     * a callback that runs at once, inside whatever is running ({@link SynchronousFuture}): its context may be
     * the one that is running, which {@link #run} would refuse.
     */
    public void runInside(Runnable body) {
        if (CURRENT.get() == this) {
            body.run();
        } else {
            run(body);
        }
    }

    /** CPython {@code ctx.get(var)}: the variable's value in this context, or null when it has none. */
    public synchronized <T> T get(ContextVar<T> variable) {
        return variable.type().cast(values.get(variable));
    }

    synchronized void set(ContextVar<?> variable, Object value) {
        values.put(variable, value);
    }
}
