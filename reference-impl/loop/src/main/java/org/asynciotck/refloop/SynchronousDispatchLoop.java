package org.asynciotck.refloop;

/**
 * The reference loop with futures that dispatch done callbacks synchronously, inside
 * {@code setResult} ({@link SynchronousFuture}), the design of custom futures such as a
 * native extension's. Everything else is asyncio's loop. A task awaiting such a future
 * resumes inside {@code setResult}: zero iterations to wake (SYNC-1, CYCLES-2).
 */
public class SynchronousDispatchLoop extends EventLoop {

    public SynchronousDispatchLoop(Clock clock, Poller poller) {
        super(clock, poller);
    }

    @Override
    public <T> Future<T> createFuture() {
        return new SynchronousFuture<>(this); // as CPython's create_future: no closed check
    }
}
