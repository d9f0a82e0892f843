package org.asynciotck.java;

import java.util.List;
import org.asynciotck.spi.Operation;

/**
 * The coroutines of docs/protocol.md over {@link JavaLoop.Coroutine}: records {@code <label>:start},
 * performs {@code then} inside its first step, awaits its task group's tasks if {@code then} made any,
 * awaits {@code awaited} if there is one, records {@code <label>:end} and returns {@code label}. One that
 * catches cancellation records {@code <label>:caught} and returns "caught". (The reference adapter's
 * ScriptedCoroutine, over JavaLoop's types.)
 */
final class KitCoroutine implements JavaLoop.Coroutine {

    private final String label;
    private final JavaLoop.Future awaited;
    private final List<Operation> then;
    private final boolean catchesCancellation;
    private final Interpreter interpreter;
    private final KitTaskGroup group;
    private boolean started;
    private boolean groupExited;

    KitCoroutine(String label, JavaLoop.Future awaited, List<Operation> then, boolean catchesCancellation,
            Interpreter interpreter) {
        this.label = label;
        this.awaited = awaited;
        this.then = then;
        this.catchesCancellation = catchesCancellation;
        this.interpreter = interpreter;
        this.group = then.stream().anyMatch(KitCoroutine::inTaskGroup) ? new KitTaskGroup(interpreter.loop()) : null;
    }

    private static boolean inTaskGroup(Operation operation) {
        return operation instanceof Operation.CreateTask create
                && create.via() == Operation.TaskConstruction.TASK_GROUP;
    }

    @Override
    public Step send(Object value) {
        if (!started) {
            started = true;
            interpreter.state().record(label + ":start");
            performThen(); // inside the task's step: CURRENT-1
        }
        if (group != null && !groupExited) {
            JavaLoop.Future completion = group.completionOrNull();
            if (completion != null) {
                return new Await(completion); // TaskGroup.__aexit__ awaits _on_completed_fut
            }
            groupExited = true;
        }
        if (awaited != null && !awaited.done()) {
            return new Await(awaited);
        }
        interpreter.state().record(label + ":end");
        if (awaited != null) {
            awaited.result(); // throws the awaited future's exception, as await does
        }
        return new Return(label);
    }

    @Override
    public Step throwInto(RuntimeException error) {
        if (!started) {
            throw error; // CANCEL-1: a coroutine that never started never runs its body
        }
        if (catchesCancellation && "CancelledError".equals(AsyncioTypes.typeOf(error))) {
            interpreter.state().record(label + ":caught");
            interpreter.state().record(label + ":end");
            return new Return("caught"); // CANCEL-5
        }
        interpreter.state().record(label + ":end");
        throw error;
    }

    private void performThen() {
        if (group == null) {
            interpreter.performScript(then);
            return;
        }
        JavaLoop.Task owner = interpreter.loop().currentTask();
        interpreter.state().enterTaskGroup(owner, group);
        try {
            interpreter.performScript(then);
        } finally {
            interpreter.state().leaveTaskGroup(owner);
        }
    }
}
