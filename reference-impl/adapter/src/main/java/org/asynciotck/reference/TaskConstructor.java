package org.asynciotck.reference;

import org.asynciotck.refloop.Coroutine;
import org.asynciotck.refloop.EventLoop;
import org.asynciotck.refloop.Task;

/**
 * What {@code asyncio.Task(coro, loop=loop, name=name, eager_start=...)} means for a session
 * (the operation {@code create_task} with {@code via = task_constructor}); replaceable so a
 * broken Task subclass can be plugged in.
 */
@FunctionalInterface
public interface TaskConstructor {

    /** The default: the reference {@link Task}. */
    TaskConstructor REFERENCE = Task::new;

    Task<Object> construct(EventLoop loop, Coroutine<Object> coroutine, String name, boolean eagerStart);
}
