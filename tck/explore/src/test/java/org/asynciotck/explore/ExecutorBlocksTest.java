package org.asynciotck.explore;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.asynciotck.spi.Event;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;
import org.junit.jupiter.api.Test;

/**
 * The default executor's blocks ({@link ExecutorBlocks}): what a CLOSE choice's argument writes, gated on what the
 * loop may be given, and which rule each difference names ({@link ExecutorChecks}); a worker thread's records at
 * other times are no divergence.
 */
class ExecutorBlocksTest {

    private static Program closing(int arg, Allowed allowed) {
        return Program.of(new Sketch(List.of(new Sketch.Choice(Sketch.Kind.CLOSE, arg, List.of()))), allowed);
    }

    @Test
    void aCloseWithAnArgumentBelowTheBlocksIsTheCloseTailAlone() {
        assertThat(closing(ExecutorBlocks.WAKES_ARG - 1, Allowed.DEFAULT).steps()).first()
                .isInstanceOf(Operation.Close.class);
    }

    @Test
    void eachBlockIsGatedOnWhatTheLoopMayBeGiven() {
        Allowed none = Allowed.DEFAULT.with(Allowed.Use.DEFAULT_EXECUTOR, false);
        for (int arg = ExecutorBlocks.WAKES_ARG; arg <= Sketch.MAX_ARG; arg++) {
            assertThat(closing(arg, none).steps()).noneMatch(ExecutorBlocksTest::isExecutorOperation);
        }
        // below 3.12 the shutdown goes without timeout=, below 3.11 no executor that is not a thread pool
        assertThat(closing(ExecutorBlocks.TIMEOUT_ARG, Allowed.DEFAULT.with(Allowed.Use.SHUTDOWN_TIMEOUTS, false))
                .steps()).contains(new Operation.ShutdownDefaultExecutor(null));
        assertThat(closing(ExecutorBlocks.TIMEOUT_ARG, Allowed.DEFAULT).steps())
                .contains(new Operation.ShutdownDefaultExecutor(ExecutorBlocks.SHUTDOWN_TIMEOUT_SECONDS));
        assertThat(closing(ExecutorBlocks.NOT_A_POOL_ARG, Allowed.DEFAULT.with(Allowed.Use.THREAD_POOLS_ONLY, false))
                .steps()).noneMatch(ExecutorBlocksTest::isExecutorOperation);
        // the idle loop thread meets the real clock: only with timed runs
        assertThat(closing(ExecutorBlocks.WAKES_ARG, Allowed.DEFAULT.with(Allowed.Use.TIMED_RUNS, false)).steps())
                .noneMatch(ExecutorBlocksTest::isExecutorOperation);
    }

    @Test
    void aJobAfterTheCloseIsInTheCloseTailAndItsAcceptanceIsExec5() {
        Program program = closing(ExecutorBlocks.CLOSED_ARG, Allowed.DEFAULT);
        assertThat(program.steps().get(2)).isInstanceOf(Operation.RunInExecutor.class);
        List<Outcome> expected = nothings(program);
        expected.set(1, Outcome.value(true));
        expected.set(2, Outcome.error("RuntimeError", "Event loop is closed"));
        expected.set(3, Outcome.error("RuntimeError", "Event loop is closed"));
        expected.set(4, Outcome.error("RuntimeError", "Event loop is closed"));
        List<Outcome> observed = new ArrayList<>(expected);
        observed.set(2, Outcome.nothing());
        // the job the broken loop took records, at a time of its own: not what names the divergence
        Trace accepted = trace(observed, Event.of("j1", 0), Event.of("j1:end", 0));
        assertThat(Model.compare(program, trace(expected), trace(expected))).isEmpty();
        assertThat(Model.compare(program, trace(expected), accepted)).get()
                .satisfies(d -> assertThat(d.ruleId()).isEqualTo("EXEC-5"));
    }

    @Test
    void theWakingBlockNamesExec1ForADoneCallbackNeverRunOrRunOnTheWorkerThread() {
        Program program = closing(ExecutorBlocks.WAKES_ARG, Allowed.DEFAULT);
        int wait = indexOf(program, Operation.WaitFor.class);
        String note = ((Operation.WaitFor) program.steps().get(wait)).label();
        String delivered = note.substring(0, note.length() - ".t".length());
        List<Outcome> outcomes = nothings(program);
        outcomes.set(wait, Outcome.value(true));
        Trace faithful = trace(outcomes, Event.of("x1", 1), new Event("j2", 1, "off the loop's thread"),
                Event.of("j2:end", 1), Event.of(delivered, 1), new Event(note, 1, true));
        // the job's records may come at any time: at another place among the events they are the same trace
        Trace laterRecords = trace(outcomes, Event.of("x1", 1), Event.of(delivered, 1), new Event(note, 1, true),
                new Event("j2", 1, "off the loop's thread"), Event.of("j2:end", 1));
        assertThat(Model.compare(program, faithful, laterRecords)).isEmpty();

        Trace onTheWorker = trace(outcomes, Event.of("x1", 1), new Event("j2", 1, "off the loop's thread"),
                Event.of("j2:end", 1), Event.of(delivered, 1), new Event(note, 1, false));
        assertThat(Model.compare(program, faithful, onTheWorker)).get()
                .satisfies(d -> assertThat(d.ruleId()).isEqualTo("EXEC-1"))
                .satisfies(d -> assertThat(d.signature()).isEqualTo("executor|EXEC-1|callback thread"));

        List<Outcome> unwoken = new ArrayList<>(outcomes);
        unwoken.set(wait, Outcome.value(false));
        Trace asleep = trace(unwoken, Event.of("x1", 1), new Event("j2", 1, "off the loop's thread"),
                Event.of("j2:end", 1));
        assertThat(Model.compare(program, faithful, asleep)).get()
                .satisfies(d -> assertThat(d.signature()).isEqualTo("executor|EXEC-1|woken"));
    }

    @Test
    void aShutdownThatReturnsBeforeTheRunningJobEndedIsExec3AndOneThatRefusesTheTimeoutExec4() {
        Program program = closing(ExecutorBlocks.TIMEOUT_ARG, Allowed.DEFAULT);
        int shutdown = indexOf(program, Operation.ShutdownDefaultExecutor.class);
        String job = ((Operation.RunInExecutor) program.steps().get(shutdown - 1)).job();
        List<Outcome> outcomes = nothings(program);
        outcomes.set(shutdown, Outcome.value(List.of()));
        outcomes.set(shutdown + 1, Outcome.error("RuntimeError", "Executor shutdown has been called"));
        String returned = Operation.ShutdownDefaultExecutor.RETURNED;
        Trace waited = trace(outcomes, new Event(job, 0, "off the loop's thread"), Event.of(job + ":end", 1),
                Event.of(returned, 1));
        Trace notWaited = trace(outcomes, new Event(job, 0, "off the loop's thread"), Event.of(returned, 1),
                Event.of(job + ":end", 2));
        assertThat(Model.compare(program, waited, waited)).isEmpty();
        assertThat(Model.compare(program, waited, notWaited)).get()
                .satisfies(d -> assertThat(d.signature()).isEqualTo("executor|EXEC-3|waited"));

        List<Outcome> refused = new ArrayList<>(outcomes);
        refused.set(shutdown, Outcome.error("TypeError", "unexpected keyword argument 'timeout'"));
        refused.set(shutdown + 1, Outcome.nothing());
        assertThat(Model.compare(program, waited, trace(refused, new Event(job, 0, "off the loop's thread"))))
                .get().satisfies(d -> assertThat(d.ruleId()).isEqualTo("EXEC-4"));
    }

    @Test
    void submissionsAndTheExecutorsTypeNameTheirRules() {
        Program set = closing(ExecutorBlocks.SET_ARG, Allowed.DEFAULT);
        int submissions = indexOf(set, Operation.ExecutorSubmissions.class);
        List<Outcome> one = nothings(set);
        one.set(submissions, Outcome.value(1));
        List<Outcome> none = new ArrayList<>(one);
        none.set(submissions, Outcome.value(0));
        assertThat(Model.compare(set, trace(one), trace(none))).get()
                .satisfies(d -> assertThat(d.ruleId()).isEqualTo("EXEC-2"));

        Program notAPool = closing(ExecutorBlocks.NOT_A_POOL_ARG, Allowed.DEFAULT);
        List<Outcome> refused = nothings(notAPool);
        refused.set(0, Outcome.error("TypeError", "executor must be ThreadPoolExecutor instance"));
        assertThat(Model.compare(notAPool, trace(refused), trace(nothings(notAPool)))).get()
                .satisfies(d -> assertThat(d.ruleId()).isEqualTo("EXEC-7"));
    }

    private static boolean isExecutorOperation(Operation op) {
        return op instanceof Operation.RunInExecutor || op instanceof Operation.SetDefaultExecutor
                || op instanceof Operation.ShutdownDefaultExecutor || op instanceof Operation.WaitFor;
    }

    private static int indexOf(Program program, Class<? extends Operation> kind) {
        for (int i = 0; i < program.size(); i++) {
            if (kind.isInstance(program.steps().get(i))) {
                return i;
            }
        }
        throw new AssertionError("no " + kind.getSimpleName() + " in " + program.steps());
    }

    private static List<Outcome> nothings(Program program) {
        List<Outcome> outcomes = new ArrayList<>();
        program.steps().forEach(step -> outcomes.add(Outcome.nothing()));
        return outcomes;
    }

    private static Trace trace(List<Outcome> outcomes, Event... events) {
        return new Trace(List.copyOf(outcomes), List.of(events), List.of(), null);
    }
}
