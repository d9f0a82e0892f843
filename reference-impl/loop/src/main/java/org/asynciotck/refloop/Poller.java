package org.asynciotck.refloop;

/**
 * The loop's I/O poll, the place where an idle loop blocks: CPython's
 * {@code self._selector.select(timeout)} in {@code BaseEventLoop._run_once}.
 *
 * <p>The default is {@link SelectorPoller} (a real {@link java.nio.channels.Selector}).
 * Another poller can be injected into {@link EventLoop}; this is how a test observes the
 * timeout the loop would pass without blocking (an extension point for observation).
 */
public interface Poller extends AutoCloseable {

    /**
     * Waits for I/O or a wake-up.
     *
     * <p>Nothing is returned: the loop learns which watched descriptors are ready by asking them
     * ({@link Watched}) right after the poll, which is where CPython's {@code _process_events}
     * queues their callbacks (IO-1, ORDER-1).
     *
     * @param timeoutSeconds how long at most, in seconds: 0 means do not block; {@code null}
     *     means block until {@link #wakeup()} (CPython {@code select(None)})
     */
    void poll(Double timeoutSeconds);

    /**
     * Waits as {@link #poll(Double)}, knowing whether a descriptor the loop watches is ready
     * already: a selector returns at once then, whatever the timeout (IO-1). The default polls
     * with a zero timeout in that case; a poller that observes the timeout overrides it.
     */
    default void poll(Double timeoutSeconds, boolean watchedReady) {
        poll(watchedReady ? Double.valueOf(0.0) : timeoutSeconds);
    }

    /**
     * Whether the last {@link #poll} reported no I/O whatever was ready: the kit's {@code select_timeout} probe
     * replaces the selector with one that records the timeout and returns no events, so CPython queues no
     * reader's handle in that iteration (the self-pipe's byte stays for the next poll). A real poller never does.
     */
    default boolean lastPollReportedNoIo() {
        return false;
    }

    /**
     * Makes the current or the next {@link #poll} return at once. Called only from threads
     * other than the loop's (see {@link EventLoop#callSoonThreadsafe}).
     */
    void wakeup();

    /** Releases the poller; called by {@link EventLoop#close()}. */
    @Override
    void close();
}
