package org.asynciotck.explore;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.asynciotck.spi.Event;
import org.asynciotck.spi.Operation;

/**
 * Async generators and their hooks in generated programs (AGEN-1 to AGEN-4), said by the argument of a RUN_FOREVER
 * choice (which the run itself never reads), so a program that uses none of them is the program it was before:
 *
 * <ul>
 *   <li>{@value #DROPPED_ARG}: the stopper iterates a generator and lets go of it; two runs more, for the loop's
 *       closing task to be made and to run (AGEN-3: its {@code finally} records "in a task", in a later run);</li>
 *   <li>{@value #SHUT_DOWN_ARG} and {@value #KEPT_TWO_ARG}: the stopper iterates one generator (two) and keeps it;
 *       the program ends with {@code shutdown_asyncgens()}, which closes each (AGEN-4). No generator raises while
 *       closing (AGEN-5): its closing task would end with an error, and on a loop where a failed step breaks every
 *       later step the shutdown would never end, costing the kit's bound for each shrink candidate;</li>
 *   <li>{@value #HOOKS_AFTER_ARG} to {@value #NOTED_HOOKS_ARG}: which hooks are installed after the run (AGEN-2), with
 *       the program's own set before it ({@value #PROGRAM_HOOKS_ARG}, {@value #NOTED_HOOKS_ARG}), and noted by the
 *       stopper while the loop runs ({@value #NOTED_HOOKS_ARG}: the loop's own, AGEN-1).</li>
 * </ul>
 *
 * <p>Where each generator was closed is compared, not when: its record says whether a task of the loop ran its
 * {@code finally} ("in a task") or the code that let go of it did ("outside a task"), and how soon a loop makes its
 * closing task is its own (uvloop closes a generator let go of one run sooner than CPython), as is the order in which
 * {@code shutdown_asyncgens()} closes them (CPython keeps them in a WeakSet). So the records are left out of the
 * runs' events ({@link RunOrder#canonical}) and compared as a set ({@link #closed}).
 */
final class AsyncGeneratorBlocks {

    static final int DROPPED_ARG = 6;
    static final int SHUT_DOWN_ARG = 7;
    static final int KEPT_TWO_ARG = 8;
    static final int HOOKS_AFTER_ARG = 9;
    static final int PROGRAM_HOOKS_ARG = 10;
    static final int NOTED_HOOKS_ARG = 11;
    /** What the kit's generator records when no task of the loop ran its finally (docs/protocol.md). */
    private static final String OUTSIDE_A_TASK = "outside a task";

    private final ProgramBuilder b;

    AsyncGeneratorBlocks(ProgramBuilder builder) {
        this.b = builder;
    }

    /** The RUN_FOREVER choice with {@code arg}: its run, with what the argument adds around it. */
    void runForever(int arg) {
        // Only before any task of the program's own, as a coroutine's run (ProgramBuilder): the loop closes
        // generators in tasks, and on a loop where a task's failed step breaks every later step (the gallery's
        // failed_step_leaves_a_task_current) those runs would end only at the kit's bound, once per shrink candidate
        boolean generators = arg >= DROPPED_ARG && arg <= KEPT_TWO_ARG && !b.baseErrorMayBePending
                && b.allowed.asyncGenerators() && b.tasks.isEmpty();
        String stopper = b.next("s");
        b.kinds.put(stopper, "stopper");
        // The stopper's callback iterates the generators: one step fewer for the shrinker than a callback of their own
        List<Operation> body = new ArrayList<>();
        if (generators) {
            int count = arg == KEPT_TWO_ARG ? 2 : 1;
            for (int i = 1; i <= count; i++) {
                String generator = stopper + ".g" + i;
                b.kinds.put(generator, "asyncgen");
                body.add(new Operation.CreateAsyncGenerator(generator, generator, List.of(), false, false));
                body.add(new Operation.AdvanceAsyncGenerator(generator));
                if (arg == DROPPED_ARG) {
                    body.add(new Operation.DropAsyncGenerator(generator));
                }
            }
            b.shutsDownAsyncgens |= arg != DROPPED_ARG;
        }
        if (arg == PROGRAM_HOOKS_ARG || arg == NOTED_HOOKS_ARG) {
            b.steps.add(new Operation.SetAsyncgenHooks(Operation.AsyncgenHooksKind.PROGRAM));
        }
        if (arg == NOTED_HOOKS_ARG) {
            b.kinds.put(stopper + ".h", "note");
            body.add(new Operation.Note(stopper + ".h", new Operation.AsyncgenHooks()));
        }
        body.add(new Operation.Stop());
        b.steps.add(new Operation.CallSoon(stopper, body, null));
        b.steps.add(new Operation.RunForever());
        if (arg >= HOOKS_AFTER_ARG) {
            b.steps.add(new Operation.AsyncgenHooks());
        }
        if (generators && arg == DROPPED_ARG) {
            // asyncio's finalizer hook queues create_task(aclose()) thread-safely: the task is made in the next
            // iteration and its step, where the generator's finally runs, is the one after
            b.steps.add(new Operation.RunOnce());
            b.steps.add(new Operation.RunOnce());
        }
    }

    /**
     * The program's very end, before the close tail: {@code shutdown_asyncgens()} where a block kept generators alive
     * for it, when no stop() may be pending (it would end the run at a point that depends on how many iterations the
     * loop's shutdown takes, which is its own), and no task of the program's own came after the block (for the reason
     * above; the generators are then left to the session's end).
     */
    void tail() {
        if (b.shutsDownAsyncgens && !b.baseErrorMayBePending && !b.stopMayBePending && b.tasks.isEmpty()) {
            b.steps.add(new Operation.ShutdownAsyncgens());
        }
    }

    /**
     * The run of {@code shutdown_asyncgens()}, or -1: its events other than the generators' records are not compared,
     * since how many iterations the loop takes to close them, and so how much else pending runs meanwhile, is the
     * loop's own (CPython's gather takes four; a loop that closes them one after the other in its own task, fewer).
     */
    static int shutdownRun(Program program) {
        for (int i = 0; i < program.size(); i++) {
            if (program.steps().get(i) instanceof Operation.ShutdownAsyncgens) {
                return Steps.runOf(program, i);
            }
        }
        return -1;
    }

    /** Whether {@code label} is a generator's record (its {@code finally}, with where it ran). */
    static boolean isGenerator(Program program, String label) {
        return "asyncgen".equals(program.kinds().get(label));
    }

    /**
     * Whether each generator was closed, and where, as on the reference loop: a generator kept for
     * {@code shutdown_asyncgens()} that it did not close breaks AGEN-4, one let go of that was not closed AGEN-3, and
     * so does one closed outside a task in the run that let go of it (in place); one closed outside a task later, or
     * by the shutdown, was closed in a task that {@code current_task()} did not see (CURRENT-1).
     */
    static Optional<Divergence> closed(Program program, Trace expected, Trace observed) {
        Map<String, String> e = records(program, expected);
        Map<String, String> o = records(program, observed);
        if (e.equals(o)) {
            return Optional.empty();
        }
        String generator = e.keySet().stream().filter(g -> !e.get(g).equals(o.get(g))).findFirst()
                .orElseGet(() -> o.keySet().stream().filter(g -> !e.containsKey(g)).findFirst().orElseThrow());
        Operation dropping = Steps.everyOperation(program.steps()).stream().filter(op -> Steps.thenOf(op).stream()
                .anyMatch(t -> t instanceof Operation.DropAsyncGenerator d && d.generator().equals(generator)))
                .findFirst().orElse(null);
        String[] rule;
        if (o.containsKey(generator) && o.get(generator).startsWith(OUTSIDE_A_TASK)
                && !inTheRunThatDroppedIt(program, observed, generator, dropping)) {
            rule = new String[] {"asyncio.current_task() in a task's step is that task: the loop's task that closes a"
                    + " generator sees itself", "CURRENT-1"};
        } else if (dropping == null) {
            rule = new String[] {"shutdown_asyncgens() closes every async generator still alive that was first iterated"
                    + " while the loop ran", "AGEN-4"};
        } else {
            rule = new String[] {"an unfinished async generator that the program lets go of is closed by the loop, in a"
                    + " task, after the code that let go of it has returned", "AGEN-3"};
        }
        return Optional.of(new Divergence(rule[0], rule[1], "generator '" + generator + "' expected closed "
                + e.getOrDefault(generator, "never") + ", observed " + o.getOrDefault(generator, "never closed")
                + " (where each was closed: expected " + e + ", observed " + o + ")", "asyncgen|" + rule[1]));
    }

    /** Whether the generator's record came in the run of the callback that let go of it: closed in place. */
    private static boolean inTheRunThatDroppedIt(Program program, Trace trace, String generator, Operation dropping) {
        if (dropping == null) {
            return false;
        }
        String dropper = Steps.scheduled(dropping).map(Steps.Scheduled::label).orElse("?");
        Integer dropRun = trace.events().stream().filter(ev -> ev.label().equals(dropper)).map(Event::run).findFirst()
                .orElse(null);
        return trace.events().stream().anyMatch(ev -> ev.label().equals(generator) && Integer.valueOf(ev.run()).equals(dropRun));
    }

    /** Each generator's record: where its {@code finally} ran, in label order. */
    static Map<String, String> records(Program program, Trace trace) {
        Map<String, String> records = new TreeMap<>();
        trace.events().stream().filter(event -> isGenerator(program, event.label()))
                .forEach(event -> records.merge(event.label(), RunOrder.noted(event.value()), (a, b) -> a + ", " + b));
        return records;
    }

}
