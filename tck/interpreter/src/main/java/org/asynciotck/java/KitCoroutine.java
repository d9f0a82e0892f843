package org.asynciotck.java;

import java.util.List;
import org.asynciotck.spi.Operation;

/**
 * The coroutines of docs/protocol.md over {@link JavaLoop.Coroutine}: records {@code <label>:start},
 * performs {@code then} inside its first step (as a callback does), awaits its task group's tasks if
 * {@code then} made any, awaits {@code awaited} if there is one, records {@code <label>:end} and returns
 * {@code label}. One that catches cancellation ({@code create_scripted_task}) records {@code <label>:caught}
 * and returns "caught" when the await raises CancelledError.
 */
final class KitCoroutine implements JavaLoop.Coroutine {

    private final String label;
    private final JavaLoop.Future awaited;
    private final List<Operation> then;
    private final boolean catchesCancellation;
    /** Whether {@code <label>:end} is recorded when {@code then} raises (create_task's coroutine, not a scripted task's). */
    private final boolean endsWhenThenRaises;
    /** {@code then} needs a task group and there is none (API level 3.10): the first step raises AttributeError. */
    private final boolean noTaskGroup;
    private final Interpreter interpreter;
    /** The group {@code then} makes tasks in ({@code async with TaskGroup()}), or null when it makes none. */
    private final KitTaskGroup group;
    private boolean started;
    /** Set once the task group, if any, has no task left: {@code __aexit__} returned. */
    private boolean groupExited;

    private KitCoroutine(String label, JavaLoop.Future awaited, List<Operation> then, boolean catchesCancellation,
            boolean endsWhenThenRaises, boolean grouped, boolean taskGroups, Interpreter interpreter) {
        this.label = label;
        this.awaited = awaited;
        this.then = then;
        this.catchesCancellation = catchesCancellation;
        this.endsWhenThenRaises = endsWhenThenRaises;
        this.noTaskGroup = grouped && !taskGroups;
        this.interpreter = interpreter;
        this.group = grouped && taskGroups ? new KitTaskGroup(interpreter.loop()) : null;
    }

    /**
     * The coroutine of {@code create_task} and {@code run_coroutine_until_complete}: records
     * {@code <label>:end} however it ends, also when {@code then} raises (the agent's {@code try/finally}).
     * When {@code then} makes tasks {@code via task_group} it performs {@code then} inside a task group;
     * without TaskGroup ({@code taskGroups} false: API level 3.10) its first step raises AttributeError.
     */
    static KitCoroutine ofTask(String label, JavaLoop.Future awaited, List<Operation> then, boolean taskGroups,
            Interpreter interpreter) {
        boolean grouped = then.stream().anyMatch(KitCoroutine::inTaskGroup);
        return new KitCoroutine(label, awaited, then, false, true, grouped, taskGroups, interpreter);
    }

    /**
     * The coroutine of {@code create_scripted_task}: performs {@code then} as a callback does (never inside a
     * task group), records {@code <label>:end} only once {@code then} is done.
     */
    static KitCoroutine ofScriptedTask(String label, JavaLoop.Future awaited, List<Operation> then,
            boolean catchesCancellation, Interpreter interpreter) {
        return new KitCoroutine(label, awaited, then, catchesCancellation, false, false, false, interpreter);
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
            try {
                if (noTaskGroup) {
                    throw new LoopError("AttributeError", "module 'asyncio' has no attribute 'TaskGroup'");
                }
                performThen(); // inside the task's step: CURRENT-1
            } catch (RuntimeException | LoopError.Exit e) {
                if (endsWhenThenRaises) {
                    interpreter.state().record(label + ":end");
                }
                throw e;
            }
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
        if (awaited != null) {
            try {
                awaited.result(); // throws the awaited future's exception (or CancelledError), as await does
            } catch (RuntimeException error) {
                // Awaiting a future that is already cancelled raises CancelledError in the coroutine, which a
                // coroutine that catches its cancellation catches as it would a cancel() (CANCEL-5)
                return throwInto(error);
            }
        }
        interpreter.state().record(label + ":end");
        return new Return(label);
    }

    @Override
    public Step throwInto(RuntimeException error) {
        if (!started) {
            throw error; // CANCEL-1: a coroutine that never started never runs its body
        }
        if (catchesCancellation && "CancelledError".equals(interpreter.types().typeOf(error))) {
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
