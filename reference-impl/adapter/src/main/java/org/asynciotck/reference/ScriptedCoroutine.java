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
    /**
     * Whether {@code <label>:end} is recorded when {@code then} raises, as the agent's coroutine of
     * {@code create_task} does (its {@code :end} is in a {@code finally}); {@code create_scripted_task}'s
     * performs {@code then} before its {@code try} and records no {@code :end} then. Found by exploration
     * (issue 12): a task whose {@code then} raises ended with {@code :end} on CPython, without on the reference.
     */
    private final boolean endsWhenThenRaises;
    /** The group {@code then} makes tasks in ({@code async with TaskGroup()}), or null when it makes none. */
    private final ScriptedTaskGroup group;
    private boolean started;
    /** Set once the task group, if any, has no task left: {@code __aexit__} returned. */
    private boolean groupExited;

    ScriptedCoroutine(String label, Future<Object> awaited, SessionState state, List<Operation> then,
            CallbackFactory script, EventLoop loop) {
        this(label, awaited, state, then, script, loop, false, true);
    }

    ScriptedCoroutine(String label, Future<Object> awaited, SessionState state, List<Operation> then,
            CallbackFactory script, EventLoop loop, boolean catchesCancellation) {
        this(label, awaited, state, then, script, loop, catchesCancellation, false);
    }

    private ScriptedCoroutine(String label, Future<Object> awaited, SessionState state, List<Operation> then,
            CallbackFactory script, EventLoop loop, boolean catchesCancellation, boolean endsWhenThenRaises) {
        this.endsWhenThenRaises = endsWhenThenRaises;
        this.label = label;
        this.awaited = awaited;
        this.state = state;
        this.then = then;
        this.script = script;
        this.loop = loop;
        this.catchesCancellation = catchesCancellation;
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
            try {
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
