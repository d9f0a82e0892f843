package org.asynciotck.refloop;

/**
 * A task whose constructor never ran was used. In CPython 3.12 the C {@code Task} reads
 * uninitialised fields in this case (the source document reports segfaults); the reference
 * loop refuses such a task with this error instead, naming what is wrong (rule INIT-1).
 */
public final class UninitialisedTaskException extends IllegalStateException {

    public UninitialisedTaskException(String operation) {
        super("Task was never initialised: call the Task constructor (asyncio: super().__init__()); "
                + "refused: " + operation);
    }
}
