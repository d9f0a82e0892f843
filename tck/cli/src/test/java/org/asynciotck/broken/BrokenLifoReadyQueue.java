package org.asynciotck.broken;

import org.asynciotck.reference.ReferenceConfig;
import org.asynciotck.reference.ReferenceImplementation;
import org.asynciotck.refloop.EventLoop;
import org.asynciotck.refloop.Handle;
import org.asynciotck.spi.LoopImplementation;

/**
 * Breaks NTODO-3 (FIFO): new handles are pushed at the HEAD of the ready queue, so a batch
 * runs newest first. The ntodo snapshot is kept, so NTODO-1/2 still hold.
 */
public final class BrokenLifoReadyQueue {

    private BrokenLifoReadyQueue() {}

    public static LoopImplementation implementation() {
        return new ReferenceImplementation(ReferenceConfig.defaults()
                .withIdentity("broken-lifo-ready-queue", "broken: LIFO ready queue (NTODO-3)")
                .withLoops((clock, poller) -> new EventLoop(clock, poller) {
                    @Override
                    protected void enqueueReady(Handle handle) {
                        synchronized (readyLock()) {
                            readyQueue().addFirst(handle); // wrong: CPython appends at the tail
                        }
                    }
                }));
    }
}
