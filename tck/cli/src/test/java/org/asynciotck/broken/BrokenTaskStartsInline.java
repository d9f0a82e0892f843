package org.asynciotck.broken;

import org.asynciotck.reference.ReferenceConfig;
import org.asynciotck.reference.ReferenceImplementation;
import org.asynciotck.refloop.Coroutine;
import org.asynciotck.refloop.EventLoop;
import org.asynciotck.refloop.Task;
import org.asynciotck.spi.LoopImplementation;

/**
 * Breaks TASK-2 (the coroutine does not start until an iteration runs it): the Task
 * constructor runs the first step inline, on the caller's stack, instead of queueing it.
 * Since that step is then not queued, TASK-1's count of queued handles is off as well.
 */
public final class BrokenTaskStartsInline {

    private BrokenTaskStartsInline() {}

    public static LoopImplementation implementation() {
        return new ReferenceImplementation(ReferenceConfig.defaults()
                .withIdentity("broken-task-starts-inline", "broken: Task constructor starts the coroutine (TASK-2)")
                .withTasks(InlineTask::new)
                .withLoops((clock, poller) -> new EventLoop(clock, poller) {
                    @Override
                    public <T> Task<T> createTask(Coroutine<T> coroutine, String name, boolean eagerStart) {
                        checkClosed(); // as the reference's create_task (CLOSED-3): only the start is wrong
                        return new InlineTask<>(this, coroutine, name, eagerStart);
                    }
                }));
    }

    private static final class InlineTask<T> extends Task<T> {

        InlineTask(EventLoop loop, Coroutine<T> coroutine, String name, boolean eagerStart) {
            super(loop, coroutine, name, eagerStart);
        }

        @Override
        protected void scheduleFirstStep() {
            step(null, null); // wrong: CPython queues __step with call_soon
        }
    }
}
