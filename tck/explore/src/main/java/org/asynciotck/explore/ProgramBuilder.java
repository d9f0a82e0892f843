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
    /** FUTURE choices with these arguments also perform one call of the exception handler's API ({@link ProgramBlocks#handler}). */
    private static final int FIRST_HANDLER_ARG = 7;
    /** RUN_ONCE choices with these arguments run a coroutine instead: without an await, and awaiting a future. */
    private static final int COROUTINE_ARG = 10;
    private static final int AWAITING_COROUTINE_ARG = 11;
    /**
     * A RUN_ONCE choice with this argument watches a socket pair in its iteration instead ({@link
     * ProgramBlocks#watch}): readers and writers (IO-1 to IO-5), said by an argument for the reason above.
     */
    private static final int WATCHER_ARG = 9;
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
    /** Whether a CLOSE choice was made: the program ends with the loop closed (see {@link ProgramBlocks#closeTail}). */
    boolean closes;
    final boolean selectTimeouts;
    /** The select-timeout probe the first AT choice with a probe argument asked for, written at the end. */
    TimeoutProbe.Variant probe;
    /** How many select_timeouts that block ends with ({@link TimeoutProbe#probes}). */
    int probes;
    final Allowed allowed;
    /** Whether length arguments ask for len(loop._ready) ({@link ReadyQueue#notesLengths}). */
    boolean notesLengths;
    /** Whether a block kept async generators alive for the {@code shutdown_asyncgens()} at the end. */
    boolean shutsDownAsyncgens;

    /** The blocks a top-level choice writes (runs of their own kinds) and the bodies of callbacks. */
    final ProgramBlocks blocks = new ProgramBlocks(this);
    final CallbackBodies bodies = new CallbackBodies(this);
    final AsyncGeneratorBlocks generators = new AsyncGeneratorBlocks(this);
    final ExecutorBlocks executors = new ExecutorBlocks(this);

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
        executors.block(); // nothing unless a CLOSE choice asked for the default executor (EXEC-1 to EXEC-7)
        if (probe != null) {
            // At the end, as the close tail: its far timers must not meet a later run (see TimeoutProbe)
            TimeoutProbe.Block block = TimeoutProbe.block(probe, probes, () -> next("y"));
            steps.addAll(block.steps());
            block.timers().forEach((label, delay) -> {
                kinds.put(label, "call_later");
                delays.put(label, delay);
            });
        }
        generators.tail(); // nothing unless a block kept generators alive for it; its run is the last but the close's
        if (closes && !coroutineMayBePending) {
            blocks.closeTail();
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
                        : bodies.children(label, c.then());
                String handle = "h" + label;
                String context = null;
                if (ContextNotes.notes(c)) {
                    // The callback notes the context's value (CTX-1 to CTX-3, CTX-7: ContextNotes)
                    context = ContextNotes.before(this, label, ContextNotes.givesAContext(c));
                    then = ContextNotes.body(this, label, then);
                } else if (c.kind() == Sketch.Kind.THREADSAFE && c.arg() == ClockChecks.SPENDING_ARG) {
                    then = ClockChecks.spending(this, label, then); // loop.time() around a while computing (CLOCK-1)
                }
                kinds.put(label, c.kind() == Sketch.Kind.SOON ? "call_soon" : "call_soon_threadsafe");
                steps.add(c.kind() == Sketch.Kind.SOON ? new Operation.CallSoon(label, then, handle, context)
                        : new Operation.CallSoonThreadsafe(label, then, handle, context));
                if (context != null && c.kind() == Sketch.Kind.SOON) {
                    // the context it runs in, asked twice: the same object both times (CTX-7: ContextNotes.handleGuarantee)
                    steps.add(new Operation.HandleContext(handle, "y" + label));
                    steps.add(new Operation.HandleContext(handle, "z" + label));
                }
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
                if (c.arg() == ClockChecks.FAR_ARG && c.then().isEmpty()) {
                    ClockChecks.farTimer(this, label, c.kind()); // a delay of weeks (CLOCK-2)
                    break;
                }
                List<Operation> then = bodies.children(label, c.then());
                double delay = bodies.timer(label, then, c.arg());
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
                    steps.add(ProgramBlocks.handler(c.arg() - FIRST_HANDLER_ARG));
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
                    List<Operation> then = bodies.children(label, c.then());
                    String context = null;
                    if (ContextNotes.notes(c)) {
                        context = ContextNotes.before(this, label, ContextNotes.givesAContext(c)); // CTX-4
                        then = ContextNotes.body(this, label, then);
                    }
                    Operation.AddDoneCallback add = new Operation.AddDoneCallback(future, label, then, context);
                    steps.add(add);
                    doneCallbacks.add(add);
                }
            }
            case SET_RESULT, SET_EXCEPTION, CANCEL_FUTURE -> {
                if (!futures.isEmpty()) {
                    steps.add(bodies.complete(c.kind().name(), pick(futures, c.arg())));
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
                        steps.add(new Operation.CreateScriptedTask(task, task, bodies.children(task, c.then(), true),
                                own, true));
                        catching.add(task);
                    } else {
                        List<Operation> then = bodies.children(task, c.then(), true);
                        if (ContextNotes.notes(c)) {
                            // its first step notes the value current when it was made (CTX-5)
                            ContextNotes.before(this, task, false);
                            then = ContextNotes.body(this, task, then);
                        }
                        steps.add(new Operation.CreateTask(task, task, awaits,
                                Operation.TaskConstruction.CREATE_TASK, eager, then));
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
                    blocks.crossThread(c.arg());
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
                    blocks.runCoroutine(null);
                } else if (c.arg() == AWAITING_COROUTINE_ARG) {
                    blocks.runCoroutine(futures.get(futures.size() - 1)); // the latest future, most often made for it
                } else if (c.arg() == WATCHER_ARG && !baseErrorMayBePending) {
                    blocks.watch(c.then());
                } else {
                    steps.add(new Operation.RunOnce());
                }
            }
            case RUN_FOREVER -> generators.runForever(c.arg()); // async generators by argument (AGEN-1 to AGEN-5)
            case RUN_UNTIL_COMPLETE -> {
                if (!futures.isEmpty()) {
                    String future = pick(futures, c.arg());
                    String label = next("u");
                    kinds.put(label, "completer");
                    steps.add(new Operation.CallSoon(label, List.of(new Operation.SetResult(future, counter)), null));
                    steps.add(new Operation.RunUntilComplete(future));
                }
            }
            case TIMED_RUN -> blocks.timedRun(c.arg());
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
            case CLOSE -> {
                closes = true;
                executors.choose(c.arg()); // the default executor by argument (ExecutorBlocks)
            }

        }
    }

    static String pick(List<String> names, int arg) {
        return names.get(Math.floorMod(arg, names.size()));
    }
}
