package org.asynciotck.broken;

import org.asynciotck.reference.ReferenceConfig;
import org.asynciotck.reference.ReferenceImplementation;
import org.asynciotck.refloop.EventLoop;
import org.asynciotck.refloop.Future;
import org.asynciotck.refloop.SynchronousFuture;
import org.asynciotck.spi.LoopImplementation;

/**
 * Breaks FUTURE-1: {@code create_future} makes futures that call their done callbacks inside
 * {@code set_result} instead of queueing them with {@code call_soon}. It still declares
 * asyncio semantics, which is exactly what makes it wrong.
 */
public final class BrokenSynchronousFutureCallbacks {

    private BrokenSynchronousFutureCallbacks() {}

    public static LoopImplementation implementation() {
        return new ReferenceImplementation(ReferenceConfig.defaults()
                .withIdentity("broken-synchronous-future-callbacks", "broken: synchronous done callbacks (FUTURE-1)")
                .withLoops((clock, poller) -> new EventLoop(clock, poller) {
                    @Override
                    public <T> Future<T> createFuture() {
                        return new SynchronousFuture<>(this); // wrong for an asyncio loop
                    }
                }));
    }
}
