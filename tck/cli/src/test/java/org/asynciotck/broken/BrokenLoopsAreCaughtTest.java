package org.asynciotck.broken;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.asynciotck.exploration.Exploration;
import org.asynciotck.exploration.ExplorationBudget;
import org.asynciotck.kit.FeatureRun;
import org.asynciotck.reference.ReferenceConfig;
import org.asynciotck.reference.ReferenceImplementation;
import org.asynciotck.runner.ConformanceRun;
import org.asynciotck.runner.RuleCatalogue;
import org.asynciotck.runner.RuleLevel;
import org.asynciotck.runner.RunConfiguration;
import org.asynciotck.runner.RunResult;
import org.asynciotck.runner.ScenarioListener;
import org.asynciotck.runner.Verdict;
import org.asynciotck.spi.ApiLevel;
import org.asynciotck.spi.LoopImplementation;
import org.asynciotck.spi.Profiles;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * All loops in this package are wrong, each in one way: the kit must catch each one by the
 * rule it breaks, and blame no other rule. The reference loop, in both future designs, must
 * pass every rule that applies to it. These runs go through Cucumber exactly as a
 * certification does.
 */
@Tag("evidence") // twelve whole runs, about 50 s: run by -P evidence (CI), not by ./mvnw -B verify; see pom.xml
class BrokenLoopsAreCaughtTest {

    /**
     * Each loop with the rule its defect breaks first, then the rules that state a consequence
     * of the same mechanism (they fail because the loop really behaves differently there too,
     * e.g. a task wakes an iteration early when the ready queue is drained to the end).
     * No loop may fail a rule its defect does not touch.
     */
    static Stream<Arguments> brokenLoops() {
        return Stream.of(
                // done callbacks are queued in order but run newest first
                broken("LIFO ready queue", BrokenLifoReadyQueue::implementation, "NTODO-3", "FUTURE-1"),
                // a task woken by a callback of this iteration resumes in it, not in the next; a
                // stopping batch runs what it schedules before run_forever returns; and stop() before
                // run_forever() runs more than one iteration's worth; a task created by a callback or
                // by a task starts in the iteration that created it (TASK-1, TASK-2: blocked by NTODO-2, which
                // they declare), and the done callbacks that a callback or a task queues run in that iteration
                // too (FUTURE-1/2)
                broken("drains callbacks scheduled during the iteration", BrokenDrainsNewCallbacks::implementation,
                        "NTODO-2", "NTODO-4", "CYCLES-1", "LIFE-1", "FUTURE-1", "FUTURE-2"),
                // every deferred-dispatch rule: callbacks, late callbacks, and task wake-up; and ERROR-1's
                // done-callback scenario: a raising done callback, called inside set_result, raises out of it;
                // and CANCEL-2's deferred-dispatch scenario: cancel() wakes the awaiting task inside cancel();
                // and CANCEL-4's: the future a self-cancelled task then awaits wakes it inside its own step
                // (EXC-1's done-callback scenario is blocked by the FUTURE-1 it declares)
                broken("futures call back inside set_result but declare deferred dispatch",
                        BrokenSynchronousFutureCallbacks::implementation, "FUTURE-1", "FUTURE-2", "CYCLES-1",
                        "ERROR-1", "FUTURE-5", "EXC-2", "CANCEL-2", "CANCEL-4"),
                // every rule that counts the queued first step of a task; the task routes of FUTURE-1,
                // FUTURE-2 and CYCLES-1, whose completing task runs inside its constructor, outside any
                // iteration, so "the iteration after the completion" does not exist; there is no "before
                // the first step" to cancel in (CANCEL-7; CANCEL-1, CANCEL-2 and CANCEL-4 are blocked by the
                // TASK-1 they declare), and the step runs before create_task returns, so the current task it
                // sees is not yet known by its name (CURRENT-1, blocked by TASK-1 too)
                broken("task constructor runs the first step inline", BrokenTaskStartsInline::implementation,
                        "TASK-1", "TASK-2", "EAGER-2", "SENTINEL-1", "COLLIDE-1", "FUTURE-1", "FUTURE-2", "CYCLES-1",
                        "CANCEL-7"),
                // the A5 collision is this conflict check, met by a task step
                broken("enter_task without the conflict check", BrokenEnterWithoutConflictCheck::implementation,
                        "ENTER-1", "COLLIDE-1"),
                broken("select timeout ignores the cancelled head timer",
                        BrokenTimeoutIgnoresCancelledHead::implementation, "TIMEOUT-4"),
                broken("cancel() removes the handle from the queue", BrokenCancelRemovesHandle::implementation,
                        "HANDLE-1"),
                // done callbacks and task steps are handles made with a context: CTX-4, CTX-5 and CTX-7's
                // scenario with a context are blocked by the CTX-2 they declare
                broken("call_soon drops its context", BrokenContextArgumentIgnored::implementation, "CTX-2"),
                broken("stop() from a callback cuts the batch short", BrokenStopInterruptsBatch::implementation,
                        "NTODO-4"),
                // every way of handing a sleeping loop work from another thread relies on the wake-up
                broken("call_soon_threadsafe does not wake the loop", BrokenThreadsafeDoesNotWake::implementation,
                        "STALL-2", "STALL-3", "TIMEOUT-1", "TIMEOUT-2"),
                // at API level 3.13, where EXEC-6 applies (the Python gallery's 3.12.1 has it not applicable)
                broken("shutdown_default_executor ignores its timeout", BrokenShutdownIgnoresTimeout::implementation,
                        "EXEC-6"));
    }

    /**
     * Each loop certified by the kit's runner, as {@code run} certifies it but without the exploration stage: the
     * rules that fail are exactly the ones its defect breaks (a scenario whose declared prerequisite the defect
     * broke is blocked by it, not failed), and each failure message names the rule and the implementation.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenLoops")
    void eachBrokenLoopFailsExactlyTheRulesItBreaks(String defect, Supplier<LoopImplementation> loop,
            Set<String> breaks, @TempDir Path out) {
        try (LoopImplementation implementation = loop.get()) {
            RunResult result = certify(implementation, ExplorationBudget.OFF, out);
            assertThat(failing(result)).as("rules failed by the loop whose defect is: %s; blocked: %s; why: %s", defect,
                    blocked(result), reasons(result, breaks)).isEqualTo(breaks);
            result.rules().stream().filter(rule -> breaks.contains(rule.id())).flatMap(rule -> rule.scenarios().stream())
                    .filter(scenario -> scenario.verdict() == Verdict.FAIL).forEach(scenario ->
                    assertThat(scenario.message()).as("failure message names the rule and the implementation")
                            .containsPattern("^\\[[A-Z]+-[0-9]+\\] " + implementation.info().id() + ": expected .+, observed .+"));
        }
    }

    /**
     * The same with {@code run}'s default exploration stage: the rules that fail are still exactly the ones the
     * defect breaks (a divergence the defect causes under another rule is listed, blocked by it, never a second
     * failure), and EXPLORE-1 passes (no divergence is left without a rule).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenLoops")
    void eachBrokenLoopCertifiedWithTheExplorationStageFailsExactlyTheRulesItBreaks(String defect,
            Supplier<LoopImplementation> loop, Set<String> breaks, @TempDir Path out) {
        try (LoopImplementation implementation = loop.get()) {
            RunResult result = certify(implementation, ExplorationBudget.DEFAULT, out);
            assertThat(result.exploration().state()).isEqualTo(Exploration.State.RAN);
            assertThat(failing(result)).as("rules failed by the loop whose defect is: %s, with %s; blocked: %s; why: %s",
                    defect, result.exploration().describe(), blocked(result), reasons(result, breaks)).isEqualTo(breaks);
        }
    }

    private static RunResult certify(LoopImplementation implementation, ExplorationBudget exploration, Path out) {
        return new ConformanceRun(RunConfiguration.of(implementation, null, out),
                RuleCatalogue.loadFromClasspath(RunConfiguration.DEFAULT_FEATURES_FOLDER), ScenarioListener.none())
                .exploring(exploration, "asyncio-tck run").execute();
    }

    /** The MUST and SHOULD rules that did not pass and are not only blocked. */
    private static Set<String> failing(RunResult result) {
        Set<String> failed = new TreeSet<>();
        result.rules().stream().filter(rule -> rule.level() != RuleLevel.INFO && rule.verdict().isProblem()
                && rule.verdict() != Verdict.BLOCKED).forEach(rule -> failed.add(rule.id()));
        return failed;
    }

    /** The first failure message of each rule that fails although the defect should not break it. */
    private static List<String> reasons(RunResult result, Set<String> breaks) {
        return failing(result).stream().filter(id -> !breaks.contains(id)).flatMap(id -> result.rules().stream()
                .filter(rule -> rule.id().equals(id)).flatMap(rule -> rule.scenarios().stream())
                .filter(scenario -> scenario.verdict().isProblem()).map(scenario -> String.valueOf(scenario.message()))
                .limit(1)).toList();
    }

    private static Set<String> blocked(RunResult result) {
        Set<String> blocked = new TreeSet<>();
        result.rules().stream().filter(rule -> rule.verdict() == Verdict.BLOCKED).forEach(rule -> blocked.add(rule.id()));
        return blocked;
    }

    @Test
    void theReferenceLoopPassesEveryRuleThatAppliesToIt() {
        try (LoopImplementation reference = new ReferenceImplementation()) {
            FeatureRun run = FeatureRun.of(reference);
            assertThat(run.failures()).isEmpty();
            assertThat(run.passedRules()).hasSizeGreaterThan(20);
            // the rules of the profiles it does not declare, and EXPLORE-1: this run is not the kit's runner, which
            // gives the exploration stage its budget (ExplorationStageTest runs it); RUNNER-2: its Ctrl-C scenario
            // (SIGINT is Python's), the runner's other endings pass
            assertThat(run.notApplicableRules()).containsExactlyInAnyOrder("SYNC-1", "CYCLES-2", "EAGER-4", "STALL-4",
                    "NEST-1", "NEST-2", "NEST-3", "NEST-4", "EXPLORE-1", "RUNNER-2", "EXEC-6"); // EXEC-6: 3.13+, the loop declares 3.12
            assertThat(run.passedRules()).contains("RUNNER-1", "RUNNER-2");
        }
    }

    @Test
    void theSynchronousDispatchReferenceLoopPassesItsOwnRules() {
        try (LoopImplementation reference = new ReferenceImplementation(ReferenceConfig.synchronousDispatch())) {
            FeatureRun run = FeatureRun.of(reference);
            assertThat(run.failures()).isEmpty();
            assertThat(run.passedRules()).contains("SYNC-1", "CYCLES-2");
            // ERROR-1, FUTURE-5, EXC-1, EXC-2, CANCEL-2, CANCEL-4, RUN-7, RUNNER-1: a scenario of each is for
            // deferred dispatch; the rules' other scenarios pass. RUNNER-2: its Ctrl-C scenario (SIGINT is Python's)
            assertThat(run.notApplicableRules()).containsExactlyInAnyOrder("FUTURE-1", "FUTURE-2", "CYCLES-1",
                    "EAGER-4", "STALL-4", "ERROR-1", "FUTURE-5", "EXC-1", "EXC-2", "CANCEL-2", "CANCEL-4",
                    "NEST-1", "NEST-2", "NEST-3", "NEST-4", "EXPLORE-1", "RUN-7", "RUNNER-1", "RUNNER-2", "EXEC-6"); // EXEC-6: 3.13+, the loop declares 3.12
            assertThat(run.passedRules()).contains("ERROR-1", "FUTURE-5", "EXC-1", "EXC-2", "CANCEL-2", "CANCEL-4",
                    "RUNNER-1", "RUNNER-2");
        }
    }

    /** At API level 3.13 the rules of 3.13 apply too, and the reference loop passes them (EXEC-6). */
    @Test
    void theReferenceLoopAtApiLevel313PassesTheRulesOf313() {
        ReferenceConfig at313 = ReferenceConfig.defaults().withApiLevel(ApiLevel.parse("3.13"));
        try (LoopImplementation reference = new ReferenceImplementation(at313)) {
            FeatureRun run = FeatureRun.of(reference);
            assertThat(run.failures()).isEmpty();
            assertThat(run.passedRules()).contains("EXEC-4", "EXEC-6", "EXEC-7", "CTX-7");
        }
    }

    /**
     * The reentrant reference loop ({@code ReferenceConfig.nestedRuns()}, profile nested-runs): the rules that demand
     * a refused nested run are not applicable to it, and it passes the rules of nested runs.
     */
    @Test
    void theNestedRunsReferenceLoopPassesItsOwnRules() {
        try (LoopImplementation reference = new ReferenceImplementation(ReferenceConfig.nestedRuns())) {
            FeatureRun run = FeatureRun.of(reference);
            assertThat(run.failures()).isEmpty();
            assertThat(run.passedRules()).contains("NEST-1", "NEST-2", "NEST-3", "NEST-4", "COLLIDE-1");
            assertThat(run.notApplicableRules()).containsExactlyInAnyOrder("SYNC-1", "CYCLES-2", "EAGER-4", "STALL-4",
                    "LIFE-3", "LIFE-4", "RUN-3", "RUN-6", "COLLIDE-1", "EXPLORE-1", "RUNNER-2", "EXEC-6"); // EXEC-6: 3.13+, the loop declares 3.12
            assertThat(run.passedRules()).contains("RUNNER-2"); // but for its Ctrl-C scenario, as above
        }
    }

    /**
     * The reference loop as exploration compares it with a loop that declares eager-task-factory
     * ({@code ReferenceConfig.comparedWith}): judged by that profile, it passes EAGER-4 and fails nothing.
     */
    @Test
    void theReferenceLoopWithTheEagerTaskFactoryPassesItsOwnRules() {
        ReferenceConfig eager = ReferenceConfig.defaults().withProfiles(Profiles.declared(List.of("eager-task-factory"),
                ApiLevel.parse("3.12")));
        try (LoopImplementation reference = new ReferenceImplementation(eager)) {
            FeatureRun run = FeatureRun.of(reference);
            assertThat(run.failures()).isEmpty();
            assertThat(run.passedRules()).contains("EAGER-4", "EAGER-1", "EAGER-2");
            assertThat(run.notApplicableRules()).contains("SYNC-1", "CYCLES-2", "STALL-4").doesNotContain("EAGER-4");
        }
    }

    private static Arguments broken(String defect, Supplier<LoopImplementation> loop, String... breaks) {
        return Arguments.of(defect, loop, Set.of(breaks));
    }
}
