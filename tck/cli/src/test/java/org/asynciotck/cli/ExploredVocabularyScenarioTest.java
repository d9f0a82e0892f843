package org.asynciotck.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.asynciotck.explore.Allowed;
import org.asynciotck.explore.Divergence;
import org.asynciotck.explore.FeatureText;
import org.asynciotck.explore.Program;
import org.asynciotck.explore.Sketch;
import org.asynciotck.explore.Trace;
import org.asynciotck.process.AgentCommand;
import org.asynciotck.process.ProcessImplementation;
import org.asynciotck.reference.ReferenceImplementation;
import org.asynciotck.runner.ConformanceRun;
import org.asynciotck.runner.RuleCatalogue;
import org.asynciotck.runner.RuleResult;
import org.asynciotck.runner.RunConfiguration;
import org.asynciotck.runner.ScenarioListener;
import org.asynciotck.runner.Verdict;
import org.asynciotck.spi.LoopImplementation;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each operation the generator learnt for the exception handler's API, tasks made in callbacks and tasks that
 * catch their cancellation, cancellation messages, runs of coroutines, runs inside runs, readers and writers, the
 * clock read around a timer due at once and the select-timeout probe has a step: the scenario exploration writes for
 * a small program that uses it runs as is in the kit, passes on the reference loop and fails on the broken loop of
 * the gallery whose defect the program shows (as ExploredScenarioTest does for done callbacks).
 */
class ExploredVocabularyScenarioTest {

    private static final String FOLDER = "explored-vocabulary";

    @TempDir
    Path out;

    static Stream<Arguments> programs() {
        return Stream.of(
                Arguments.of("default_handler_not_restorable", "EXC-3", List.of(handler(RAISING), handler(NONE),
                        handler(ASKED))),
                Arguments.of("call_exception_handler_only_logs", "EXC-5", List.of(handler(CALLED))),
                Arguments.of("handler_error_escapes", "EXC-4", List.of(handler(RAISING), handler(CALLED))),
                Arguments.of("base_exceptions_reported", "EXC-2", List.of(calling(Sketch.ChildKind.RAISE, 11),
                        choice(Sketch.Kind.RUN_ONCE, 0))),
                Arguments.of("create_task_starts_at_once", "TASK-1", List.of(calling(Sketch.ChildKind.SOON, 8),
                        choice(Sketch.Kind.RUN_ONCE, 0), choice(Sketch.Kind.RUN_ONCE, 0))),
                Arguments.of("nested_create_task_steps_at_once", "TASK-1", List.of(choice(Sketch.Kind.FUTURE, 0),
                        new Sketch.Choice(Sketch.Kind.TASK, 0, List.of(new Sketch.Child(Sketch.ChildKind.SOON, 8,
                                List.of()))), choice(Sketch.Kind.RUN_ONCE, 0), choice(Sketch.Kind.RUN_ONCE, 0))),
                Arguments.of("nested_run_until_complete_returns_none", "RUN-3",
                        List.of(calling(Sketch.ChildKind.CURRENT_TASK, 11), choice(Sketch.Kind.RUN_ONCE, 0))),
                Arguments.of("run_until_complete_drops_coroutine_result", "RUN-1",
                        List.of(choice(Sketch.Kind.RUN_ONCE, 10))),
                Arguments.of("stopped_run_until_complete_returns_none", "RUN-4", List.of(choice(Sketch.Kind.FUTURE, 0),
                        choice(Sketch.Kind.STOP, 0), choice(Sketch.Kind.RUN_ONCE, 11))),
                // the program ends with run_once, cancel_task, run_once and future_result of the catching task
                Arguments.of("cancellation_cannot_be_refused", "CANCEL-5", List.of(choice(Sketch.Kind.FUTURE, 0),
                        choice(Sketch.Kind.TASK, 10))),
                // cancel(msg) at top level and in a callback (the CANCEL_TASK argument 11); the program ends with
                // two run_once and future_result of the task, whose message the scenario checks
                Arguments.of("cancel_message_dropped", "CANCEL-7", List.of(choice(Sketch.Kind.FUTURE, 0),
                        choice(Sketch.Kind.TASK, 0), choice(Sketch.Kind.CANCEL_TASK, 11))),
                Arguments.of("cancel_message_dropped", "CANCEL-7", List.of(choice(Sketch.Kind.FUTURE, 0),
                        choice(Sketch.Kind.TASK, 0), calling(Sketch.ChildKind.CANCEL_TASK, 11))),
                // a RUN_ONCE that watches a socket pair (Program's WATCHER_ARG), in each of its variants
                Arguments.of("readers_always_ready", "IO-1", List.of(watching(1, false))),
                Arguments.of("edge_triggered_readers", "IO-2", List.of(watching(3, false))),
                Arguments.of("remove_answers_none", "IO-3", List.of(watching(0, false))),
                Arguments.of("first_reader_stays", "IO-4", List.of(watching(2, false))),
                Arguments.of("writers_never_called", "IO-5", List.of(watching(1, true))),
                // a LATER or AT choice with Program's DEADLINE_ARG (8: a delay of 0) reads the clock around the call
                Arguments.of("when_is_the_delay", "TIMER-1", List.of(choice(Sketch.Kind.LATER, 8))),
                Arguments.of("when_is_the_delay", "TIMER-1", List.of(choice(Sketch.Kind.AT, 8))),
                // an AT choice that carries the select-timeout probe (TimeoutProbe's FIRST_ARG on), in two variants
                Arguments.of("timeout_from_latest_timer", "TIMEOUT-2", List.of(probing(PROBE))),
                Arguments.of("timeout_in_milliseconds", "TIMEOUT-2", List.of(probing(PROBE))),
                Arguments.of("timeout_ignores_cancelled_head", "TIMEOUT-4", List.of(probing(PROBE + 1))),
                Arguments.of("timeout_not_capped", "TIMEOUT-2", List.of(probing(PROBE + 1))),
                // notes of the ready queue's length (a callback's IS_RUNNING note with ReadyQueue's LENGTH_ARG)
                Arguments.of("cancel_removes_the_handle", "HANDLE-1", List.of(noting(), choice(Sketch.Kind.SOON, 0),
                        choice(Sketch.Kind.CANCEL_HANDLE, 1), choice(Sketch.Kind.RUN_ONCE, 0))),
                Arguments.of("done_callbacks_in_one_handle", "FUTURE-1", List.of(choice(Sketch.Kind.FUTURE, 0),
                        choice(Sketch.Kind.ADD_DONE, 0), choice(Sketch.Kind.ADD_DONE, 0), noting(),
                        choice(Sketch.Kind.SET_RESULT, 0), choice(Sketch.Kind.RUN_ONCE, 0))),
                Arguments.of("create_task_queues_bookkeeping", "TASK-1", List.of(noting(), choice(Sketch.Kind.FUTURE, 0),
                        choice(Sketch.Kind.TASK, 0), choice(Sketch.Kind.RUN_ONCE, 0))),
                // a burst (a SOON choice with ReadyQueue's BURST_ARG and no children): 40 callbacks in one batch
                Arguments.of("batch_budget", "NTODO-1", List.of(choice(Sketch.Kind.SOON, 11),
                        choice(Sketch.Kind.RUN_ONCE, 0), choice(Sketch.Kind.RUN_ONCE, 0))));
    }

    /**
     * What the programs may use: everything the reference loop and the gallery's CPython 3.12 loops declare (the
     * select timeout and the ready queue too);
     * the programs above that use no note of the ready queue's length and no burst are the same without it.
     */
    private static final Allowed ALLOWED = Allowed.DEFAULT.with(Allowed.Use.SELECT_TIMEOUTS, true)
            .with(Allowed.Use.READY_QUEUE, true);

    /** A call_soon whose callback notes the ready queue's length (an IS_RUNNING note with ReadyQueue's LENGTH_ARG). */
    private static Sketch.Choice noting() {
        return calling(Sketch.ChildKind.IS_RUNNING, 8);
    }

    /** The first argument of an AT choice that carries the select-timeout probe instead (TimeoutProbe's FIRST_ARG). */
    private static final int PROBE = 9;

    /** An AT choice that carries the probe with its variant's timers and two select_timeouts (one child). */
    private static Sketch.Choice probing(int arg) {
        return new Sketch.Choice(Sketch.Kind.AT, arg, List.of(new Sketch.Child(Sketch.ChildKind.SOON, 0, List.of())));
    }

    /** The argument of a RUN_ONCE choice that watches a socket pair instead (Program's WATCHER_ARG). */
    private static final int WATCHER = 9;

    /** A RUN_ONCE that watches a socket pair: the variant is its number of children, a writer's first is odd. */
    private static Sketch.Choice watching(int variant, boolean writer) {
        List<Sketch.Child> children = Stream.iterate(0, i -> i + 1).limit(variant)
                .map(i -> new Sketch.Child(Sketch.ChildKind.SOON, i == 0 && writer ? 1 : 0, List.of())).toList();
        return new Sketch.Choice(Sketch.Kind.RUN_ONCE, WATCHER, children);
    }

    @ParameterizedTest(name = "{0} ({1})")
    @MethodSource("programs")
    void theWrittenScenarioPassesOnTheReferenceAndFailsOnTheBrokenLoop(String loop, String rule,
            List<Sketch.Choice> choices) throws Exception {
        Program program = Program.of(new Sketch(choices), ALLOWED);
        Trace expected;
        try (ReferenceImplementation reference = new ReferenceImplementation()) {
            expected = Trace.of(reference, program);
        }
        String feature = FeatureText.of(program, expected, new Divergence("what " + loop + " breaks", rule,
                "(test)", "test|" + rule), "MUST", loop, "(test)").orElseThrow(() -> new AssertionError(
                "no scenario for " + program.steps() + ": " + FeatureText.unexpressible(program, expected)));
        Path folder = Path.of(getClass().getResource("/").toURI()).resolve(FOLDER).resolve(loop);
        Files.createDirectories(folder);
        Files.writeString(folder.resolve("generated.feature"), feature);

        try (ReferenceImplementation reference = new ReferenceImplementation()) {
            assertThat(verdict(reference, loop, rule, "reference")).as(feature).isEqualTo(Verdict.PASS);
        }
        Path python = Path.of(System.getProperty("user.home"), ".pyenv/versions/3.12.1/bin/python3");
        assumeTrue(Files.isExecutable(python), "no CPython 3.12.1");
        Path gallery = Path.of(getClass().getResource("/gallery/broken_loops.py").toURI()).getParent();
        try (ProcessImplementation broken = new ProcessImplementation(AgentCommand.python(python).pythonPath(gallery)
                .loop("broken_loops:" + loop).operationTimeout(Duration.ofSeconds(10)).build())) {
            assertThat(verdict(broken, loop, rule, "broken")).as(feature).isEqualTo(Verdict.FAIL);
        }
    }

    private Verdict verdict(LoopImplementation implementation, String loop, String rule, String name) {
        String features = FOLDER + "/" + loop;
        var result = new ConformanceRun(new RunConfiguration(implementation, features,
                RunConfiguration.DEFAULT_GLUE_PACKAGE, null, out.resolve(name)),
                RuleCatalogue.loadFromClasspath(features), ScenarioListener.none()).execute();
        return result.rules().stream().filter(r -> r.id().equals(rule)).map(RuleResult::verdict).findFirst()
                .orElseThrow(() -> new AssertionError("no " + rule + " in " + result.rules()));
    }

    /** The arguments of a FUTURE choice that also use the exception handler's API (Program's FIRST_HANDLER_ARG on). */
    private static final int RAISING = 7;
    private static final int NONE = 8;
    private static final int ASKED = 10;
    private static final int CALLED = 11;

    private static Sketch.Choice handler(int arg) {
        return choice(Sketch.Kind.FUTURE, arg);
    }

    private static Sketch.Choice choice(Sketch.Kind kind, int arg) {
        return new Sketch.Choice(kind, arg, List.of());
    }

    /** A call_soon whose callback does {@code kind} with {@code arg} (which picks the learnt variants). */
    private static Sketch.Choice calling(Sketch.ChildKind kind, int arg) {
        return new Sketch.Choice(Sketch.Kind.SOON, 0, List.of(new Sketch.Child(kind, arg, List.of())));
    }
}
