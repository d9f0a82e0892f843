package org.asynciotck.reference;

import java.util.concurrent.TimeUnit;
import org.asynciotck.refloop.EventLoop;
import org.asynciotck.refloop.ManualClock;
import org.asynciotck.refloop.Poller;

/**
 * The session loop's poller: virtual I/O, virtual time, and a probe for {@code select_timeout}.
 *
 * <ul>
 *   <li>Normal poll with a timeout: the virtual clock moves forward by it (what blocking for
 *       that long would have done), as CPython's {@code test_utils.TestLoop} does.</li>
 *   <li>Normal poll with no timeout (block until woken): blocks for real, as the loop would.
 *       When the loop runs on the session's own thread nothing else can wake it, so the
 *       operation bound ends it; when it runs on a thread of its own
 *       ({@code start_loop_thread}), a thread-safe call wakes it.</li>
 *   <li>Probe ({@link #probeNextPoll()}): records the timeout, stops the loop (so
 *       {@code run_forever} returns after this one iteration), returns at once.</li>
 * </ul>
 * Used from the loop thread and, for wake-ups, from the kit's thread: all state
 * is guarded by this object's monitor.
 */
final class VirtualTimePoller implements Poller {

    private final ManualClock clock;
    private EventLoop loop;

    /** True between {@link #probeNextPoll()} and the poll it probes. */
    private boolean probing;
    /** Whether the last probe saw a poll, and the timeout it saw. */
    private boolean probed;
    private Double probedTimeout;
    /** Whether the last poll was the probe's, which reports no I/O (as the agent's probe selector returns none). */
    private boolean reportedNoIo;

    /** Set by {@link #wakeup()}; a wake-up before the poll is kept, like a self-pipe. */
    private boolean woken;
    /** True while the loop is blocked in a poll with no timeout: the loop is idle. */
    private boolean blocked;

    VirtualTimePoller(ManualClock clock) {
        this.clock = clock;
    }

    void attach(EventLoop owner) {
        this.loop = owner;
    }

    synchronized void probeNextPoll() {
        probing = true;
        probed = false;
        probedTimeout = null;
    }

    synchronized boolean probed() {
        return probed;
    }

    synchronized Double probedTimeout() {
        return probedTimeout;
    }

    /** Waits at most {@code seconds} until the loop blocks in a poll with no timeout; true if it did. */
    synchronized boolean awaitIdle(double seconds) throws InterruptedException {
        long deadline = System.nanoTime() + (long) (seconds * 1e9);
        while (!blocked) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return true;
    }

    @Override
    public synchronized boolean lastPollReportedNoIo() {
        return reportedNoIo;
    }

    @Override
    public synchronized void poll(Double timeoutSeconds) {
        reportedNoIo = probing;
        if (probing) {
            probing = false;
            probed = true;
            probedTimeout = timeoutSeconds;
            loop.stop();
        } else if (timeoutSeconds == null) {
            blockUntilWoken();
        } else if (timeoutSeconds > 0) {
            clock.advance(timeoutSeconds);
        }
    }

    private void blockUntilWoken() {
        blocked = true;
        notifyAll();
        try {
            while (!woken) {
                wait();
            }
            woken = false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("loop blocked with nothing scheduled; session abandoned", e);
        } finally {
            blocked = false;
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
