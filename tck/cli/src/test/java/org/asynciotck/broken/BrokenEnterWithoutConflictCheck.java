package org.asynciotck.broken;

import org.asynciotck.reference.ReferenceConfig;
import org.asynciotck.reference.ReferenceImplementation;
import org.asynciotck.refloop.EventLoop;
import org.asynciotck.refloop.Task;
import org.asynciotck.spi.LoopImplementation;

/**
 * Breaks ENTER-1: entering a task while another is current silently replaces it (what
 * {@code _swap_current_task} does) instead of raising RuntimeError.
 */
public final class BrokenEnterWithoutConflictCheck {

    private BrokenEnterWithoutConflictCheck() {}

    public static LoopImplementation implementation() {
        return new ReferenceImplementation(ReferenceConfig.defaults()
                .withIdentity("broken-enter-without-conflict-check", "broken: enter_task without conflict check (ENTER-1)")
                .withLoops((clock, poller) -> new EventLoop(clock, poller) {
                    @Override
                    protected void enterTask(Task<?> task) {
                        swapCurrentTask(task); // wrong: no check for another current task
                    }
                }));
    }
}
