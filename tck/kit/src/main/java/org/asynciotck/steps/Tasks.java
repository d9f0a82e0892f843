package org.asynciotck.steps;

import java.util.List;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Operation.TaskConstruction;

/** How the features make tasks: the kit's name doubles as the task's name and its coroutine's label. */
final class Tasks {

    /**
     * How the features name the ways to make a task, as a regular expression: the Task constructor,
     * {@code loop.create_task}, {@code asyncio.create_task}, {@code asyncio.ensure_future} and
     * {@code tg.create_task} of an {@code asyncio.TaskGroup} (3.11+).
     */
    static final String CONSTRUCTIONS =
            "the Task constructor|loop\\.create_task|asyncio\\.create_task|asyncio\\.ensure_future|a TaskGroup";

    private Tasks() {}

    static Operation.CreateTask create(String name, TaskConstruction via, boolean eagerStart) {
        return new Operation.CreateTask(name, name, null, via, eagerStart);
    }

    /** A task whose coroutine performs {@code then} inside its first step, after {@code <name>:start}. */
    static Operation.CreateTask createDoing(String name, TaskConstruction via, List<Operation> then) {
        return new Operation.CreateTask(name, name, null, via, false, then);
    }

    /** The construction that one of {@link #CONSTRUCTIONS} names. */
    static TaskConstruction construction(String text) {
        return switch (text) {
            case "the Task constructor" -> TaskConstruction.TASK_CONSTRUCTOR;
            case "loop.create_task" -> TaskConstruction.CREATE_TASK;
            case "asyncio.create_task" -> TaskConstruction.ASYNCIO_CREATE_TASK;
            case "asyncio.ensure_future" -> TaskConstruction.ENSURE_FUTURE;
            case "a TaskGroup" -> TaskConstruction.TASK_GROUP;
            default -> throw new IllegalArgumentException("kit defect: unknown task construction [" + text + "]");
        };
    }

    /** The note a callback script records as the call that made task {@code name} returns (CallbackScript). */
    static String madeNote(String name) {
        return "kit: task \"" + name + "\" made";
    }

    static String started(String name) {
        return name + ":start";
    }

    static String finished(String name) {
        return name + ":end";
    }
}
