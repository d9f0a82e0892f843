package org.asynciotck.refloop;

/**
 * The current task of each loop: the module-level functions of CPython 3.12
 * {@code asyncio.tasks} ({@code current_task}, {@code _enter_task}, {@code _leave_task},
 * {@code _swap_current_task}). CPython keeps {@code _current_tasks} as a dict keyed by loop;
 * here each loop holds its own entry, and these functions delegate to it (see
 * {@link EventLoop#enterTask}, where the rules live).
 *
 * <p>Loop thread only, like the loop.
 */
public final class CurrentTasks {

    private CurrentTasks() {}

    /** CPython {@code asyncio.current_task(loop)}: the task being executed, or null. */
    public static Task<?> current(EventLoop loop) {
        return loop.currentTask();
    }

    /** CPython {@code _enter_task}: raises {@link TaskConflictException} if another task is current (ENTER-1). */
    public static void enter(EventLoop loop, Task<?> task) {
        loop.enterTask(task);
    }

    /** CPython {@code _leave_task}: raises {@link TaskConflictException} if {@code task} is not current (ENTER-2). */
    public static void leave(EventLoop loop, Task<?> task) {
        loop.leaveTask(task);
    }

    /** CPython {@code _swap_current_task}: no conflict check; returns the previous task (EAGER-3). */
    public static Task<?> swap(EventLoop loop, Task<?> task) {
        return loop.swapCurrentTask(task);
    }
}
