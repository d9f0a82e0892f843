package org.asynciotck.reference;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.asynciotck.refloop.EventLoop;
import org.asynciotck.refloop.ExceptionHandler;
import org.asynciotck.refloop.Future;
import org.asynciotck.refloop.Handle;
import org.asynciotck.refloop.ManualClock;
import org.asynciotck.refloop.Task;
import org.asynciotck.spi.Event;

/**
 * Everything one session knows: its loop, the kit's names for handles, futures and tasks,
 * the events recorded, and the run counter. Used on the session's thread; while the loop runs
 * on a thread of its own ({@code start_loop_thread}) callbacks record from that thread, so the
 * events, errors and run counters are guarded by this object's monitor.
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
    /** A kit task to the task group its coroutine is in while it performs {@code then}. */
    private final Map<Task<?>, ScriptedTaskGroup> taskGroups = new IdentityHashMap<>();
    /** The watched ends of the session's socket pairs, by the kit's name. */
    private final Map<String, VirtualSocket> sockets = new HashMap<>();

    private final List<Event> events = new ArrayList<>();
    /** What the loop passed to its exception handler, as "Type: message". */
    private final List<String> reportedErrors = new ArrayList<>();
    /** The sorted keys of each context the loop passed to {@link #recordingHandler} (EXC-1). */
    private final List<List<String>> reportedContexts = new ArrayList<>();
    /** The handler installed on every new loop: records each report ({@code set_exception_handler "recording"}). */
    final ExceptionHandler recordingHandler = new ExceptionHandler() {
        @Override
        public void handle(String message, Throwable error) {
            reportError(message, error);
        }

        @Override
        public void handle(Map<String, Object> context) {
            reportContext(context);
        }
    };
    /** How many runs the session started; the next run gets {@code runsStarted + 1}. */
    private int runsStarted;
    /** The run in progress, or 0 outside any run. */
    private int currentRun;

    SessionState(LoopFactory loops) {
        this.loop = loops.create(clock, poller);
        poller.attach(loop);
        loop.setExceptionHandler(recordingHandler);
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

    /** A future by name; a task name also works, since a task is a future (docs/protocol.md, "Names"). */
    Future<Object> future(String name) {
        Future<Object> future = futures.get(name);
        return future != null ? future : lookup(tasks, "future", name);
    }

    /** A future or task by name: what a coroutine may await. */
    Future<Object> awaitable(String name) {
        return future(name);
    }

    void nameTask(String name, Task<Object> task) {
        tasks.put(requireName("task", name), task);
        taskNames.put(task, name);
    }

    void nameSocket(String name, VirtualSocket socket) {
        sockets.put(requireName("socket", name), socket);
    }

    VirtualSocket socket(String name) {
        return lookup(sockets, "socket", name);
    }

    Task<Object> task(String name) {
        return lookup(tasks, "task", name);
    }

    /** While a kit task's coroutine performs its {@code then} inside its task group. */
    void enterTaskGroup(Task<?> owner, ScriptedTaskGroup group) {
        taskGroups.put(owner, group);
    }

    void leaveTaskGroup(Task<?> owner) {
        taskGroups.remove(owner);
    }

    /** The task group the current task entered, or null: {@code via task_group} needs one. */
    ScriptedTaskGroup taskGroupOf(Task<?> current) {
        return current == null ? null : taskGroups.get(current);
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

    synchronized void record(String label) {
        events.add(Event.of(label, currentRun));
        notifyAll();
    }

    synchronized void record(String label, Object value) {
        events.add(new Event(label, currentRun, value));
        notifyAll();
    }

    synchronized List<Event> recorded() {
        return List.copyOf(events);
    }

    /** Waits at most {@code seconds} for an event labelled {@code label}; true if it was recorded. */
    synchronized boolean awaitEvent(String label, double seconds) throws InterruptedException {
        long deadline = System.nanoTime() + (long) (seconds * 1e9);
        while (events.stream().noneMatch(event -> event.label().equals(label))) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            java.util.concurrent.TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return true;
    }

    synchronized void reportError(String message, Throwable error) {
        reportedErrors.add(error == null ? message
                : PythonErrors.describe(PythonErrors.outcomeOf(asRuntime(message, error))));
    }

    synchronized void reportContext(Map<String, Object> context) {
        reportedContexts.add(context.keySet().stream().sorted().toList());
        Object error = context.get("exception");
        reportError(String.valueOf(context.get("message")), error instanceof Throwable t ? t : null);
    }

    synchronized List<List<String>> reportedContexts() {
        return List.copyOf(reportedContexts);
    }

    synchronized List<String> reportedErrors() {
        return List.copyOf(reportedErrors);
    }

    /** Runs {@code body} as a new kit-driven run, numbered after the previous ones. */
    void asNewRun(Runnable body) {
        int outer;
        synchronized (this) {
            outer = currentRun;
            currentRun = ++runsStarted;
        }
        try {
            body.run();
        } finally {
            synchronized (this) {
                currentRun = outer;
            }
        }
    }

    private static RuntimeException asRuntime(String message, Throwable error) {
        return error instanceof RuntimeException runtime ? runtime : new IllegalStateException(message, error);
    }

    private static <V> V lookup(Map<String, ? extends V> names, String kind, String name) {
        V found = names.get(requireName(kind, name));
        if (found == null) {
            throw new UnknownNameException("no " + kind + " named '" + name + "' in this session"); // as the agent says
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
