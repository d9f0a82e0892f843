package org.asynciotck.stability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.asynciotck.kit.FeatureRun;
import org.asynciotck.kit.FeatureRun.ScenarioOutcome;
import org.asynciotck.process.AgentCommand;
import org.asynciotck.process.ProcessImplementation;
import org.asynciotck.reference.ReferenceImplementation;
import org.asynciotck.spi.LoopImplementation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Tag;

/**
 * The thread scenarios (STALL-1, STALL-2, STALL-3: a loop on its own thread, called from another)
 * are the only ones whose verdict depends on real thread timing. This test runs each of them
 * {@value #REPETITIONS} times against the reference loop and against CPython 3.12 while a
 * {@link BusySpinner} keeps the machine's other core busy, and requires zero flips: every run
 * gives the same verdict per scenario. A flip would mean a bound in docs/threads-and-time.md is
 * too tight for a loaded machine, and the kit would hand out verdicts by chance.
 *
 * <p>Each repetition is one Cucumber run of the three scenarios, each in its own session, exactly
 * as the kit runs them. STALL-1 waits the 0.5 s stall bound by design, so the test takes about a
 * minute per target.
 */
@Tag("evidence") // minutes long: run by -P evidence (CI), not by ./mvnw -B verify; see pom.xml
class ThreadScenarioStabilityTest {

    static final int REPETITIONS = 50;
    static final String THREAD_SCENARIOS = "@STALL-1 or @STALL-2 or @STALL-3";
    /** Bounds the spinner well past the expected runtime of one target, so it never outlives a hung test. */
    private static final Duration SPIN_BOUND = Duration.ofMinutes(6);

    @Test
    @Timeout(value = 5, unit = java.util.concurrent.TimeUnit.MINUTES)
    void referenceLoopGivesTheSameVerdictEveryTime() throws InterruptedException {
        try (ReferenceImplementation reference = new ReferenceImplementation()) {
            assertNoFlips("reference", reference);
        }
    }

    @Test
    @Timeout(value = 5, unit = java.util.concurrent.TimeUnit.MINUTES)
    void cpython312GivesTheSameVerdictEveryTime() throws InterruptedException {
        Path python = pyenvRoot().resolve("versions/3.12.1/bin/python3");
        assumeTrue(Files.isExecutable(python), "CPython 3.12.1 not installed at [" + python
                + "]: the stability test against CPython is skipped");
        try (ProcessImplementation cpython = new ProcessImplementation(AgentCommand.python(python).build())) {
            assertNoFlips("cpython-3.12.1", cpython);
        }
    }

    private static void assertNoFlips(String target, LoopImplementation implementation) throws InterruptedException {
        Map<String, Map<ScenarioOutcome, Integer>> tally = new TreeMap<>();
        long started = System.nanoTime();
        long spins;
        try (BusySpinner spinner = BusySpinner.start(SPIN_BOUND)) {
            for (int repetition = 1; repetition <= REPETITIONS; repetition++) {
                FeatureRun run = FeatureRun.of(implementation, THREAD_SCENARIOS);
                assertThat(run.outcomesByScenario()).as("%s, repetition %d: one outcome per thread scenario",
                        target, repetition).hasSize(3);
                run.outcomesByScenario().forEach((scenario, outcome) -> tally
                        .computeIfAbsent(scenario, s -> new LinkedHashMap<>()).merge(outcome, 1, Integer::sum));
            }
            assertThat(spinner.spinning()).as("the busy spinner ran for the whole test").isTrue();
            spins = spinner.spins();
        }
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        System.out.printf("[stability] %s: %d repetitions of %s in %.1f s (spinner turns: %d): %s%n",
                target, REPETITIONS, THREAD_SCENARIOS, took.toMillis() / 1000.0, spins, tally);
        assertThat(spins).as("spinner turns").isPositive();
        tally.forEach((scenario, outcomes) -> assertThat(outcomes)
                .as("%s [%s]: verdicts over %d runs (a flip means the verdict depends on timing)",
                        target, scenario, REPETITIONS)
                .hasSize(1));
        assertThat(tally).as("%s: outcomes per thread scenario", target).hasSize(3);
    }

    private static Path pyenvRoot() {
        String root = System.getenv("PYENV_ROOT");
        return root == null || root.isBlank() ? Path.of(System.getProperty("user.home"), ".pyenv") : Path.of(root);
    }
}
