package org.asynciotck.reference;

import org.asynciotck.refloop.Clock;
import org.asynciotck.refloop.EventLoop;
import org.asynciotck.refloop.Poller;

/**
 * Makes the event loop of one session. The adapter supplies the clock (virtual time) and the
 * poller (which observes timeouts); a factory may return a subclass, e.g. a deliberately
 * broken loop that the kit must reject.
 */
@FunctionalInterface
public interface LoopFactory {

    /** The default: the reference loop itself. */
    LoopFactory REFERENCE = EventLoop::new;

    EventLoop create(Clock clock, Poller poller);
}
