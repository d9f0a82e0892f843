package org.asynciotck.targets;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.asynciotck.gate.Baseline;
import org.asynciotck.gate.Difference;
import org.asynciotck.gate.Gate;
import org.asynciotck.gate.GateResult;
import org.asynciotck.gate.ImplementationBaseline;
import org.asynciotck.kit.StockRuns;
import org.asynciotck.exploration.ExplorationBudget;
import org.asynciotck.process.AgentCommand;
import org.asynciotck.report.JUnitReport;
import org.asynciotck.report.JUnitXmlCheck;
import org.asynciotck.process.ProcessImplementation;
import org.asynciotck.runner.ConformanceRun;
import org.asynciotck.runner.RuleCatalogue;
import org.asynciotck.runner.RuleLevel;
import org.asynciotck.runner.RuleResult;
import org.asynciotck.runner.RunConfiguration;
import org.asynciotck.runner.RunResult;
import org.asynciotck.runner.ScenarioListener;
import org.asynciotck.runner.Verdict;
import org.asynciotck.spi.LoopImplementation;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The kit's verdicts on real Python loops: every target found on this machine is certified
 * through the process adapter, and its non-passing rules must be exactly those
 * {@code baselines/python.json} lists (each with a reason tied to docs/errata.md). A target that
 * is not installed is skipped with a message saying what is missing, never failed.
 *
 * <p>The uvloop interpreter comes from the system property or environment variable
 * {@value #UVLOOP_PYTHON}, else {@code .venv-uvloop/bin/python} at the repository root (made by .ci/run);
 * nest_asyncio's and nest_asyncio2's from {@code ASYNCIOTCK_NEST_ASYNCIO_PYTHON} and
 * {@code ASYNCIOTCK_NEST_ASYNCIO2_PYTHON}, else {@code .venv-nest-asyncio/bin/python} and
 * {@code .venv-nest-asyncio2/bin/python} (made by .ci/run on Python 3.12.1). The agent declares nested-runs for
 * both, as their users would (docs/real-loops.md, "nest_asyncio").
 */
@Tag("evidence") // minutes long: run by -P evidence (CI), not by ./mvnw -B verify; see pom.xml
class PythonTargetsMatchTheirBaselineTest {

    static final String UVLOOP_PYTHON = "ASYNCIOTCK_UVLOOP_PYTHON";
    private static final String BASELINE = "baselines/python.json";
    private static final long PROBE_SECONDS = 20;

    private static Path repositoryRoot;
    private static Baseline baseline;

    @TempDir
    Path reports;

    /** A Python loop to certify: the interpreter, the loop and the Task/Future variant. */
    record Target(String name, Path python, String loop, String variant) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Target> targets() {
        Path versions = pyenvRoot().resolve("versions");
        Stream<Target> cpython = Stream.of("3.10.13", "3.11.7", "3.12.1", "3.13.0")
                .flatMap(version -> Stream.of("c", "py").map(variant -> new Target(
                        "cpython-" + version + "-" + variant, versions.resolve(version).resolve("bin/python3"),
                        null, variant)));
        return Stream.concat(cpython, Stream.of(new Target("uvloop", uvloopPython(), "uvloop", null),
                new Target("nest_asyncio", venvPython("ASYNCIOTCK_NEST_ASYNCIO_PYTHON", ".venv-nest-asyncio"),
                        "nest_asyncio", null),
                new Target("nest_asyncio2", venvPython("ASYNCIOTCK_NEST_ASYNCIO2_PYTHON", ".venv-nest-asyncio2"),
                        "nest_asyncio2", null)));
    }

    @BeforeAll
    static void readTheBaseline() throws Exception {
        repositoryRoot = findRepositoryRoot();
        baseline = Baseline.read(repositoryRoot.resolve(BASELINE));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    void theKitsVerdictsMatchTheBaseline(Target target) throws Exception {
        requireInstalled(target);
        AgentCommand.Builder command = AgentCommand.python(target.python());
        Optional.ofNullable(target.loop()).ifPresent(command::loop);
        Optional.ofNullable(target.variant()).ifPresent(command::variant);
        try (LoopImplementation implementation = new ProcessImplementation(command.build())) {
            String id = implementation.info().identity();
            // run's default exploration stage, as a user's certification of the target has it
            Supplier<RunResult> run = () -> new ConformanceRun(RunConfiguration.of(implementation, null, reports),
                    RuleCatalogue.loadFromClasspath(RunConfiguration.DEFAULT_FEATURES_FOLDER), ScenarioListener.none())
                    .exploring(ExplorationBudget.DEFAULT, "asyncio-tck run").execute();
            // stock asyncio's run is shared with the gallery's controls (FaithfulLoopsTest)
            RunResult result = target.loop() == null ? StockRuns.of(target.python(), target.variant(), run) : run.get();

            Optional<Baseline.Match> match = baseline.find(implementation.info());
            Optional<ImplementationBaseline> expected = match.map(Baseline.Match::entry);
            assertThat(expected).as("%s has an entry for %s (the implementation identity of target %s); write one with "
                    + "'./asyncio-tck baseline ... --merge %s'", BASELINE, id, target, BASELINE).isPresent();
            GateResult gate = Gate.check(result, expected.orElseThrow());
            System.out.println("[targets] " + target + " (" + id + "): " + result.scenarios().size() + " scenarios, "
                    + (gate.passed() ? "matches" : "DIFFERS FROM") + " " + BASELINE + " (" + gate.expected()
                    + " expected non-passing rules)");
            assertThat(gate.differences()).as("differences between %s and %s", id, BASELINE)
                    .extracting(Difference::line).isEmpty();
            assertThat(gate.notes()).as("baseline entries the run could not check").isEmpty();
            assertThat(match.orElseThrow().key()).as("%s keys %s by its identity", BASELINE, target).isEqualTo(id);
            assertJUnitIsRedExactlyOnTheMustEntries(target, result, expected.orElseThrow());
        }
    }

    /**
     * The kit's junit.xml of the target, read as a CI reporter would: red exactly on the MUST rules
     * the baseline lists (CPython 3.12: green, its SHOULD crash INIT-1 a warning; uvloop: IO-3, NTODO-4
     * and TIMER-1, as failures), a crash of a MUST rule an error.
     */
    private static void assertJUnitIsRedExactlyOnTheMustEntries(
            Target target, RunResult result, ImplementationBaseline expected) {
        JUnitXmlCheck junit = JUnitXmlCheck.read(JUnitReport.render(result, "test"));
        List<String> red = new java.util.ArrayList<>(junit.with("failure"));
        red.addAll(junit.with("error"));
        List<String> mustEntries = result.rules().stream()
                .filter(rule -> rule.level() == RuleLevel.MUST && expected.rules().containsKey(rule.id()))
                .map(RuleResult::id).toList();
        assertThat(red).as("red testcases in the junit.xml of %s", target).containsExactlyInAnyOrderElementsOf(mustEntries);
        assertThat(junit.with("error")).as("errors of %s", target).containsExactlyInAnyOrderElementsOf(
                // a blocked MUST rule is an error too (JUnitReport): not checked, which a CI must not read as green
                result.rules().stream().filter(rule -> rule.isMustFailure() && rule.verdict() != Verdict.FAIL
                        || rule.level() == RuleLevel.MUST && rule.verdict() == Verdict.BLOCKED)
                        .map(RuleResult::id).toList());
        if (target.name().startsWith("cpython-3.12")) {
            assertThat(red).as("CPython 3.12 is green").isEmpty();
            assertThat(junit.properties()).containsKey("should-warning.INIT-1");
        }
        if (target.name().equals("uvloop")) {
            // IO-3: remove_reader()/remove_writer() return None (errata U-3); NTODO-4: errata U-1; TIMER-1: a zero
            // delay's Handle has no when() (errata U-8), which only the exploration stage's programs ask
            assertThat(junit.with("failure")).as("uvloop is red on IO-3, NTODO-4 and TIMER-1")
                    .containsExactlyInAnyOrder("IO-3", "NTODO-4", "TIMER-1");
            // CLOCK-2 is blocked by TIMER-1 (its far timers' when(); beyond 100 years it fails underneath, errata U-9)
            assertThat(junit.with("error")).as("uvloop's errors").containsExactly("CLOCK-2");
        }
        if (target.name().startsWith("nest_asyncio")) {
            // declared nested-runs: every MUST holds but AGEN-1 (its run_until_complete runs without the loop's async
            // generator hooks, errata N-8), and RUNNER-2, blocked by it (the runner's shutdown_asyncgens has no generator
            // to close); RUN-4, INIT-1 and NEST-4 are SHOULD warnings (docs/real-loops.md, "nest_asyncio")
            assertThat(red).as("%s, declared nested-runs, is red on AGEN-1 and RUNNER-2 (blocked by it)", target)
                    .containsExactly("AGEN-1", "RUNNER-2");
            assertThat(junit.properties()).containsKeys("should-warning.RUN-4", "should-warning.NEST-4");
        }
    }

    /** Skips (never fails) a target that is not on this machine, printing why so CI output shows it. */
    private static void requireInstalled(Target target) throws InterruptedException {
        String missing = null;
        if (!Files.isExecutable(target.python())) {
            missing = "no interpreter at " + target.python();
        } else if (target.loop() != null && !imports(target.python(), target.loop())) {
            missing = target.python() + " cannot import " + target.loop()
                    + " (make the venv as .ci/run does, or set " + UVLOOP_PYTHON + " or its nest_asyncio likes)";
        }
        if (missing != null) {
            System.out.println("[targets] " + target + ": SKIPPED, " + missing);
        }
        Assumptions.assumeTrue(missing == null, "target " + target + " skipped: " + missing);
    }

    private static boolean imports(Path python, String module) throws InterruptedException {
        try {
            Process probe = new ProcessBuilder(python.toString(), "-c", "import " + module)
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!probe.waitFor(PROBE_SECONDS, TimeUnit.SECONDS)) {
                probe.destroyForcibly();
                return false;
            }
            return probe.exitValue() == 0;
        } catch (IOException e) {
            return false;
        }
    }

    private static Path pyenvRoot() {
        String root = System.getenv("PYENV_ROOT");
        return root == null || root.isBlank() ? Path.of(System.getProperty("user.home"), ".pyenv") : Path.of(root);
    }

    private static Path uvloopPython() {
        String configured = Optional.ofNullable(System.getProperty(UVLOOP_PYTHON)).orElse(System.getenv(UVLOOP_PYTHON));
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured);
        }
        return findRepositoryRoot().resolve(".venv-uvloop/bin/python");
    }

    /** The interpreter named by {@code variable} (system property or environment), else {@code <root>/venv/bin/python}. */
    private static Path venvPython(String variable, String venv) {
        String configured = Optional.ofNullable(System.getProperty(variable)).orElse(System.getenv(variable));
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured);
        }
        return findRepositoryRoot().resolve(venv + "/bin/python");
    }

    /** Surefire runs in the tck module folder; the repository root is the nearest parent holding the baseline. */
    private static Path findRepositoryRoot() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve(BASELINE))) {
                return dir;
            }
        }
        throw new IllegalStateException("no " + BASELINE + " in " + Path.of("").toAbsolutePath()
                + " or any parent: run the tests from the repository");
    }

}
