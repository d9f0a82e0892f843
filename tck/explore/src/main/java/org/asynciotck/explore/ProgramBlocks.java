package org.asynciotck.explore;

import java.util.ArrayList;
import java.util.List;
import org.asynciotck.spi.Operation;

/**
 * The blocks of a program that one top-level choice writes as several steps ({@link ProgramBuilder}): a timed
 * run, a watched socket pair, a run of a coroutine, a loop on its own thread, the close tail, and one use of the
 * exception handler's API. Each is bounded and leaves nothing behind that a later block could meet.
 */
final class ProgramBlocks {

    /**
     * Leaf timers of a timed run: positive, in virtual time on the reference loop, real on CPython, so each timed
     * run waits about the completer's delay there: the most of what a program costs against CPython. 1 to 3 ms:
     * their order does not depend on the gaps (they are scheduled in the order of their delays, by one callback),
     * and uvloop's millisecond clock keeps timers that round to the same millisecond in the order they were
     * scheduled. They were 3 to 5 ms, with the completer at 7 (explore --benchmark against CPython 3.12: 290
     * programs/s then, with one job).
     */
    private static final double[] TIMED_DELAYS = {0.001, 0.002, 0.002, 0.003};
    /** The timer that completes the run's future: after every leaf timer. */
    private static final double TIMED_COMPLETER_DELAY = 0.004;

    private final ProgramBuilder b;

    ProgramBlocks(ProgramBuilder builder) {
        this.b = builder;
    }

    /**
     * Leaf timers with positive delays and, after them, a timer that completes a future; the run until it
     * is done. The timers are scheduled by a callback of the run's first iteration, so none can fall due
     * before the run however long the kit takes to get there (the reference loop's time is virtual,
     * CPython's is not). After the run, loop.time() and the completer's when(): the run cannot end before the
     * completer is due (TIMER-3, {@link ClockChecks}).
     */
    void timedRun(int arg) {
        if (!b.timedRuns || b.stopMayBePending || b.baseErrorMayBePending) {
            // A stop() that ends the run early makes which timers ran depend on real time on CPython: on a
            // loaded machine, 3 ms pass between two iterations (seen on 3.10 at a load of 10 on 2 cores).
            return;
        }
        String future = b.next("w");
        b.steps.add(new Operation.CreateFuture(future));
        String scheduler = b.next("q");
        b.kinds.put(scheduler, "call_soon");
        List<Operation> timers = new ArrayList<>();
        int count = 1 + arg % 3;
        // Scheduled in the order of their delays: CPython's clock is real and a loaded machine may preempt
        // the callback between two call_later()s (seen: over 1 ms at a load average of 15 on 2 cores), so
        // a timer scheduled later with a shorter delay could fall due after one scheduled before it with a
        // longer delay. With delays in ascending order the deadlines keep their order however long it takes.
        double[] chosen = new double[count];
        for (int i = 0; i < count; i++) {
            chosen[i] = TIMED_DELAYS[(arg / 3 + i) % TIMED_DELAYS.length];
        }
        java.util.Arrays.sort(chosen);
        for (int i = 0; i < count; i++) {
            String label = scheduler + "." + (i + 1);
            double delay = chosen[i];
            b.kinds.put(label, "call_later");
            b.delays.put(label, delay);
            b.groups.put(label, "delay " + delay);
            timers.add(new Operation.CallLater(delay, label, List.of(), "h" + label));
        }
        String completer = scheduler + "." + (count + 1);
        b.kinds.put(completer, "call_later");
        b.delays.put(completer, TIMED_COMPLETER_DELAY);
        timers.add(new Operation.CallLater(TIMED_COMPLETER_DELAY, completer,
                List.of(new Operation.SetResult(future, b.counter)), "h" + completer));
        b.steps.add(new Operation.CallSoon(scheduler, timers, "h" + scheduler));
        b.steps.add(new Operation.RunUntilComplete(future));
        // The run ends once the completer ran: loop.time() is not before its when() (TIMER-3, ClockChecks)
        b.steps.addAll(ClockChecks.runEnd("h" + completer));
        // A run that a stop() ended early leaves its timers pending, and whether they fall due later
        // depends on real time: cancel them, which is a no-op for those that ran.
        for (Operation timer : timers) {
            b.steps.add(new Operation.CancelHandle(((Operation.CallLater) timer).handle()));
        }
    }

    /**
     * A socket pair watched by a reader or a writer, the iteration(s) of the RUN_ONCE choice that carries it,
     * then the watcher removed (so nothing is watched outside the block: a loop thread or a timed run never
     * meets a watcher that runs in each of its iterations). One iteration, as the plain RUN_ONCE, but for the
     * variant that needs two: so the shrinker, taking the argument away, finds the same runs, and a find the
     * block only carried shrinks as before. The variant is the number of the choice's children (which the
     * shrinker drops towards none): 0 a reader of a readable socket (IO-1), 1 a reader of a socket with nothing to
     * read (it must not run: IO-1), 2 a reader replaced by a second one (only the second runs: IO-4), 3 a
     * reader of a readable socket for two iterations (it runs in both: IO-2). A first child with an odd
     * argument makes it a writer instead (a socket with room to write is writable: IO-5). remove_reader()
     * and remove_writer() answer True (IO-3). Left out while a base exception may be pending: it could end
     * the run before the watcher ran, and leave the watcher's handle queued for the next run.
     */
    void watch(List<Sketch.Child> then) {
        int variant = then.size();
        boolean writer = !then.isEmpty() && Math.floorMod(then.get(0).arg(), 2) == 1;
        String socket = b.next("p");
        b.steps.add(new Operation.SocketPair(socket));
        if (variant != 1 && !writer) {
            b.steps.add(new Operation.MakeReadable(socket));
        }
        // A first child with an argument from 10 up makes the watcher note the context's value (CTX-6, ContextNotes)
        boolean noting = !then.isEmpty() && then.get(0).arg() >= ContextNotes.WATCHER_NOTED_FROM;
        b.steps.add(watcher(socket, writer, noting));
        if (variant == 2) {
            b.steps.add(watcher(socket, writer, noting));
        }
        b.steps.add(new Operation.RunOnce());
        if (variant == 3) {
            b.steps.add(new Operation.RunOnce());
        }
        b.steps.add(writer ? new Operation.RemoveWriter(socket) : new Operation.RemoveReader(socket));
    }

    Operation watcher(String socket, boolean writer, boolean noting) {
        String label = b.next("o");
        b.kinds.put(label, writer ? "writer" : "reader");
        List<Operation> then = List.of();
        if (noting) {
            ContextNotes.before(b, label, false);
            then = ContextNotes.body(b, label, List.of());
        }
        return writer ? new Operation.AddWriter(socket, label, then) : new Operation.AddReader(socket, label, then);
    }

    /** One use of the exception handler's API (EXC-3 to EXC-5), by {@code arg}. */
    static Operation handler(int arg) {
        return switch (arg % 5) {
            case 0 -> new Operation.SetExceptionHandler(Operation.ExceptionHandlerKind.RAISING);
            case 1 -> new Operation.SetExceptionHandler(Operation.ExceptionHandlerKind.DEFAULT);
            case 2 -> new Operation.SetExceptionHandler(Operation.ExceptionHandlerKind.RECORDING);
            case 3 -> new Operation.GetExceptionHandler();
            default -> new Operation.CallExceptionHandler(Program.REPORTED_MESSAGE);
        };
    }

    /**
     * {@code run_until_complete(coro)} (RUN-1). When it awaits a future, a callback queued before the run
     * schedules the callback that completes it: the task's first step runs before the future is done, so a
     * stop() pending before the run ends it before the coroutine is complete (RUN-4), and without one the run
     * ends, in its third iteration or earlier.
     */
    void runCoroutine(String awaits) {
        String label = b.next("r");
        b.kinds.put(label, "task");
        if (awaits != null) {
            b.coroutineMayBePending = true;
            String completer = b.next("u");
            b.kinds.put(completer, "completer");
            b.kinds.put(completer + ".1", "call_soon");
            b.steps.add(new Operation.CallSoon(completer, List.of(new Operation.CallSoon(completer + ".1",
                    List.of(new Operation.SetResult(awaits, b.counter)), null)), null));
        }
        b.steps.add(new Operation.RunCoroutineUntilComplete(label, awaits));
    }

    /**
     * The loop runs {@code run_forever()} on a thread of its own (a new run) and, once it is idle, the kit
     * calls {@code call_soon_threadsafe} from its own thread 1 to 3 times, then stops the loop thread. The
     * callbacks only record, so nothing else is ready while they arrive: they run in the order they were
     * called, after everything that was pending. Left out while a stop() may be pending, which would end
     * the loop thread's run before it is ever idle.
     */
    void crossThread(int arg) {
        if (b.stopMayBePending || b.baseErrorMayBePending) {
            return;
        }
        b.steps.add(new Operation.StartLoopThread());
        for (int i = 0; i <= arg % 3; i++) {
            String label = b.next("x");
            b.kinds.put(label, "call_soon_threadsafe");
            b.steps.add(new Operation.CallSoonThreadsafe(label, List.of(), null));
        }
        b.steps.add(new Operation.StopLoopThread());
    }

    /**
     * {@code loop.close()}, {@code is_closed()}, then a {@code call_soon} and a run, both of which a closed
     * loop refuses. Written at the end of the program wherever the choice stood, so that a close does not
     * cut short the rest of the program (what every other choice explores stays as likely as before).
     */
    void closeTail() {
        b.steps.add(new Operation.Close());
        b.steps.add(new Operation.IsClosed());
        b.steps.addAll(b.executors.closedTail()); // a job, which a closed loop refuses (EXEC-5), if asked for
        String label = b.next("z");
        b.kinds.put(label, "call_soon");
        b.steps.add(new Operation.CallSoon(label, List.of(), null));
        b.steps.add(new Operation.RunOnce());
    }
}
