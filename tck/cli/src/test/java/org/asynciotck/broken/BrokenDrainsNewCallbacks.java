package org.asynciotck.broken;

import org.asynciotck.reference.ReferenceConfig;
import org.asynciotck.reference.ReferenceImplementation;
import org.asynciotck.refloop.EventLoop;
import org.asynciotck.refloop.Handle;
import org.asynciotck.spi.LoopImplementation;

/**
 * Breaks NTODO-2 (a callback scheduled during an iteration runs in the next one): the drain
 * ignores the ntodo snapshot and keeps going until the ready queue is empty, so callbacks
 * scheduled by callbacks run in the same iteration. Any scenario that counts the handles of
 * one iteration (NTODO-1) necessarily sees it too: without the snapshot both rules fall
 * together; NTODO-2 is the rule this variant is meant to exercise.
 */
public final class BrokenDrainsNewCallbacks {

    private BrokenDrainsNewCallbacks() {}

    public static LoopImplementation implementation() {
        return new ReferenceImplementation(ReferenceConfig.defaults()
                .withIdentity("broken-drains-new-callbacks", "broken: drains callbacks scheduled mid-iteration (NTODO-2)")
                .withLoops((clock, poller) -> new EventLoop(clock, poller) {
                    @Override
                    protected void runReadyBatch() {
                        while (true) { // wrong: no ntodo snapshot
                            Handle handle;
                            synchronized (readyLock()) {
                                handle = readyQueue().pollFirst();
                            }
                            if (handle == null) {
                                return;
                            }
                            if (!handle.cancelled()) {
                                runHandle(handle);
                            }
                        }
                    }
                }));
    }
}
