package org.asynciotck.reference;

import org.asynciotck.refloop.EventLoop;
import org.asynciotck.refloop.ManualClock;
import org.asynciotck.refloop.Poller;

/**
 * The session loop's poller: no I/O, virtual time, and a probe for {@code select_timeout}.
 *
 * <ul>
 *   <li>Normal poll with a timeout: the virtual clock moves forward by it (what blocking for
 *       that long would have done), as CPython's {@code test_utils.TestLoop} does.</li>
 *   <li>Normal poll with no timeout (block until woken): blocks for real, as the loop would;
 *       nothing else runs in the session, so the operation bound ends it.</li>
 *   <li>Probe ({@link #probeNextPoll()}): records the timeout, stops the loop (so
 *       {@code run_forever} returns after this one iteration), returns at once.</li>
 * </ul>
 */
final class VirtualTimePoller implements Poller {

    private final ManualClock clock;
    private EventLoop loop;

    /** True between {@link #probeNextPoll()} and the poll it probes. */
    private boolean probing;
    /** Whether the last probe saw a poll, and the timeout it saw. */
    private boolean probed;
    private Double probedTimeout;

    /** Set by {@link #wakeup()}; a wake-up before the poll is kept, like a self-pipe. */
    private boolean woken;

    VirtualTimePoller(ManualClock clock) {
        this.clock = clock;
    }

    void attach(EventLoop owner) {
        this.loop = owner;
    }

    void probeNextPoll() {
        probing = true;
        probed = false;
        probedTimeout = null;
    }

    boolean probed() {
        return probed;
    }

    Double probedTimeout() {
        return probedTimeout;
    }

    @Override
    public void poll(Double timeoutSeconds) {
        if (probing) {
            probing = false;
            probed = true;
            probedTimeout = timeoutSeconds;
            loop.stop();
            return;
        }
        if (timeoutSeconds == null) {
            blockUntilWoken();
        } else if (timeoutSeconds > 0) {
            clock.advance(timeoutSeconds);
        }
    }

    private synchronized void blockUntilWoken() {
        try {
            while (!woken) {
                wait();
            }
            woken = false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("loop blocked with nothing scheduled; session abandoned", e);
        }
    }

    @Override
    public synchronized void wakeup() {
        woken = true;
        notifyAll();
    }

    @Override
    public void close() {}
}
