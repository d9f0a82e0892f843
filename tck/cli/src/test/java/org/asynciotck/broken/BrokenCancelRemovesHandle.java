package org.asynciotck.broken;

import org.asynciotck.reference.ReferenceConfig;
import org.asynciotck.reference.ReferenceImplementation;
import org.asynciotck.refloop.Context;
import org.asynciotck.refloop.EventLoop;
import org.asynciotck.refloop.Handle;
import org.asynciotck.spi.LoopImplementation;

/**
 * Breaks HANDLE-1: {@code Handle.cancel()} takes the handle out of the ready queue at once,
 * instead of only marking it so the drain skips it; the queue length drops on cancel.
 */
public final class BrokenCancelRemovesHandle {

    private BrokenCancelRemovesHandle() {}

    public static LoopImplementation implementation() {
        return new ReferenceImplementation(ReferenceConfig.defaults()
                .withIdentity("broken-cancel-removes-handle", "broken: cancel removes the handle (HANDLE-1)")
                .withLoops((clock, poller) -> new EventLoop(clock, poller) {
                    @Override
                    protected Handle newHandle(Runnable callback, Context context) {
                        EventLoop owner = this;
                        return new Handle(this, callback, context) {
                            @Override
                            public void cancel() {
                                super.cancel();
                                owner.removeFromReadyQueue(this); // wrong: CPython leaves it queued
                            }
                        };
                    }
                }));
    }
}
