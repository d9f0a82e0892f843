package org.asynciotck.java;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.asynciotck.java.AsyncioTypes.UnknownName;
import org.asynciotck.spi.Event;

/**
 * What one session knows: the kit's names for handles, futures, tasks and channels, the events recorded,
 * the run counter and what the loop reported to the kit's handler. Events, reports and runs are guarded
 * by this object's monitor, since callbacks record from the loop thread of {@code start_loop_thread}.
 */
final class SessionState {

    private final Map<String, JavaLoop.Handle> handles = new HashMap<>();
    /** The callback given to the loop for each named handle, weakly: {@code callback_freed}. */
    private final Map<String, WeakReference<Runnable>> callbacks = new HashMap<>();
    private final Map<String, JavaLoop.Future> futures = new HashMap<>();
    private final Map<String, JavaLoop.Task> tasks = new HashMap<>();
    private final Map<JavaLoop.Task, String> taskNames = new IdentityHashMap<>();
    private final Map<JavaLoop.Task, KitTaskGroup> taskGroups = new IdentityHashMap<>();
    private final Map<String, java.nio.channels.Pipe> pipes = new HashMap<>();

    private final List<Event> events = new ArrayList<>();
    private final List<String> reportedErrors = new ArrayList<>();
    private final List<List<String>> reportedContexts = new ArrayList<>();
    private int runsStarted;
    /** The run in progress, or 0 outside any run. */
    private int currentRun;
    /** The first optional method a callback needed and the loop does not support, or null. */
    private JavaLoop.NotSupported unsupported;

    /** The handler the kit installs on every new loop ({@code set_exception_handler "recording"}). */
    final JavaLoop.ExceptionHandler recordingHandler = (loop, context) -> reportContext(context);
    private final AsyncioTypes types;

    SessionState(AsyncioTypes types) {
        this.types = types;
    }

    void nameHandle(String name, JavaLoop.Handle handle, Runnable callback) {
        if (name != null) {
            handles.put(name, handle);
            callbacks.put(name, new WeakReference<>(callback));
        }
    }

    JavaLoop.Handle handle(String name) {
        return lookup(handles, "handle", name);
    }

    /** Whether the callback of the handle has been collected (after the caller asked for a collection). */
    boolean callbackCollected(String name) {
        handle(name);
        return callbacks.get(name).get() == null;
    }

    void nameFuture(String name, JavaLoop.Future future) {
        futures.put(requireName("future", name), future);
    }

    /** A future by name; a task's name works too, since a task is a future. */
    JavaLoop.Future future(String name) {
        JavaLoop.Future future = futures.get(name);
        return future != null ? future : lookup(tasks, "future", name);
    }

    void nameTask(String name, JavaLoop.Task task) {
        tasks.put(requireName("task", name), task);
        taskNames.put(task, name);
    }

    JavaLoop.Task task(String name) {
        return lookup(tasks, "task", name);
    }

    /**
     * The kit's name of a task, null for null; a task the kit did not make (or has not named yet: one that
     * runs inside the call that makes it) is not answered with its own name, but as the agent answers.
     */
    String nameOf(JavaLoop.Task task) {
        if (task == null) {
            return null;
        }
        String name = taskNames.get(task);
        return name != null ? name : "<task not created by the kit: " + task.getClass().getSimpleName() + ">";
    }

    void enterTaskGroup(JavaLoop.Task owner, KitTaskGroup group) {
        taskGroups.put(owner, group);
    }

    void leaveTaskGroup(JavaLoop.Task owner) {
        taskGroups.remove(owner);
    }

    KitTaskGroup taskGroupOf(JavaLoop.Task current) {
        return current == null ? null : taskGroups.get(current);
    }

    void namePipe(String name, java.nio.channels.Pipe pipe) {
        pipes.put(requireName("socket", name), pipe);
    }

    java.nio.channels.Pipe pipe(String name) {
        return lookup(pipes, "socket", name);
    }

    List<java.nio.channels.Pipe> pipes() {
        return List.copyOf(pipes.values());
    }

    // ---- events, reports and runs -------------------------------------------------------------

    synchronized void record(String label) {
        record(label, null);
    }

    synchronized void record(String label, Object value) {
        events.add(new Event(label, currentRun, value));
        notifyAll();
    }

    synchronized List<Event> recorded() {
        return List.copyOf(events);
    }

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

    synchronized void reportContext(Map<String, Object> context) {
        reportedContexts.add(context.keySet().stream().sorted().toList());
        Object error = context.get("exception");
        reportedErrors.add(error instanceof Throwable t ? types.describe(t) : String.valueOf(context.get("message")));
    }

    synchronized List<String> reportedErrors() {
        return List.copyOf(reportedErrors);
    }

    synchronized List<List<String>> reportedContexts() {
        return List.copyOf(reportedContexts);
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

    synchronized void unsupported(JavaLoop.NotSupported missing) {
        if (unsupported == null) {
            unsupported = missing;
        }
    }

    /** The first unsupported method a callback met, cleared. */
    synchronized JavaLoop.NotSupported takeUnsupported() {
        JavaLoop.NotSupported missing = unsupported;
        unsupported = null;
        return missing;
    }

    private static <V> V lookup(Map<String, ? extends V> names, String kind, String name) {
        V found = names.get(requireName(kind, name));
        if (found == null) {
            throw new UnknownName("no " + kind + " named '" + name + "' in this session"); // as the agent says
        }
        return found;
    }

    private static String requireName(String kind, String name) {
        if (name == null) {
            throw new UnknownName(kind + " name missing");
        }
        return name;
    }
}
