package org.asynciotck.explore;

import java.util.ArrayList;
import java.util.List;
import org.asynciotck.spi.Operation;

/**
 * What the callbacks and tasks of a program do when they run ({@link ProgramBuilder}): the operations a
 * sketch's children become, nested as they are, with the delays of the timers they schedule.
 */
final class CallbackBodies {

    /**
     * Leaf timers share these delays (overdue or due at once): equal deadlines on purpose. Distinct overdue
     * delays are a second or more apart: CPython's clock is real, and the kit may take tens of milliseconds
     * between two operations on a loaded machine, which must not reorder two deadlines.
     */
    private static final double[] LEAF_DELAYS = {0.0, -1.0, -2.0, -3.0};

    /** A callback's RAISE with these arguments (modulo 12) raises SystemExit and KeyboardInterrupt instead. */
    private static final int SYSTEM_EXIT_ARG = 10;

    private static final int KEYBOARD_INTERRUPT_ARG = 11;

    /** A callback's SOON with these arguments (modulo 12) makes a task instead: with loop.create_task, asyncio.create_task. */
    private static final int LOOP_TASK_ARG = 8;

    private static final int ASYNCIO_TASK_ARG = 9;

    /** A callback's CURRENT_TASK note with this argument (modulo 12) is a note of a run inside the run instead. */
    private static final int NESTED_RUN_ARG = 11;

    private final ProgramBuilder b;

    CallbackBodies(ProgramBuilder builder) {
        this.b = builder;
    }

    double timer(String label, List<Operation> then, int arg) {
        double delay;
        if (then.isEmpty()) {
            delay = LEAF_DELAYS[arg % LEAF_DELAYS.length];
            b.groups.put(label, "delay " + delay);
        } else {
            delay = b.uniqueDelay();
        }
        b.delays.put(label, delay);
        return delay;
    }

    Operation complete(String how, String future) {
        return switch (how) {
            case "SET_RESULT" -> new Operation.SetResult(future, b.counter);
            case "SET_EXCEPTION" -> new Operation.SetException(future);
            default -> new Operation.CancelFuture(future);
        };
    }

    List<Operation> children(String parent, List<Sketch.Child> children) {
        return children(parent, children, false);
    }

    /** {@code inTask}: the operations run in a task's step, which may be eager (outside any run). */
    List<Operation> children(String parent, List<Sketch.Child> children, boolean inTask) {
        List<Operation> then = new ArrayList<>();
        int i = 0;
        for (Sketch.Child child : children) {
            String label = parent + "." + (++i);
            List<Operation> grand = new ArrayList<>();
            int j = 0;
            for (Sketch.ChildKind kind : child.then()) {
                Operation op = child(label + "." + (++j), kind, child.arg() + j, List.of(), false);
                if (op != null) {
                    grand.add(op);
                }
            }
            // A task's step may be eager, so outside any run: no close(), no base exception (which a
            // task's step turns into the task's exception and raises on), no run inside a run
            Operation op = inTask && child.kind() == Sketch.ChildKind.CLOSE ? null
                    : child(label, child.kind(), child.arg(), grand, inTask);
            if (op != null) {
                then.add(op);
            }
        }
        return then;
    }

    Operation child(String label, Sketch.ChildKind kind, int arg, List<Operation> then, boolean inTask) {
        switch (kind) {
            case SOON -> {
                if (b.tasksInRuns && (arg % 12 == LOOP_TASK_ARG || arg % 12 == ASYNCIO_TASK_ARG)) {
                    // Named by its label and never referred to: other choices pick only top-level tasks. In a
                    // task's step (maybe eager, outside a run: no running loop) loop.create_task only.
                    b.kinds.put(label, "task");
                    Operation.TaskConstruction via = arg % 12 == ASYNCIO_TASK_ARG && !inTask
                            ? Operation.TaskConstruction.ASYNCIO_CREATE_TASK : Operation.TaskConstruction.CREATE_TASK;
                    return new Operation.CreateTask(label, label, null, via, false);
                }
                b.kinds.put(label, "call_soon");
                return new Operation.CallSoon(label, then, null);
            }
            case THREADSAFE -> {
                b.kinds.put(label, "call_soon_threadsafe");
                return new Operation.CallSoonThreadsafe(label, then, null);
            }
            case LATER -> {
                b.kinds.put(label, "call_later");
                return new Operation.CallLater(timer(label, then, arg), label, then, null);
            }
            case SET_RESULT, SET_EXCEPTION, CANCEL_FUTURE -> {
                return b.futures.isEmpty() ? null : complete(kind.name(), ProgramBuilder.pick(b.futures, arg));
            }
            case STOP -> {
                b.stopMayBePending = true;
                return new Operation.Stop();
            }
            case RAISE -> {
                // Never in a task's step, which turns a base exception into the task's exception
                if (!inTask && (arg % 12 == SYSTEM_EXIT_ARG || arg % 12 == KEYBOARD_INTERRUPT_ARG)) {
                    b.baseErrorMayBePending = true;
                    return new Operation.RaiseBaseException(arg % 12 == SYSTEM_EXIT_ARG
                            ? Operation.BaseErrorType.SYSTEM_EXIT : Operation.BaseErrorType.KEYBOARD_INTERRUPT);
                }
                return new Operation.Raise();
            }
            case CANCEL_TASK -> {
                return b.tasks.isEmpty() ? null
                        : new Operation.CancelTask(ProgramBuilder.pick(b.tasks, arg), CancelMessages.of(arg, b.cancelMessages));
            }
            case IS_RUNNING -> {
                b.kinds.put(label, "note");
                if (b.notesLengths && Math.floorMod(arg, 12) >= ReadyQueue.LENGTH_ARG) {
                    return new Operation.Note(label, new Operation.ReadyQueueLength());
                }
                return new Operation.Note(label, new Operation.IsRunning());
            }
            case CURRENT_TASK -> {
                b.kinds.put(label, "note");
                if (!inTask && arg % 12 == NESTED_RUN_ARG) {
                    // A run inside the run (never in a task's step, which may be eager, outside a run): the
                    // coroutine only records, and asyncio refuses the run before it starts (RUN-3)
                    b.kinds.put(label + ".co", "task");
                    return new Operation.Note(label, new Operation.RunCoroutineUntilComplete(label + ".co", null));
                }
                return new Operation.Note(label, new Operation.CurrentTask());
            }
            case CLOSE -> {
                return new Operation.Close();
            }
            default -> throw new IllegalStateException(kind.name());
        }
    }
}
