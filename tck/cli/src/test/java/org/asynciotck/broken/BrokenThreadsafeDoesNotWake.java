package org.asynciotck.broken;

import org.asynciotck.reference.ReferenceConfig;
import org.asynciotck.reference.ReferenceImplementation;
import org.asynciotck.refloop.EventLoop;
import org.asynciotck.refloop.Handle;
import org.asynciotck.spi.LoopImplementation;

/**
 * Breaks STALL-2 (call_soon_threadsafe wakes an idle loop): call_soon_threadsafe only queues,
 * like a plain call_soon, and never writes to the "self-pipe", so a loop blocked in its
 * selector sleeps on. The documented fix (STALL-3) cannot work either, and neither can any
 * other way to hand a running loop work from another thread (the public TIMEOUT scenarios).
 */
public final class BrokenThreadsafeDoesNotWake {

    private BrokenThreadsafeDoesNotWake() {}

    public static LoopImplementation implementation() {
        return new ReferenceImplementation(ReferenceConfig.defaults()
                .withIdentity("broken-threadsafe-does-not-wake", "broken: call_soon_threadsafe does not wake (STALL-2)")
                .withLoops((clock, poller) -> new EventLoop(clock, poller) {
                    @Override
                    public Handle callSoonThreadsafe(Runnable callback) {
                        return callSoon(callback); // wrong: no wake-up of a loop blocked in its poller
                    }
                }));
    }
}
