package org.asynciotck.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.URISyntaxException;
import java.nio.file.Files;
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
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * A whole certification run against real CPython loops that crash or hang in one operation
 * (tck/cli/src/test/resources/badloops/bad_loops.py): the scenarios that touch it get the verdict
 * "crashed" or "timed-out", a fresh agent serves the next scenario, every other rule still gets
 * its real verdict, and the run's results are complete.
 *
 * <p>Its runs go side by side (each its own agent and run scope): they mostly wait on their loops' hangs, and
 * runs in one JVM must find all their scenarios however they overlap (FeatureFiles says why they once did not).
 */
@Tag("evidence") // four whole runs against crashing and hanging loops, about 50 s: run by -P evidence (CI)
@Execution(ExecutionMode.CONCURRENT)
class MisbehavingLoopRunTest {

    private static final Path PYTHON = FakeAgents.pyenvPython("3.12.1", "python3")
            .orElse(FakeAgents.pyenvRoot().resolve("versions/3.12.1/bin/python3"));

    @TempDir
    Path out;

    @Test
    void aLoopThatCrashesInCreateTaskIsCrashedThereAndJudgedEverywhereElse() throws Exception {
        RunResult result = certify("bad_loops:crashing_create_task", Duration.ofSeconds(10));

        Map<String, Verdict> verdicts = byRule(result);
        assertThat(verdicts).containsEntry("TASK-1", Verdict.CRASHED).containsEntry("TASK-2", Verdict.CRASHED)
                .containsEntry("NTODO-1", Verdict.PASS).containsEntry("FUTURE-1", Verdict.PASS)
                .containsEntry("ENTER-1", Verdict.PASS);
        assertThat(result.rules().stream().filter(rule -> rule.id().equals("TASK-2")).findFirst().orElseThrow()
                .decisiveScenario().message()).startsWith("crashed (signal 11)");
        assertThat(result.complete()).isTrue();
        assertThat(result.scenarios()).hasSizeGreaterThan(50);
    }

    @Test
    void aLoopThatHangsInCallLaterTimesOutThereAndIsJudgedEverywhereElse() throws Exception {
        RunResult result = certify("bad_loops:hanging_timers", Duration.ofSeconds(1));

        Map<String, Verdict> verdicts = byRule(result);
        assertThat(verdicts).containsEntry("TIMEOUT-2", Verdict.TIMED_OUT).containsEntry("ORDER-2", Verdict.TIMED_OUT)
                .containsEntry("NTODO-2", Verdict.PASS).containsEntry("FUTURE-1", Verdict.PASS);
        assertThat(result.complete()).isTrue();
    }

    @Test
    void anErrorReportedToTheExceptionHandlerFailsAScenarioThatExpectedNone() throws Exception {
        RunResult result = certify("bad_loops:reports_to_its_handler", Duration.ofSeconds(10), "@NTODO-1 or @COLLIDE-1");

        assertThat(byRule(result)).containsEntry("NTODO-1", Verdict.FAIL);
        assertThat(result.rules().stream().filter(rule -> rule.id().equals("NTODO-1")).findFirst().orElseThrow()
                .decisiveScenario().message()).contains("expected nothing reported to the loop's exception handler")
                .contains("RuntimeError: handle ran after it was cancelled");
    }

    @Test
    void aHandleThatKeepsItsCallbackAfterCancelFailsHandle3ThroughPublicApiAlone() throws Exception {
        RunResult result = certify("bad_loops:keeps_cancelled_callbacks", Duration.ofSeconds(10), "@HANDLE-3");

        assertThat(byRule(result)).containsEntry("HANDLE-3", Verdict.FAIL);
        assertThat(result.rules().get(0).scenarios()).filteredOn(s -> s.verdict() == Verdict.FAIL).singleElement()
                .satisfies(s -> assertThat(s.message()).contains("to be freed once the handle is cancelled"));
    }

    private RunResult certify(String loopFactory, Duration bound) throws URISyntaxException {
        return certify(loopFactory, bound, null);
    }

    private RunResult certify(String loopFactory, Duration bound, String tags) throws URISyntaxException {
        assumeTrue(Files.isExecutable(PYTHON), "CPython 3.12.1 is not installed at " + PYTHON + "; skipping");
        Path badLoops = Path.of(getClass().getResource("/badloops/bad_loops.py").toURI()).getParent();
        AgentCommand command = AgentCommand.python(PYTHON).loop(loopFactory).pythonPath(badLoops)
                .operationTimeout(bound).build();
        try (ProcessImplementation implementation = new ProcessImplementation(command)) {
            ConformanceRun run = new ConformanceRun(RunConfiguration.of(implementation, tags, out),
                    RuleCatalogue.loadFromClasspath("features"), ScenarioListener.none());
            return run.execute();
        }
    }

    private static Map<String, Verdict> byRule(RunResult result) {
        return result.rules().stream().collect(Collectors.toMap(RuleResult::id, RuleResult::verdict));
    }
}
