package org.asynciotck.reference;

import java.util.List;
import org.asynciotck.refloop.CancelledException;
import org.asynciotck.refloop.Coroutine;
import org.asynciotck.refloop.CurrentTasks;
import org.asynciotck.refloop.EventLoop;
import org.asynciotck.refloop.Future;
import org.asynciotck.spi.Operation;

/**
 * The coroutines of docs/protocol.md: records {@code <label>:start}, performs {@code then} inside
 * its first step (as a callback does), awaits the tasks its task group made if {@code then} made
 * any, awaits {@code awaited} if there is one, records {@code <label>:end}, returns {@code label}.
 * One that catches cancellation ({@code create_scripted_task}) records {@code <label>:caught} and
 * returns {@code "caught"} when the await raises CancelledError.
 */
final class ScriptedCoroutine implements Coroutine<Object> {

    private final String label;
    private final Future<Object> awaited;
    private final SessionState state;
    private final List<Operation> then;
    private final CallbackFactory script;
    private final EventLoop loop;
    private final boolean catchesCancellation;
    /** Whether {@code <label>:end} is recorded when {@code then} raises (create_task's coroutine, not a scripted task's). */
    private final boolean endsWhenThenRaises;
    /** {@code then} needs a task group and there is none (API level 3.10): the first step raises AttributeError. */
    private final boolean noTaskGroup;
    /** The group {@code then} makes tasks in ({@code async with TaskGroup()}), or null when it makes none. */
    private final ScriptedTaskGroup group;
    private boolean started;
    /** Set once the task group, if any, has no task left: {@code __aexit__} returned. */
    private boolean groupExited;

    /**
     * The coroutine of {@code create_task} and {@code run_coroutine_until_complete}: records
     * {@code <label>:end} however it ends, also when {@code then} raises (the agent's
     * {@code try/finally}). When {@code then} makes tasks {@code via task_group}, it performs
     * {@code then} inside a task group; without TaskGroup ({@code taskGroups} false: API level 3.10)
     * entering the group raises AttributeError, as {@code asyncio.TaskGroup} does not exist there.
     */
    static ScriptedCoroutine ofTask(String label, Future<Object> awaited, SessionState state, List<Operation> then,
            CallbackFactory script, EventLoop loop, boolean taskGroups) {
        boolean grouped = then.stream().anyMatch(ScriptedCoroutine::inTaskGroup);
        return new ScriptedCoroutine(label, awaited, state, then, script, loop, false, true,
                grouped ? (taskGroups ? new ScriptedTaskGroup(loop) : null) : null, grouped && !taskGroups);
    }

    /**
     * The coroutine of {@code create_scripted_task}: performs {@code then} as a callback does (never
     * inside a task group), records {@code <label>:end} only once {@code then} is done.
     */
    static ScriptedCoroutine ofScriptedTask(String label, Future<Object> awaited, SessionState state,
            List<Operation> then, CallbackFactory script, EventLoop loop, boolean catchesCancellation) {
        return new ScriptedCoroutine(label, awaited, state, then, script, loop, catchesCancellation, false, null, false);
    }

    private ScriptedCoroutine(String label, Future<Object> awaited, SessionState state, List<Operation> then,
            CallbackFactory script, EventLoop loop, boolean catchesCancellation, boolean endsWhenThenRaises,
            ScriptedTaskGroup group, boolean noTaskGroup) {
        this.label = label;
        this.awaited = awaited;
        this.state = state;
        this.then = then;
        this.script = script;
        this.loop = loop;
        this.catchesCancellation = catchesCancellation;
        this.endsWhenThenRaises = endsWhenThenRaises;
        this.group = group;
        this.noTaskGroup = noTaskGroup;
    }

    private static boolean inTaskGroup(Operation operation) {
        return operation instanceof Operation.CreateTask create
                && create.via() == Operation.TaskConstruction.TASK_GROUP;
    }

    @Override
    public Step<Object> send(Object value) {
        if (!started) {
            started = true;
            state.record(label + ":start");
            try {
                if (noTaskGroup) {
                    throw new PythonException("AttributeError", "module 'asyncio' has no attribute 'TaskGroup'");
                }
                performThen(); // inside the task's step: CURRENT-1
            } catch (RuntimeException e) {
                if (endsWhenThenRaises) {
                    state.record(label + ":end");
                }
                throw e;
            }
        }
        if (group != null && !groupExited) {
            Future<Object> completion = group.completionOrNull();
            if (completion != null) {
                return new Yield<>(completion); // TaskGroup.__aexit__: await _on_completed_fut
            }
            groupExited = true;
        }
        if (awaited != null && !awaited.done()) {
            return new Yield<>(awaited);
        }
        state.record(label + ":end");
        if (awaited != null && awaited.exception() != null) {
            throw awaited.exception();
        }
        return new Return<>(label);
    }

    private void performThen() {
        if (group == null) {
            script.perform(then);
            return;
        }
        var owner = CurrentTasks.current(loop);
        state.enterTaskGroup(owner, group);
        try {
            script.perform(then);
        } finally {
            state.leaveTaskGroup(owner);
        }
    }

    @Override
    public Step<Object> throwInto(RuntimeException error) {
        if (!started) {
            throw error; // CANCEL-1: thrown into a coroutine that never started, its body never runs
        }
        if (catchesCancellation && error instanceof CancelledException) {
            state.record(label + ":caught");
            state.record(label + ":end");
            return new Return<>("caught"); // CANCEL-5
        }
        state.record(label + ":end");
        throw error;
    }
}
