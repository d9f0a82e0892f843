package org.asynciotck.refloop;

/**
 * Entering or leaving a task that does not match the loop's current task; asyncio raises
 * {@code RuntimeError} with the messages of CPython 3.12 {@code tasks._py_enter_task} and
 * {@code tasks._py_leave_task}, which this exception repeats word for word.
 */
public final class TaskConflictException extends LoopRuntimeException {

    public TaskConflictException(String message) {
        super(message);
    }
}
