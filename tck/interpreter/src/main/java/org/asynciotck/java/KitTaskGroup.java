package org.asynciotck.java;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * What {@code asyncio.TaskGroup} (3.11+) does for the kit's tasks, as CPython's taskgroups.py does: each
 * task gets the group's done callback, and the owner's {@code __aexit__} awaits a future of the loop that
 * the last task's done callback completes. (The reference adapter's ScriptedTaskGroup, over JavaLoop.)
 */
final class KitTaskGroup {

    private final JavaLoop loop;
    private final Set<JavaLoop.Future> pending = Collections.newSetFromMap(new IdentityHashMap<>());
    private JavaLoop.Future completion;

    KitTaskGroup(JavaLoop loop) {
        this.loop = loop;
    }

    void add(JavaLoop.Task task) {
        if (task.done()) {
            return; // an eager task that finished inside create_task is not tracked
        }
        pending.add(task);
        task.addDoneCallback(this::onTaskDone);
    }

    JavaLoop.Future completionOrNull() {
        if (pending.isEmpty()) {
            return null;
        }
        if (completion == null || completion.done()) {
            completion = loop.createFuture();
        }
        return completion;
    }

    private void onTaskDone(JavaLoop.Future task) {
        pending.remove(task);
        if (pending.isEmpty() && completion != null && !completion.done()) {
            completion.setResult(Boolean.TRUE);
        }
    }
}
