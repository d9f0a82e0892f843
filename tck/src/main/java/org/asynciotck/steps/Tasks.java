package org.asynciotck.steps;

import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Operation.TaskConstruction;

/** How the features make tasks: the kit's name doubles as the task's name and its coroutine's label. */
final class Tasks {

    private Tasks() {}

    static Operation.CreateTask create(String name, TaskConstruction via, boolean eagerStart) {
        return new Operation.CreateTask(name, name, null, via, eagerStart);
    }

    static String started(String name) {
        return name + ":start";
    }

    static String finished(String name) {
        return name + ":end";
    }
}
