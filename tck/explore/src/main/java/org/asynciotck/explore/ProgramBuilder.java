package org.asynciotck.explore;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.asynciotck.spi.Operation;

/**
 * Builds the {@link Program} a {@link Sketch} describes, choice by choice, with what {@link Allowed} lets it use:
 * valid by construction (every name defined before it is used, every run bounded), whatever the sketch.
 */
final class ProgramBuilder {

    /**
     * Leaf timers share these delays (overdue or due at once): equal deadlines on purpose. Distinct overdue
     * delays are a second or more apart: CPython's clock is real, and the kit may take tens of milliseconds
     * between two operations on a loaded machine, which must not reorder two deadlines.
     */
    private static final double[] LEAF_DELAYS = {0.0, -1.0, -2.0, -3.0};
    /** Leaf timers of a timed run: positive, in virtual time on the reference loop. */
    private static final double[] TIMED_DELAYS = {0.003, 0.004, 0.004, 0.005};
    private static final double TIMED_COMPLETER_DELAY = 0.007;
    /** The argument of an ADD_DONE choice that re-adds the latest done callback and removes it (Sketch.Kind). */
    private static final int REMOVING_ARG = 11;
    /**
     * The argument of a TASK choice that makes a task whose coroutine catches its cancellation and returns
     * (CANCEL-5): an argument, not a kind of its own, for the reason REMOVING_ARG is one.
     */
    private static final int CATCHING_ARG = 10;
    /*
     * The vocabulary learnt after the gallery's first finds (the exception handler's API, base exceptions, tasks
     * made in callbacks, runs of coroutines, runs inside runs) is said by the arguments of existing kinds, never
     * by kinds of their own: a new kind changes every sketch generated from a seed (the frequencies shift),
     * and that lost finds of the gallery within the budget (done_callbacks_reversed, and cancelled_timers_still_fire's
     * HANDLE-1). With arguments, a program that uses none of them is the program it was before.
     */
    /** FUTURE choices with these arguments also perform one call of the exception handler's API ({@link #handler}). */
    private static final int FIRST_HANDLER_ARG = 7;
    /** RUN_ONCE choices with these arguments run a coroutine instead: without an await, and awaiting a future. */
    private static final int COROUTINE_ARG = 10;
    private static final int AWAITING_COROUTINE_ARG = 11;
    /**
     * A RUN_ONCE choice with this argument watches a socket pair in its iteration instead ({@link
     * Builder#watch}): readers and writers (IO-1 to IO-5), said by an argument for the reason above.
     */
    private static final int WATCHER_ARG = 9;
    /** A callback's RAISE with these arguments (modulo 12) raises SystemExit and KeyboardInterrupt instead. */
    private static final int SYSTEM_EXIT_ARG = 10;
    private static final int KEYBOARD_INTERRUPT_ARG = 11;
    /** A callback's SOON with these arguments (modulo 12) makes a task instead: with loop.create_task, asyncio.create_task. */
    private static final int LOOP_TASK_ARG = 8;
    private static final int ASYNCIO_TASK_ARG = 9;
    /** A callback's CURRENT_TASK note with this argument (modulo 12) is a note of a run inside the run instead. */
    private static final int NESTED_RUN_ARG = 11;
    /**
     * LATER and AT choices with an argument from this one up (8 to 11: the same leaf delays as 0 to 3, since the
     * argument modulo 4 picks one) read loop.time() before and after the call and ask the handle's when() (TIMER-1,
     * {@link ClockChecks}): an argument, not a kind of its own, for the reason above.
     */
    private static final int DEADLINE_ARG = 8;

    final List<Operation> steps = new ArrayList<>();
    final Map<String, String> kinds = new LinkedHashMap<>();
    final Map<String, String> groups = new LinkedHashMap<>();
    final Map<String, Double> delays = new LinkedHashMap<>();
    final Map<String, String> doneOf = new LinkedHashMap<>();
    final List<String> futures = new ArrayList<>();
    final List<String> handles = new ArrayList<>();
    final List<String> tasks = new ArrayList<>();
    /** The tasks whose coroutines catch their cancellation: their results are asked for at the end. */
    final List<String> catching = new ArrayList<>();
    /** Every done callback added so far, as added (re-added as it is, it is the same callback again). */
    final List<Operation.AddDoneCallback> doneCallbacks = new ArrayList<>();
    /** Futures and tasks, in the order they were made: what a task may await. */
    final List<String> awaitables = new ArrayList<>();
    final boolean eagerTasks;
    /** Whether a stop() may still be pending (one was scheduled, outside a run_forever's own stopper). */
    boolean stopMayBePending;
    /**
     * Whether a KeyboardInterrupt or SystemExit may be left in the ready queue by a run it did not end (a
     * callback raises it): it would end the next run where it runs, on a loop thread too.
     */
    boolean baseErrorMayBePending;
    /**
     * Whether a run_until_complete(coro) that a stop() ended early may have left its task pending. Nothing
     * of the kit's names that task, so close() (which empties the ready queue) can make it garbage, and
     * CPython then closes its coroutine, which records its end outside any run; the reference loop's
     * coroutines are not collected. So no close tail then.
     */
    boolean coroutineMayBePending;
    int counter;
    int unique;

    final boolean timedRuns;
    final boolean stopIterations;
    final boolean tasksInRuns;
    final boolean cancelMessages;
    /** Whether a CLOSE choice was made: the program ends with the loop closed (see {@link #closeTail}). */
    boolean closes;
    final boolean selectTimeouts;
    /** The select-timeout probe the first AT choice with a probe argument asked for, written at the end. */
    TimeoutProbe.Variant probe;
    /** How many select_timeouts that block ends with ({@link TimeoutProbe#probes}). */
    int probes;
    final Allowed allowed;
    /** Whether length arguments ask for len(loop._ready) ({@link ReadyQueue#notesLengths}). */
    boolean notesLengths;

    ProgramBuilder(Allowed allowed) {
        this.eagerTasks = allowed.eagerTasks();
        this.timedRuns = allowed.timedRuns();
        this.stopIterations = allowed.stopIterations();
        this.tasksInRuns = allowed.tasksInRuns();
        this.selectTimeouts = allowed.selectTimeouts();
        this.cancelMessages = allowed.cancelMessages();
        this.allowed = allowed;
    }

    Program build(Sketch sketch) {
        notesLengths = ReadyQueue.notesLengths(sketch, allowed);
        for (Sketch.Choice choice : sketch.choices()) {
            top(choice);
        }
        steps.addAll(CancelMessages.tail(steps)); // nothing unless a task was cancelled with a message
        for (String task : catching) {
            // What a task that catches its cancellation ends with shows only in its result, and only once it
            // was cancelled while it awaits (its own future): at the end, run once (so it has started), cancel
            // it, run once, ask for its result (one cancelled before, or before its first step, ends cancelled
            // on every loop alike)
            steps.add(new Operation.RunOnce());
            steps.add(new Operation.CancelTask(task, null));
            steps.add(new Operation.RunOnce());
            steps.add(new Operation.FutureResult(task));
        }
        if (probe != null) {
            // At the end, as the close tail: its far timers must not meet a later run (see TimeoutProbe)
            TimeoutProbe.Block block = TimeoutProbe.block(probe, probes, () -> next("y"));
            steps.addAll(block.steps());
            block.timers().forEach((label, delay) -> {
                kinds.put(label, "call_later");
                delays.put(label, delay);
            });
        }
        if (closes && !coroutineMayBePending) {
            closeTail();
        }
        return new Program(List.copyOf(steps), Map.copyOf(kinds), Map.copyOf(groups), Map.copyOf(delays),
                Map.copyOf(doneOf));
    }

    String next(String prefix) {
        return prefix + (++counter);
    }

    double uniqueDelay() {
        return -(10.0 + unique++);
    }

    void top(Sketch.Choice c) {
        switch (c.kind()) {
            case NOTHING -> { }
            case SOON, THREADSAFE -> {
                String label = next("c");
                List<Operation> then = ReadyQueue.isBurst(c) ? ReadyQueue.burst(label, kinds)
                        : children(label, c.then());
                String handle = "h" + label;
                kinds.put(label, c.kind() == Sketch.Kind.SOON ? "call_soon" : "call_soon_threadsafe");
                steps.add(c.kind() == Sketch.Kind.SOON ? new Operation.CallSoon(label, then, handle)
                        : new Operation.CallSoonThreadsafe(label, then, handle));
                handles.add(handle);
            }
            case LATER, AT -> {
                Optional<TimeoutProbe.Variant> probing = selectTimeouts ? TimeoutProbe.of(c) : Optional.empty();
                if (probing.isPresent()) {
                    // The probe instead of the timer (an argument, not a kind: see TimeoutProbe)
                    if (probe == null) {
                        probe = probing.get();
                        probes = TimeoutProbe.probes(c);
                    }
                    break;
                }
                String label = next("t");
                List<Operation> then = children(label, c.then());
                double delay = timer(label, then, c.arg());
                String handle = "h" + label;
                kinds.put(label, c.kind() == Sketch.Kind.LATER ? "call_later" : "call_at");
                Operation timer = c.kind() == Sketch.Kind.LATER ? new Operation.CallLater(delay, label, then, handle)
                        : new Operation.CallAt(delay, label, then, handle);
                if (c.arg() >= DEADLINE_ARG) {
                    steps.addAll(ClockChecks.deadline(timer, handle)); // loop.time() around it, then when() (TIMER-1)
                } else {
                    steps.add(timer);
                }
                handles.add(handle);
            }
            case FUTURE -> {
                String future = next("f");
                steps.add(new Operation.CreateFuture(future));
                futures.add(future);
                awaitables.add(future);
                if (c.arg() >= FIRST_HANDLER_ARG) {
                    steps.add(handler(c.arg() - FIRST_HANDLER_ARG));
                }
            }
            case ADD_DONE -> {
                if (c.arg() == REMOVING_ARG && !doneCallbacks.isEmpty()) {
                    // The same callback twice on one future, then remove_done_callback(): both go (FUTURE-5)
                    Operation.AddDoneCallback add = doneCallbacks.get(doneCallbacks.size() - 1);
                    steps.add(add);
                    steps.add(new Operation.RemoveDoneCallback(add.future(), add.label()));
                } else if (!futures.isEmpty()) {
                    String label = next("d");
                    String future = pick(futures, c.arg());
                    kinds.put(label, "done_callback");
                    doneOf.put(label, future);
                    Operation.AddDoneCallback add = new Operation.AddDoneCallback(future, label,
                            children(label, c.then()));
                    steps.add(add);
                    doneCallbacks.add(add);
                }
            }
            case SET_RESULT, SET_EXCEPTION, CANCEL_FUTURE -> {
                if (!futures.isEmpty()) {
                    steps.add(complete(c.kind().name(), pick(futures, c.arg())));
                }
            }
            case TASK, EAGER_TASK -> {
                if (!awaitables.isEmpty()) {
                    // A task awaits a future or a task made before it (so never itself, never in a cycle).
                    String awaits = pick(awaitables, c.arg());
                    String task = next("k");
                    kinds.put(task, "task");
                    boolean eager = c.kind() == Sketch.Kind.EAGER_TASK && eagerTasks;
                    if (c.kind() == Sketch.Kind.TASK && c.arg() == CATCHING_ARG) {
                        // Its coroutine catches the CancelledError of its await and returns "caught" (CANCEL-5).
                        // It awaits a future of its own, which nothing else picks, so it still awaits at the end.
                        String own = next("f");
                        steps.add(new Operation.CreateFuture(own));
                        steps.add(new Operation.CreateScriptedTask(task, task, children(task, c.then(), true),
                                own, true));
                        catching.add(task);
                    } else {
                        steps.add(new Operation.CreateTask(task, task, awaits,
                                Operation.TaskConstruction.CREATE_TASK, eager, children(task, c.then(), true)));
                    }
                    tasks.add(task);
                    awaitables.add(task);
                }
            }
            case CANCEL_TASK -> {
                if (!tasks.isEmpty()) {
                    steps.add(new Operation.CancelTask(pick(tasks, c.arg()),
                            CancelMessages.of(c.arg(), cancelMessages)));
                }
            }
            case CROSS_THREAD -> {
                if (timedRuns) {
                    crossThread(c.arg());
                }
            }
            case CANCEL_HANDLE -> {
                if (!handles.isEmpty()) {
                    boolean counted = notesLengths && c.arg() >= ReadyQueue.LENGTH_ARG;
                    if (counted) {
                        steps.add(new Operation.ReadyQueueLength()); // the same before and after (HANDLE-1)
                    }
                    steps.add(new Operation.CancelHandle(pick(handles, c.arg())));
                    if (counted) {
                        steps.add(new Operation.ReadyQueueLength());
                    }
                }
            }
            case STOP -> {
                stopMayBePending = true;
                steps.add(new Operation.Stop());
            }
            case RUN_ONCE -> {
                // A coroutine's run only before any task of the program's own: the run ends when the
                // coroutine's task is done, and on a loop where a task's failed step breaks every later step
                // (the gallery's failed_step_leaves_a_task_current) it would never end, only at the kit's
                // operation bound, once per shrink candidate
                if (!tasks.isEmpty() && (c.arg() == COROUTINE_ARG || c.arg() == AWAITING_COROUTINE_ARG)) {
                    steps.add(new Operation.RunOnce());
                } else if (c.arg() == COROUTINE_ARG || c.arg() == AWAITING_COROUTINE_ARG && futures.isEmpty()) {
                    runCoroutine(null);
                } else if (c.arg() == AWAITING_COROUTINE_ARG) {
                    runCoroutine(futures.get(futures.size() - 1)); // the latest future, most often made for it
                } else if (c.arg() == WATCHER_ARG && !baseErrorMayBePending) {
                    watch(c.then());
                } else {
                    steps.add(new Operation.RunOnce());
                }
            }
            case RUN_FOREVER -> {
                String label = next("s");
                kinds.put(label, "stopper");
                steps.add(new Operation.CallSoon(label, List.of(new Operation.Stop()), null));
                steps.add(new Operation.RunForever());
            }
            case RUN_UNTIL_COMPLETE -> {
                if (!futures.isEmpty()) {
                    String future = pick(futures, c.arg());
                    String label = next("u");
                    kinds.put(label, "completer");
                    steps.add(new Operation.CallSoon(label, List.of(new Operation.SetResult(future, counter)), null));
                    steps.add(new Operation.RunUntilComplete(future));
                }
            }
            case TIMED_RUN -> timedRun(c.arg());
            case FUTURE_RESULT -> {
                if (!awaitables.isEmpty()) {
                    steps.add(new Operation.FutureResult(pick(awaitables, c.arg())));
                }
            }
            case FUTURE_EXCEPTION -> {
                if (!awaitables.isEmpty()) {
                    steps.add(new Operation.FutureException(pick(awaitables, c.arg())));
                }
            }
            case STOP_ITERATION -> {
                if (stopIterations && !futures.isEmpty()) {
                    steps.add(new Operation.SetStopIteration(pick(futures, c.arg())));
                }
            }
            case CLOSE -> closes = true;

        }
    }

    /**
     * Leaf timers with positive delays and, after them, a timer that completes a future; the run until it
     * is done. The timers are scheduled by a callback of the run's first iteration, so none can fall due
     * before the run however long the kit takes to get there (the reference loop's time is virtual,
     * CPython's is not). After the run, loop.time() and the completer's when(): the run cannot end before the
     * completer is due (TIMER-3, {@link ClockChecks}).
     */
    void timedRun(int arg) {
        if (!timedRuns || stopMayBePending || baseErrorMayBePending) {
            // A stop() that ends the run early makes which timers ran depend on real time on CPython: on a
            // loaded machine, 3 ms pass between two iterations (seen on 3.10 at a load of 10 on 2 cores).
            return;
        }
        String future = next("w");
        steps.add(new Operation.CreateFuture(future));
        String scheduler = next("q");
        kinds.put(scheduler, "call_soon");
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
            kinds.put(label, "call_later");
            delays.put(label, delay);
            groups.put(label, "delay " + delay);
            timers.add(new Operation.CallLater(delay, label, List.of(), "h" + label));
        }
        String completer = scheduler + "." + (count + 1);
        kinds.put(completer, "call_later");
        delays.put(completer, TIMED_COMPLETER_DELAY);
        timers.add(new Operation.CallLater(TIMED_COMPLETER_DELAY, completer,
                List.of(new Operation.SetResult(future, counter)), "h" + completer));
        steps.add(new Operation.CallSoon(scheduler, timers, "h" + scheduler));
        steps.add(new Operation.RunUntilComplete(future));
        // The run ends once the completer ran: loop.time() is not before its when() (TIMER-3, ClockChecks)
        steps.addAll(ClockChecks.runEnd("h" + completer));
        // A run that a stop() ended early leaves its timers pending, and whether they fall due later
        // depends on real time: cancel them, which is a no-op for those that ran.
        for (Operation timer : timers) {
            steps.add(new Operation.CancelHandle(((Operation.CallLater) timer).handle()));
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
        String socket = next("p");
        steps.add(new Operation.SocketPair(socket));
        if (variant != 1 && !writer) {
            steps.add(new Operation.MakeReadable(socket));
        }
        steps.add(watcher(socket, writer));
        if (variant == 2) {
            steps.add(watcher(socket, writer));
        }
        steps.add(new Operation.RunOnce());
        if (variant == 3) {
            steps.add(new Operation.RunOnce());
        }
        steps.add(writer ? new Operation.RemoveWriter(socket) : new Operation.RemoveReader(socket));
    }

    Operation watcher(String socket, boolean writer) {
        String label = next("o");
        kinds.put(label, writer ? "writer" : "reader");
        return writer ? new Operation.AddWriter(socket, label, List.of())
                : new Operation.AddReader(socket, label, List.of());
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
        String label = next("r");
        kinds.put(label, "task");
        if (awaits != null) {
            coroutineMayBePending = true;
            String completer = next("u");
            kinds.put(completer, "completer");
            kinds.put(completer + ".1", "call_soon");
            steps.add(new Operation.CallSoon(completer, List.of(new Operation.CallSoon(completer + ".1",
                    List.of(new Operation.SetResult(awaits, counter)), null)), null));
        }
        steps.add(new Operation.RunCoroutineUntilComplete(label, awaits));
    }

    /**
     * The loop runs {@code run_forever()} on a thread of its own (a new run) and, once it is idle, the kit
     * calls {@code call_soon_threadsafe} from its own thread 1 to 3 times, then stops the loop thread. The
     * callbacks only record, so nothing else is ready while they arrive: they run in the order they were
     * called, after everything that was pending. Left out while a stop() may be pending, which would end
     * the loop thread's run before it is ever idle.
     */
    void crossThread(int arg) {
        if (stopMayBePending || baseErrorMayBePending) {
            return;
        }
        steps.add(new Operation.StartLoopThread());
        for (int i = 0; i <= arg % 3; i++) {
            String label = next("x");
            kinds.put(label, "call_soon_threadsafe");
            steps.add(new Operation.CallSoonThreadsafe(label, List.of(), null));
        }
        steps.add(new Operation.StopLoopThread());
    }

    /**
     * {@code loop.close()}, {@code is_closed()}, then a {@code call_soon} and a run, both of which a closed
     * loop refuses. Written at the end of the program wherever the choice stood, so that a close does not
     * cut short the rest of the program (what every other choice explores stays as likely as before).
     */
    void closeTail() {
        steps.add(new Operation.Close());
        steps.add(new Operation.IsClosed());
        String label = next("z");
        kinds.put(label, "call_soon");
        steps.add(new Operation.CallSoon(label, List.of(), null));
        steps.add(new Operation.RunOnce());
    }

    double timer(String label, List<Operation> then, int arg) {
        double delay;
        if (then.isEmpty()) {
            delay = LEAF_DELAYS[arg % LEAF_DELAYS.length];
            groups.put(label, "delay " + delay);
        } else {
            delay = uniqueDelay();
        }
        delays.put(label, delay);
        return delay;
    }

    Operation complete(String how, String future) {
        return switch (how) {
            case "SET_RESULT" -> new Operation.SetResult(future, counter);
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
                if (tasksInRuns && (arg % 12 == LOOP_TASK_ARG || arg % 12 == ASYNCIO_TASK_ARG)) {
                    // Named by its label and never referred to: other choices pick only top-level tasks. In a
                    // task's step (maybe eager, outside a run: no running loop) loop.create_task only.
                    kinds.put(label, "task");
                    Operation.TaskConstruction via = arg % 12 == ASYNCIO_TASK_ARG && !inTask
                            ? Operation.TaskConstruction.ASYNCIO_CREATE_TASK : Operation.TaskConstruction.CREATE_TASK;
                    return new Operation.CreateTask(label, label, null, via, false);
                }
                kinds.put(label, "call_soon");
                return new Operation.CallSoon(label, then, null);
            }
            case THREADSAFE -> {
                kinds.put(label, "call_soon_threadsafe");
                return new Operation.CallSoonThreadsafe(label, then, null);
            }
            case LATER -> {
                kinds.put(label, "call_later");
                return new Operation.CallLater(timer(label, then, arg), label, then, null);
            }
            case SET_RESULT, SET_EXCEPTION, CANCEL_FUTURE -> {
                return futures.isEmpty() ? null : complete(kind.name(), pick(futures, arg));
            }
            case STOP -> {
                stopMayBePending = true;
                return new Operation.Stop();
            }
            case RAISE -> {
                // Never in a task's step, which turns a base exception into the task's exception
                if (!inTask && (arg % 12 == SYSTEM_EXIT_ARG || arg % 12 == KEYBOARD_INTERRUPT_ARG)) {
                    baseErrorMayBePending = true;
                    return new Operation.RaiseBaseException(arg % 12 == SYSTEM_EXIT_ARG
                            ? Operation.BaseErrorType.SYSTEM_EXIT : Operation.BaseErrorType.KEYBOARD_INTERRUPT);
                }
                return new Operation.Raise();
            }
            case CANCEL_TASK -> {
                return tasks.isEmpty() ? null
                        : new Operation.CancelTask(pick(tasks, arg), CancelMessages.of(arg, cancelMessages));
            }
            case IS_RUNNING -> {
                kinds.put(label, "note");
                if (notesLengths && Math.floorMod(arg, 12) >= ReadyQueue.LENGTH_ARG) {
                    return new Operation.Note(label, new Operation.ReadyQueueLength());
                }
                return new Operation.Note(label, new Operation.IsRunning());
            }
            case CURRENT_TASK -> {
                kinds.put(label, "note");
                if (!inTask && arg % 12 == NESTED_RUN_ARG) {
                    // A run inside the run (never in a task's step, which may be eager, outside a run): the
                    // coroutine only records, and asyncio refuses the run before it starts (RUN-3)
                    kinds.put(label + ".co", "task");
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

    static String pick(List<String> names, int arg) {
        return names.get(Math.floorMod(arg, names.size()));
    }
}
