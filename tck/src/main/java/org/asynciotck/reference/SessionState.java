package org.asynciotck.reference;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.asynciotck.refloop.EventLoop;
import org.asynciotck.refloop.Future;
import org.asynciotck.refloop.Handle;
import org.asynciotck.refloop.ManualClock;
import org.asynciotck.refloop.Task;
import org.asynciotck.spi.Event;

/**
 * Everything one session knows: its loop, the kit's names for handles, futures and tasks,
 * the events recorded, and the run counter. Used only on the session's loop thread.
 */
final class SessionState {

    final ManualClock clock = new ManualClock();
    final VirtualTimePoller poller = new VirtualTimePoller(clock);
    final EventLoop loop;

    private final Map<String, Handle> handles = new HashMap<>();
    private final Map<String, Future<Object>> futures = new HashMap<>();
    private final Map<String, Task<Object>> tasks = new HashMap<>();
    /** Task object to the kit's name, so current_task can answer with names (identity, not equals). */
    private final Map<Task<?>, String> taskNames = new IdentityHashMap<>();

    private final List<Event> events = new ArrayList<>();
    /** How many runs the session started; the next run gets {@code runsStarted + 1}. */
    private int runsStarted;
    /** The run in progress, or 0 outside any run. */
    private int currentRun;

    SessionState(LoopFactory loops) {
        this.loop = loops.create(clock, poller);
        poller.attach(loop);
    }

    // ---- names -----------------------------------------------------------------------------

    void nameHandle(String name, Handle handle) {
        if (name != null) {
            handles.put(name, handle);
        }
    }

    Handle handle(String name) {
        return lookup(handles, "handle", name);
    }

    void nameFuture(String name, Future<Object> future) {
        futures.put(requireName("future", name), future);
    }

    Future<Object> future(String name) {
        return lookup(futures, "future", name);
    }

    /** A future or task by name: what a coroutine may await. */
    Future<Object> awaitable(String name) {
        Future<Object> future = futures.get(name);
        return future != null ? future : lookup(tasks, "future or task", name);
    }

    void nameTask(String name, Task<Object> task) {
        tasks.put(requireName("task", name), task);
        taskNames.put(task, name);
    }

    Task<Object> task(String name) {
        return lookup(tasks, "task", name);
    }

    /** The kit's name of {@code task}, or null for null; a task the kit did not make gets its repr. */
    String nameOf(Task<?> task) {
        if (task == null) {
            return null;
        }
        String name = taskNames.get(task);
        return name != null ? name : task.toString();
    }

    // ---- events and runs -------------------------------------------------------------------

    void record(String label) {
        events.add(Event.of(label, currentRun));
    }

    void record(String label, Object value) {
        events.add(new Event(label, currentRun, value));
    }

    List<Event> recorded() {
        return List.copyOf(events);
    }

    /** Runs {@code body} as a new kit-driven run, numbered after the previous ones. */
    void asNewRun(Runnable body) {
        int outer = currentRun;
        currentRun = ++runsStarted;
        try {
            body.run();
        } finally {
            currentRun = outer;
        }
    }

    private static <V> V lookup(Map<String, ? extends V> names, String kind, String name) {
        V found = names.get(requireName(kind, name));
        if (found == null) {
            throw new UnknownNameException("no " + kind + " named [" + name + "] in this session");
        }
        return found;
    }

    private static String requireName(String kind, String name) {
        if (name == null) {
            throw new UnknownNameException(kind + " name missing");
        }
        return name;
    }
}
