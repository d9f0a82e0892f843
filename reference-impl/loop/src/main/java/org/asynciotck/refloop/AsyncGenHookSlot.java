package org.asynciotck.refloop;

/**
 * Where a thread's async-generator hooks live: CPython keeps them in the thread state
 * ({@code sys.set_asyncgen_hooks} / {@code sys.get_asyncgen_hooks}); Java has no such thing, so this library
 * keeps one slot per thread, which generators read at their first step and loops fill while they run.
 */
public final class AsyncGenHookSlot {

    private static final ThreadLocal<AsyncGenHooks> HOOKS = new ThreadLocal<>();

    private AsyncGenHookSlot() {}

    /** {@code sys.get_asyncgen_hooks()} on the calling thread; null when none are installed. */
    public static AsyncGenHooks get() {
        return HOOKS.get();
    }

    /** {@code sys.set_asyncgen_hooks(...)} on the calling thread; null removes them. */
    public static void set(AsyncGenHooks hooks) {
        HOOKS.set(hooks);
    }
}
