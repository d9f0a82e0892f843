package org.asynciotck.reference;

import java.util.List;
import org.asynciotck.refloop.Coroutine;
import org.asynciotck.refloop.CurrentTasks;
import org.asynciotck.refloop.EventLoop;
import org.asynciotck.refloop.Future;
import org.asynciotck.spi.Operation;

/**
 * The coroutine of docs/protocol.md: records {@code <label>:start}, performs {@code then} inside
 * its first step (as a callback does), awaits the tasks its task group made if {@code then} made
 * any, awaits {@code awaited} if there is one, records {@code <label>:end}, returns {@code label}.
 */
final class ScriptedCoroutine implements Coroutine<Object> {

    private final String label;
    private final Future<Object> awaited;
    private final SessionState state;
    private final List<Operation> then;
    private final CallbackFactory script;
    private final EventLoop loop;
    /** The group {@code then} makes tasks in ({@code async with TaskGroup()}), or null when it makes none. */
    private final ScriptedTaskGroup group;
    private boolean started;
    /** Set once the task group, if any, has no task left: {@code __aexit__} returned. */
    private boolean groupExited;

    ScriptedCoroutine(String label, Future<Object> awaited, SessionState state, List<Operation> then,
            CallbackFactory script, EventLoop loop) {
        this.label = label;
        this.awaited = awaited;
        this.state = state;
        this.then = then;
        this.script = script;
        this.loop = loop;
        this.group = then.stream().anyMatch(ScriptedCoroutine::inTaskGroup) ? new ScriptedTaskGroup(loop) : null;
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
            performThen();
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
        state.record(label + ":end");
        throw error;
    }
}
