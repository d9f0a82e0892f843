package org.asynciotck.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;
import org.asynciotck.runner.ConformanceRun;
import org.asynciotck.runner.RuleCatalogue;
import org.asynciotck.runner.RuleResult;
import org.asynciotck.runner.RunConfiguration;
import org.asynciotck.runner.RunResult;
import org.asynciotck.runner.ScenarioListener;
import org.asynciotck.runner.Verdict;
import org.asynciotck.spi.Profile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What is expected of a loop comes from what it declares, never from what it does
 * (tck/cli/src/test/resources/badloops/declaration_loops.py): an undeclared deviation fails the rule
 * it breaks and the message says what to declare; the same loop declaring the design is judged by
 * that profile's rules; a loop that hangs in every run still gets every verdict, in bounded time;
 * unknown declarations are refused.
 */
class DeclaredProfilesTest {

    private static final String FUTURE_RULES = "@FUTURE-1 or @FUTURE-2 or @CYCLES-1 or @CYCLES-2 or @SYNC-1";

    @TempDir
    Path out;

    @Test
    void synchronousFuturesThatAreNotDeclaredFailTheDeferredRulesAndSayWhatToDeclare() throws Exception {
        RunResult result = certify("synchronous_futures", FUTURE_RULES, Duration.ofSeconds(10));

        assertThat(byRule(result)).containsEntry("FUTURE-1", Verdict.FAIL).containsEntry("FUTURE-2", Verdict.FAIL)
                .containsEntry("CYCLES-1", Verdict.FAIL).containsEntry("SYNC-1", Verdict.NOT_APPLICABLE);
        assertThat(decisive(result, "FUTURE-1")).contains("observed [cb]")
                .contains("declare the profile synchronous-dispatch");
        assertThat(result.conformant()).isFalse();
    }

    @Test
    void synchronousFuturesThatAreDeclaredAreJudgedByTheSynchronousRules() throws Exception {
        RunResult result = certify("declared_synchronous_futures", FUTURE_RULES, Duration.ofSeconds(10));

        assertThat(result.implementation().follows(Profile.SYNCHRONOUS_DISPATCH)).isTrue();
        assertThat(byRule(result)).containsEntry("SYNC-1", Verdict.PASS).containsEntry("CYCLES-2", Verdict.PASS)
                .containsEntry("FUTURE-1", Verdict.NOT_APPLICABLE).containsEntry("CYCLES-1", Verdict.NOT_APPLICABLE);
    }

    @Test
    void futuresThatCallBackSynchronouslyOnlyOnSetExceptionAndCancelFailTheDeferredRules() throws Exception {
        RunResult result = certify("synchronous_on_exception_and_cancel", FUTURE_RULES, Duration.ofSeconds(10));

        assertThat(byRule(result)).containsEntry("FUTURE-1", Verdict.FAIL);
        assertThat(result.rules().stream().filter(rule -> rule.id().equals("FUTURE-1")).findFirst().orElseThrow()
                .scenarios()).filteredOn(s -> s.verdict() == Verdict.FAIL).isNotEmpty()
                .allSatisfy(s -> assertThat(s.name()).containsAnyOf("set_exception", "cancel"));
    }

    @Test
    void anUndeclaredEagerTaskFactoryFailsTask1AndADeclaredOneIsJudgedByEager4() throws Exception {
        String tags = "@TASK-1 or @EAGER-4";
        RunResult undeclared = certify("eager_task_factory", tags, Duration.ofSeconds(10));
        assertThat(byRule(undeclared)).containsEntry("TASK-1", Verdict.FAIL)
                .containsEntry("EAGER-4", Verdict.NOT_APPLICABLE);
        assertThat(decisive(undeclared, "TASK-1")).contains("declare the profile eager-task-factory");

        RunResult declared = certify("declared_eager_task_factory", tags, Duration.ofSeconds(10));
        assertThat(byRule(declared)).containsEntry("TASK-1", Verdict.PASS).containsEntry("EAGER-4", Verdict.PASS);
    }

    @Test
    void debugModeUndeclaredFailsTheStallFixAndDeclaredMakesTheStallRulesNotApplicable() throws Exception {
        String tags = "@STALL-1 or @STALL-3 or @STALL-4";
        RunResult undeclared = certify("debug_mode", tags, Duration.ofSeconds(10));
        assertThat(byRule(undeclared)).containsEntry("STALL-3", Verdict.FAIL)
                .containsEntry("STALL-4", Verdict.NOT_APPLICABLE);
        assertThat(decisive(undeclared, "STALL-3")).contains("declare the profile debug-mode");

        RunResult declared = certify("declared_debug_mode", tags, Duration.ofSeconds(10));
        assertThat(byRule(declared)).containsEntry("STALL-1", Verdict.NOT_APPLICABLE)
                .containsEntry("STALL-3", Verdict.NOT_APPLICABLE).containsEntry("STALL-4", Verdict.PASS);
        assertThat(decisive(declared, "STALL-3")).contains("applies to the debug mode profile 'debug-off'");
    }

    /** The bound that the whole run must stay under: a tenth of what one timeout per scenario would cost. */
    @Test
    void aLoopThatHangsInEveryRunGetsEveryVerdictInBoundedTime() throws Exception {
        long started = System.nanoTime();
        RunResult result = certify("select_ignores_ready", null, Duration.ofSeconds(1));
        Duration took = Duration.ofNanos(System.nanoTime() - started);

        assertThat(result.complete()).isTrue();
        assertThat(result.scenarios()).hasSizeGreaterThan(60);
        assertThat(byRule(result)).containsEntry("LIFE-1", Verdict.TIMED_OUT).containsEntry("LIFE-2", Verdict.TIMED_OUT)
                .containsEntry("NTODO-1", Verdict.BLOCKED).containsEntry("STALL-2", Verdict.BLOCKED);
        assertThat(decisive(result, "NTODO-1")).startsWith("blocked by LIFE-1");
        assertThat(took).as("run time of a loop that hangs in every run, with a 1 s bound")
                .isLessThan(Duration.ofSeconds(result.scenarios().size()));
    }

    @Test
    void aDrainThatRunsOneHandleTooFewIsRefusedByLife1AndTheSnapshotRuleStillGetsItsOwnVerdict() throws Exception {
        RunResult result = certify("drains_one_short", "@LIFE-1 or @NTODO-1", Duration.ofSeconds(2));

        assertThat(byRule(result)).containsEntry("LIFE-1", Verdict.FAIL).containsEntry("NTODO-1", Verdict.FAIL);
    }

    @Test
    void aFactoryDeclaringAnUnknownProfileIsRefusedNamingTheValidOnes() {
        assumeTrue(FakeAgents.pyenvPython("3.12.1", "python3").isPresent(), "CPython 3.12.1 is not installed");
        assertThatThrownBy(() -> new ProcessImplementation(command("unknown_profile", Duration.ofSeconds(10))).close())
                .isInstanceOf(ImplementationUnavailable.class)
                .hasMessageContaining("unknown profile [made-up]")
                .hasMessageContaining("the valid profiles are deferred-dispatch, synchronous-dispatch");
    }

    @ParameterizedTest
    @ValueSource(strings = {"--capabilities=ready_queue", "--capabilities=ready-queue,made-up",
        "--capabilities=deferred-dispatch", "--api-level=-1.-5", "--api-level=99.99", "--api-level=3",
        "--profiles=synchronous-dispatch,deferred-dispatch", "--profiles=eager-task-factory --api-level=3.11"})
    void anAgentWithAnUnknownOrImpossibleDeclarationIsRefused(String options) {
        assertThatThrownBy(() -> new ProcessImplementation(FakeAgents.fake(options.split(" ")).build()).close())
                .isInstanceOf(ImplementationUnavailable.class)
                .hasMessageContaining("failed the hello handshake")
                .hasMessageMatching("(?s).*(the valid capabilities are|the kit knows API levels|declare one of them"
                        + "|exists from API level).*");
    }

    private RunResult certify(String factory, String tags, Duration bound) throws URISyntaxException {
        assumeTrue(FakeAgents.pyenvPython("3.12.1", "python3").isPresent(), "CPython 3.12.1 is not installed");
        try (ProcessImplementation implementation = new ProcessImplementation(command(factory, bound))) {
            return new ConformanceRun(RunConfiguration.of(implementation, tags, out),
                    RuleCatalogue.loadFromClasspath("features"), ScenarioListener.none()).execute();
        }
    }

    private AgentCommand command(String factory, Duration bound) throws URISyntaxException {
        Path loops = Path.of(getClass().getResource("/badloops/declaration_loops.py").toURI()).getParent();
        return AgentCommand.python(FakeAgents.pyenvPython("3.12.1", "python3").orElseThrow())
                .loop("declaration_loops:" + factory).pythonPath(loops)
                .operationTimeout(bound).handshakeTimeout(Duration.ofSeconds(10)).build();
    }

    private static Map<String, Verdict> byRule(RunResult result) {
        return result.rules().stream().collect(Collectors.toMap(RuleResult::id, RuleResult::verdict));
    }

    private static String decisive(RunResult result, String rule) {
        return result.rules().stream().filter(r -> r.id().equals(rule)).findFirst().orElseThrow()
                .decisiveScenario().message();
    }
}
