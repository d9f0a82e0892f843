package org.asynciotck.broken;

import org.asynciotck.reference.ReferenceConfig;
import org.asynciotck.reference.ReferenceImplementation;
import org.asynciotck.refloop.EventLoop;
import org.asynciotck.spi.LoopImplementation;

/**
 * Breaks TIMEOUT-4: cancelled timers are never dropped from the head of the heap before the
 * timeout is computed, so a cancelled early timer still shortens the select timeout.
 */
public final class BrokenTimeoutIgnoresCancelledHead {

    private BrokenTimeoutIgnoresCancelledHead() {}

    public static LoopImplementation implementation() {
        return new ReferenceImplementation(ReferenceConfig.defaults()
                .withIdentity("broken-timeout-ignores-cancelled-head",
                        "broken: cancelled head timer decides the timeout (TIMEOUT-4)")
                .withLoops((clock, poller) -> new EventLoop(clock, poller) {
                    @Override
                    protected void dropCancelledTimers() {
                        // wrong: CPython pops cancelled timers off the head first
                    }
                }));
    }
}
