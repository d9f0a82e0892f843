package org.asynciotck.broken;

import org.asynciotck.reference.ReferenceConfig;
import org.asynciotck.reference.ReferenceImplementation;
import org.asynciotck.refloop.EventLoop;
import org.asynciotck.refloop.Handle;
import org.asynciotck.spi.LoopImplementation;

/**
 * Breaks NTODO-4 (stop() called by a callback lets the current batch finish): the drain
 * abandons the rest of its batch as soon as a callback calls stop(), leaving those handles
 * for the next run. A stop() requested before the loop runs still gives one whole iteration.
 */
public final class BrokenStopInterruptsBatch {

    private BrokenStopInterruptsBatch() {}

    public static LoopImplementation implementation() {
        return new ReferenceImplementation(ReferenceConfig.defaults()
                .withIdentity("broken-stop-interrupts-batch", "broken: stop() cuts the batch short (NTODO-4)")
                .withLoops((clock, poller) -> new EventLoop(clock, poller) {
                    private boolean stopRequestedInBatch;

                    @Override
                    public void stop() {
                        super.stop();
                        stopRequestedInBatch = true;
                    }

                    @Override
                    protected void runReadyBatch() {
                        stopRequestedInBatch = false;
                        int ntodo = readyQueueLength();
                        for (int i = 0; i < ntodo && !stopRequestedInBatch; i++) { // wrong: stops mid-batch
                            Handle handle;
                            synchronized (readyLock()) {
                                handle = readyQueue().pollFirst();
                            }
                            if (handle != null && !handle.cancelled()) {
                                runHandle(handle);
                            }
                        }
                    }
                }));
    }
}
