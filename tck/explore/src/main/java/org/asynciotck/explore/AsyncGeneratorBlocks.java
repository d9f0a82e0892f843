package org.asynciotck.explore;

import java.util.List;
import java.util.Optional;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;

/**
 * Async generators and their hooks in generated programs (AGEN-1 to AGEN-5), said by the argument of a RUN_FOREVER
 * choice (which the run itself never reads), so a program that uses none of them is the program it was before:
 *
 * <ul>
 *   <li>{@value #DROPPED_ARG}: a callback iterates a generator and lets go of it; two runs more, for the loop's
 *       closing task to be made and to run (AGEN-3: its {@code finally} records "in a task", in a later run);</li>
 *   <li>{@value #SHUT_DOWN_ARG} and {@value #RAISING_ARG}: a callback iterates three generators and keeps them; the
 *       program ends with {@code shutdown_asyncgens()}, which closes each (AGEN-4); with {@value #RAISING_ARG} the
 *       middle one raises while closing, which goes to the exception handler (AGEN-5);</li>
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
    static final int RAISING_ARG = 8;
    static final int HOOKS_AFTER_ARG = 9;
    static final int PROGRAM_HOOKS_ARG = 10;
    static final int NOTED_HOOKS_ARG = 11;
    private static final int SHUT_DOWN_COUNT = 3;
    /** What the kit's generator raises while closing (docs/protocol.md, create_async_generator). */
    private static final String RAISED_WHILE_CLOSING = "raised while closing";

    private final ProgramBuilder b;

    AsyncGeneratorBlocks(ProgramBuilder builder) {
        this.b = builder;
    }

    /** The RUN_FOREVER choice with {@code arg}: its run, with what the argument adds around it. */
    void runForever(int arg) {
        boolean generators = arg >= DROPPED_ARG && arg <= RAISING_ARG && !b.baseErrorMayBePending
                && b.allowed.asyncGenerators();
        String generator = null;
        if (generators && arg == DROPPED_ARG) {
            generator = generator(false);
            call(List.of(new Operation.AdvanceAsyncGenerator(generator), new Operation.DropAsyncGenerator(generator)));
        } else if (generators) {
            List<Operation> advances = new java.util.ArrayList<>();
            for (int i = 0; i < SHUT_DOWN_COUNT; i++) {
                String kept = generator(arg == RAISING_ARG && i == 1);
                advances.add(new Operation.AdvanceAsyncGenerator(kept));
            }
            call(advances);
            b.shutsDownAsyncgens = true;
        }
        if (arg == PROGRAM_HOOKS_ARG || arg == NOTED_HOOKS_ARG) {
            b.steps.add(new Operation.SetAsyncgenHooks(Operation.AsyncgenHooksKind.PROGRAM));
        }
        String stopper = b.next("s");
        b.kinds.put(stopper, "stopper");
        List<Operation> stops = List.of(new Operation.Stop());
        if (arg == NOTED_HOOKS_ARG) {
            b.kinds.put(stopper + ".h", "note");
            stops = List.of(new Operation.Note(stopper + ".h", new Operation.AsyncgenHooks()), new Operation.Stop());
        }
        b.steps.add(new Operation.CallSoon(stopper, stops, null));
        b.steps.add(new Operation.RunForever());
        if (arg >= HOOKS_AFTER_ARG) {
            b.steps.add(new Operation.AsyncgenHooks());
        }
        if (generator != null) {
            // asyncio's finalizer hook queues create_task(aclose()) thread-safely: the task is made in the next
            // iteration and its step, where the generator's finally runs, is the one after
            b.steps.add(new Operation.RunOnce());
            b.steps.add(new Operation.RunOnce());
        }
    }

    /** The program's end: {@code shutdown_asyncgens()} where a block kept generators alive for it. */
    void tail() {
        if (b.shutsDownAsyncgens && !b.baseErrorMayBePending) {
            b.steps.add(new Operation.ShutdownAsyncgens());
        }
    }

    private String generator(boolean raisesOnClose) {
        String generator = b.next("g");
        b.kinds.put(generator, "asyncgen");
        b.steps.add(new Operation.CreateAsyncGenerator(generator, generator, List.of(), raisesOnClose));
        return generator;
    }

    private void call(List<Operation> then) {
        String label = b.next("a");
        b.kinds.put(label, "call_soon");
        b.steps.add(new Operation.CallSoon(label, then, null));
    }

    /** Whether {@code label} is a generator's record (its {@code finally}, with where it ran). */
    static boolean isGenerator(Program program, String label) {
        return "asyncgen".equals(program.kinds().get(label));
    }

    /**
     * Whether each generator was closed, and where, as on the reference loop: a generator a block kept for
     * {@code shutdown_asyncgens()} that it did not close breaks AGEN-4, one let go of that was not closed in a task of
     * the loop AGEN-3.
     */
    static Optional<Divergence> closed(Program program, Trace expected, Trace observed) {
        java.util.Map<String, String> e = records(program, expected);
        java.util.Map<String, String> o = records(program, observed);
        if (e.equals(o)) {
            return Optional.empty();
        }
        String generator = e.keySet().stream().filter(g -> !e.get(g).equals(o.get(g))).findFirst()
                .orElseGet(() -> o.keySet().stream().filter(g -> !e.containsKey(g)).findFirst().orElseThrow());
        boolean kept = program.steps().stream().anyMatch(s -> s instanceof Operation.CreateAsyncGenerator c
                && c.generator().equals(generator)) && program.steps().stream().noneMatch(s -> Steps.everyOperation(
                List.of(s)).stream().anyMatch(op -> op instanceof Operation.DropAsyncGenerator d
                && d.generator().equals(generator)));
        String[] rule = kept ? new String[] {"shutdown_asyncgens() closes every async generator still alive that was"
                + " first iterated while the loop ran", "AGEN-4"}
                : new String[] {"an unfinished async generator that the program lets go of is closed by the loop, in a"
                + " task, after the code that let go of it has returned", "AGEN-3"};
        return Optional.of(new Divergence(rule[0], rule[1], "generator '" + generator + "' expected closed "
                + e.getOrDefault(generator, "never") + ", observed " + o.getOrDefault(generator, "never closed")
                + " (where each was closed: expected " + e + ", observed " + o + ")", "asyncgen|" + rule[1]));
    }

    /** Each generator's record: where its {@code finally} ran, in label order. */
    static java.util.Map<String, String> records(Program program, Trace trace) {
        java.util.Map<String, String> records = new java.util.TreeMap<>();
        trace.events().stream().filter(event -> isGenerator(program, event.label()))
                .forEach(event -> records.merge(event.label(), RunOrder.noted(event.value()), (a, b) -> a + ", " + b));
        return records;
    }

    /**
     * A {@code shutdown_asyncgens()} that raised where the reference loop's did not: a generator's error let out
     * instead of reported (AGEN-5). Compared before the events, which miss the generators it then left open.
     */
    static Optional<Divergence> shutdownRaised(Program program, Trace expected, Trace observed) {
        for (int i = 0; i < program.size(); i++) {
            if (!(program.steps().get(i) instanceof Operation.ShutdownAsyncgens)) {
                continue;
            }
            Outcome e = expected.outcomes().get(i);
            Outcome o = observed.outcomes().get(i);
            // the kit's generator's own error (a run that a stop() cut short raises another: Stops names it)
            if (!e.isError() && o.isError() && String.valueOf(o.message()).contains(RAISED_WHILE_CLOSING)) {
                return Optional.of(new Divergence("an error that closing a generator raises in shutdown_asyncgens() goes"
                        + " to the exception handler, and the others are closed all the same", "AGEN-5", "operation "
                        + (i + 1) + " (shutdown_asyncgens): expected " + e + ", observed " + o, "asyncgen|AGEN-5"));
            }
        }
        return Optional.empty();
    }
}
