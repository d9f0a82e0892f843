package org.asynciotck.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.asynciotck.reference.ReferenceImplementation;
import org.asynciotck.runner.ConformanceRun;
import org.asynciotck.runner.RuleCatalogue;
import org.asynciotck.runner.RuleResult;
import org.asynciotck.runner.RunConfiguration;
import org.asynciotck.runner.RunResult;
import org.asynciotck.runner.ScenarioListener;
import org.asynciotck.runner.ScenarioResult;
import org.asynciotck.runner.Verdict;
import org.asynciotck.spi.LoopImplementation;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scenarios side by side ({@code --jobs 2}) give the verdicts of the same run one at a time: every
 * scenario the same verdict, in the same order, for a faithful loop in the JVM and through agents. For
 * a loop whose run primitives hang (select_ignores_ready), where one at a time blocks the later
 * scenarios, side by side blocks only what the run's preflight found before any scenario (neither
 * primitive drives one iteration), exactly as one at a time does; no scenario's hang blocks another:
 * each other scenario gets its own verdict, within the run's bound; every rule that was not blocked
 * passes or not as one at a time, and the run is as conformant. A rule blocked one at a time by a
 * scenario's hang was not checked: side by side it is, and may pass (this loop's STALL-2 does: its
 * thread-safe wake-up makes the select return). Every agent a run starts has ended when it is over.
 */
class SideBySideRunTest {

    private static final RuleCatalogue CATALOGUE = RuleCatalogue.loadFromClasspath(RunConfiguration.DEFAULT_FEATURES_FOLDER);
    /** The lifecycle rules whose primitive select_ignores_ready hangs, and rules that a hang there blocks. */
    private static final String LIFECYCLE_AND_DEPENDENTS = "@LIFE-1 or @LIFE-2 or @NTODO-1 or @STALL-2";

    @TempDir
    Path out;

    @Test
    void theReferenceLoopGetsTheSameVerdictInTheSameOrderForEveryScenarioSideBySide() throws Exception {
        RunResult oneAtATime;
        RunResult sideBySide;
        try (LoopImplementation reference = new ReferenceImplementation()) {
            oneAtATime = run(reference, null, 1, "one");
            sideBySide = run(reference, null, 2, "two");
        }
        assertThat(oneAtATime.scenarios()).hasSizeGreaterThan(200);
        assertThat(inOrder(sideBySide)).isEqualTo(inOrder(oneAtATime));
        assertThat(oneAtATime.conformant()).isTrue();
        assertThat(cucumberTestCases("two")).as("Cucumber's JUnit XML, side by side")
                .isEqualTo(cucumberTestCases("one")).hasSize(oneAtATime.scenarios().size());
    }

    @Test
    void stockCpythonWithCTasksGetsTheSameVerdictForEveryScenarioSideBySideAndEveryAgentEnds() {
        assertSameVerdictsThroughAgents("c");
    }

    @Test
    void stockCpythonWithPythonTasksGetsTheSameVerdictForEveryScenarioSideBySideAndEveryAgentEnds() {
        assertSameVerdictsThroughAgents("py");
    }

    @Tag("evidence") // 12 s on a quiet machine, 35 s at load 13 (1 s bounds waited out): -P evidence; see pom.xml
    @Test
    void aLoopWhoseRunPrimitivesHangBlocksOnlyWhatThePreflightFoundSideBySideAndEveryRulePassesOrNotAsOneAtATime()
            throws Exception {
        Duration bound = Duration.ofSeconds(1);
        RunResult oneAtATime;
        RunResult sideBySide;
        long took;
        List<Long> agents = new ArrayList<>();
        try (ProcessImplementation hangs = new ProcessImplementation(hangingLoop(bound))) {
            oneAtATime = run(hangs, LIFECYCLE_AND_DEPENDENTS, 1, "one");
            agents.addAll(hangs.startedAgentPids());
        }
        try (ProcessImplementation hangs = new ProcessImplementation(hangingLoop(bound))) {
            long started = System.nanoTime();
            sideBySide = run(hangs, LIFECYCLE_AND_DEPENDENTS, 2, "two");
            took = System.nanoTime() - started;
            agents.addAll(hangs.startedAgentPids());
        }
        assertThat(oneAtATime.scenarios()).extracting(ScenarioResult::verdict).as("one at a time blocks")
                .contains(Verdict.BLOCKED);
        assertThat(sideBySide.scenarios()).extracting(ScenarioResult::verdict).as("side by side")
                .doesNotContain(Verdict.NOT_RUN);
        assertThat(sideBySide.iterations().wireName()).isEqualTo("none");
        List<String> blockedSideBySide = blockedScenarios(sideBySide);
        assertThat(blockedSideBySide).as("side by side, what the preflight found blocks; nothing else does")
                .isNotEmpty().allMatch(s -> s.contains(": blocked by LIFE-1 and LIFE-2: this scenario runs the loop"));
        assertThat(blockedScenarios(oneAtATime)).as("one at a time, the same scenarios with the same reason, and more")
                .containsAll(blockedSideBySide);
        assertThat(passes(oneAtATime)).containsEntry("LIFE-1", false).containsEntry("LIFE-2", false);
        Map<String, Boolean> passesSideBySide = passes(sideBySide);
        passes(oneAtATime).forEach((rule, passed) -> {
            if (blocked(oneAtATime, rule)) {
                return; // blocked is "not checked", never a pass; side by side it is checked (STALL-2 passes)
            }
            assertThat(passesSideBySide.get(rule)).as("whether %s passes side by side", rule).isEqualTo(passed);
        });
        assertThat(passesSideBySide).as("a rule blocked one at a time by a scenario's hang is checked side by side")
                .containsEntry("STALL-2", true);
        assertThat(blocked(oneAtATime, "STALL-2")).isTrue();
        assertThat(sideBySide.conformant()).isEqualTo(oneAtATime.conformant()).isFalse();
        assertThat(sideBySide.complete()).isTrue();
        // RunBound: three operation bounds per scenario, plus 30 s for the kit itself.
        Duration runBound = bound.multipliedBy(3L * sideBySide.scenarios().size()).plusSeconds(30);
        assertThat(Duration.ofNanos(took)).as("the side-by-side run's time").isLessThan(runBound);
        agents.forEach(ProcessImplementationTest::assertGone);
    }

    private void assertSameVerdictsThroughAgents(String variant) {
        Path python = FakeAgents.pyenvPython("3.12.1", "python3").orElse(null);
        assumeTrue(python != null, "CPython 3.12.1 is not installed");
        AgentCommand command = AgentCommand.python(python).variant(variant)
                .operationTimeout(Duration.ofSeconds(7)).handshakeTimeout(Duration.ofSeconds(10)).build();
        RunResult oneAtATime;
        RunResult sideBySide;
        List<Long> agents;
        try (ProcessImplementation cpython = new ProcessImplementation(command)) {
            oneAtATime = run(cpython, null, 1, "one");
            int afterOneAtATime = cpython.startedAgentPids().size();
            sideBySide = run(cpython, null, 2, "two");
            agents = cpython.startedAgentPids();
            assertThat(agents.size() - afterOneAtATime).as("agents started for the second session side by side")
                    .isPositive();
        }
        assertThat(inOrder(sideBySide)).isEqualTo(inOrder(oneAtATime));
        assertThat(oneAtATime.scenarios()).hasSizeGreaterThan(200);
        agents.forEach(ProcessImplementationTest::assertGone);
    }

    private RunResult run(LoopImplementation implementation, String tags, int jobs, String folder) {
        return new ConformanceRun(RunConfiguration.of(implementation, tags, out.resolve(folder)).withJobs(jobs),
                CATALOGUE, ScenarioListener.none()).execute();
    }

    private static AgentCommand hangingLoop(Duration bound) throws URISyntaxException {
        Path python = FakeAgents.pyenvPython("3.12.1", "python3").orElse(null);
        assumeTrue(python != null, "CPython 3.12.1 is not installed");
        Path loops = Path.of(SideBySideRunTest.class.getResource("/badloops/declaration_loops.py").toURI()).getParent();
        return AgentCommand.python(python).loop("declaration_loops:select_ignores_ready").pythonPath(loops)
                .operationTimeout(bound).handshakeTimeout(Duration.ofSeconds(10)).build();
    }

    /** The test cases of Cucumber's JUnit XML in a run's folder, in the order it lists them, with their results. */
    private List<String> cucumberTestCases(String folder) throws Exception {
        org.w3c.dom.NodeList cases = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(out.resolve(folder).resolve(ConformanceRun.CUCUMBER_JUNIT_XML).toFile())
                .getElementsByTagName("testcase");
        List<String> listed = new ArrayList<>();
        for (int i = 0; i < cases.getLength(); i++) {
            org.w3c.dom.Element testCase = (org.w3c.dom.Element) cases.item(i);
            listed.add(testCase.getAttribute("classname") + " / " + testCase.getAttribute("name") + ": "
                    + testCase.getElementsByTagName("failure").getLength() + " failure(s), "
                    + testCase.getElementsByTagName("skipped").getLength() + " skipped");
        }
        return listed;
    }

    /** Each scenario, in the order the result lists them, with its verdict. */
    private static List<String> inOrder(RunResult result) {
        return result.scenarios().stream().map(s -> s.location() + " " + s.name() + ": " + s.verdict()).toList();
    }

    /** Each blocked scenario with its reason. */
    private static List<String> blockedScenarios(RunResult result) {
        return result.scenarios().stream().filter(s -> s.verdict() == Verdict.BLOCKED)
                .map(s -> s.location() + " " + s.name() + ": " + s.message()).toList();
    }

    private static boolean blocked(RunResult result, String rule) {
        return result.rules().stream().anyMatch(r -> r.id().equals(rule) && r.verdict() == Verdict.BLOCKED);
    }

    /** Whether each rule passed (not applicable counts as passing). */
    private static Map<String, Boolean> passes(RunResult result) {
        Map<String, Boolean> passes = new TreeMap<>();
        for (RuleResult rule : result.rules()) {
            passes.put(rule.id(), rule.verdict() == Verdict.PASS || rule.verdict() == Verdict.NOT_APPLICABLE);
        }
        return passes;
    }
}
