package org.asynciotck.refloop;

/**
 * The current task of each loop: CPython 3.12 {@code tasks._current_tasks} with
 * {@code _py_enter_task}, {@code _py_leave_task}, {@code _py_swap_current_task} and
 * {@code current_task}. The registry entry lives on the loop itself.
 *
 * <p>Loop thread only, like the loop.
 */
public final class CurrentTasks {

    private CurrentTasks() {}

    /** CPython {@code asyncio.current_task(loop)}: the task being executed, or null. */
    public static Task<?> current(EventLoop loop) {
        return loop.currentTask;
    }

    /**
     * CPython {@code _py_enter_task}. ENTER-1: entering while another task is entered raises,
     * with CPython's message.
     */
    public static void enter(EventLoop loop, Task<?> task) {
        task.ensureInitialised("enter task");
        Task<?> current = loop.currentTask;
        if (current != null) {
            throw new TaskConflictException("Cannot enter into task " + task + " while another task "
                    + current + " is being executed.");
        }
        loop.currentTask = task;
    }

    /**
     * CPython {@code _py_leave_task}. ENTER-2: leaving a task that is not the current one
     * raises, with CPython's message.
     */
    public static void leave(EventLoop loop, Task<?> task) {
        task.ensureInitialised("leave task");
        Task<?> current = loop.currentTask;
        if (current != task) {
            throw new TaskConflictException("Leaving task " + task + " does not match the current task "
                    + repr(current) + ".");
        }
        loop.currentTask = null;
    }

    /**
     * CPython {@code _py_swap_current_task} (3.12+): makes {@code task} (or nobody, if null)
     * current WITHOUT a conflict check and returns the previous one (EAGER-3).
     */
    public static Task<?> swap(EventLoop loop, Task<?> task) {
        if (task != null) {
            task.ensureInitialised("swap current task");
        }
        Task<?> previous = loop.currentTask;
        loop.currentTask = task;
        return previous;
    }

    /** Python's {@code repr}: "None" for no task. */
    private static String repr(Task<?> task) {
        return task == null ? "None" : task.toString();
    }
}
