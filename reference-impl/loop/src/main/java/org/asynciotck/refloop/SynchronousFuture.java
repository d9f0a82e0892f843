package org.asynciotck.refloop;

import java.util.function.Consumer;

/**
 * A future that calls its done callbacks inside {@link #setResult} (and inside
 * {@link #addDoneCallback} once done), as custom futures outside asyncio do (e.g. PyO3
 * classes that "take all callbacks under a lock and fire them").
 *
 * <p>This deliberately departs from asyncio's FUTURE-1; it exists so that this dispatch
 * style can be declared and certified as a capability of its own, and so tests can tell the
 * two apart.
 */
public class SynchronousFuture<T> extends Future<T> {

    public SynchronousFuture(EventLoop loop) {
        super(loop);
    }

    /**
     * Calls the callback now, on the calling thread, in its context (CTX-4), which may be the one running
     * now (a callback that completes a future it added a done callback to in its own context).
     */
    @Override
    protected void dispatch(Consumer<? super Future<T>> callback, Context context) {
        context.runInside(() -> callback.accept(this));
    }
}
