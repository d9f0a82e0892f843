package org.asynciotck.reference;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.asynciotck.refloop.EventLoop;
import org.asynciotck.refloop.Future;
import org.asynciotck.refloop.Task;

/**
 * What {@code asyncio.TaskGroup} (3.11+) does for the kit's tasks, as CPython Lib/asyncio/taskgroups.py
 * does it: each task it makes gets the group's done callback ({@code _on_task_done}), and the owner's
 * {@code __aexit__} awaits a future of the loop ({@code _on_completed_fut}) that the done callback of
 * the last task completes. A task of the group that fails is not modelled: the kit's group tasks
 * await nothing that fails.
 */
final class ScriptedTaskGroup {

    private final EventLoop loop;
    /** The group's tasks that are not done yet (CPython {@code self._tasks}). */
    private final Set<Task<Object>> pending = Collections.newSetFromMap(new IdentityHashMap<>());
    /** The future {@code __aexit__} awaits, or null while it does not wait. */
    private Future<Object> completion;

    ScriptedTaskGroup(EventLoop loop) {
        this.loop = loop;
    }

    /** {@code tg.create_task}: the task is already made (through {@code loop.create_task}); the group tracks it. */
    void add(Task<Object> task) {
        if (task.done()) {
            return; // an eager task that finished inside create_task (3.12+) is not tracked
        }
        pending.add(task);
        task.addDoneCallback(this::onTaskDone);
    }

    /** The future to await while tasks are pending, or null when {@code __aexit__} can return. */
    Future<Object> completionOrNull() {
        if (pending.isEmpty()) {
            return null;
        }
        if (completion == null || completion.done()) {
            completion = loop.createFuture();
        }
        return completion;
    }

    private void onTaskDone(Future<?> task) {
        pending.remove(task);
        if (pending.isEmpty() && completion != null && !completion.done()) {
            completion.setResult(Boolean.TRUE);
        }
    }
}
