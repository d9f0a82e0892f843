package org.asynciotck.refloop;

/** The pair of hooks of {@code sys.set_asyncgen_hooks(firstiter, finalizer)}, as one object. */
public interface AsyncGenHooks {

    /** {@code firstiter}: a generator's first step calls it. */
    void firstIter(AsyncGenerator generator);

    /** {@code finalizer}: called with an unfinished generator that its program let go of. */
    void finalize(AsyncGenerator generator);
}
