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
import org.asynciotck.process.AgentCommand;
import org.asynciotck.process.ProcessImplementation;
import org.asynciotck.runner.ConformanceRun;
import org.asynciotck.runner.RuleCatalogue;
import org.asynciotck.runner.RunConfiguration;
import org.asynciotck.runner.RunResult;
import org.asynciotck.runner.ScenarioListener;
import org.asynciotck.spi.LoopImplementation;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The kit's verdicts on real Python loops: every target found on this machine is certified
 * through the process adapter, and its non-passing rules must be exactly those
 * {@code baselines/python.json} lists (each with a reason tied to docs/errata.md). A target that
 * is not installed is skipped with a message saying what is missing, never failed.
 *
 * <p>The uvloop interpreter comes from the system property or environment variable
 * {@value #UVLOOP_PYTHON}, else {@code .venv-uvloop/bin/python} at the repository root (made by .ci/run).
 */
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
        return Stream.concat(cpython, Stream.of(new Target("uvloop", uvloopPython(), "uvloop", null)));
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
            String id = implementation.info().id();
            Supplier<RunResult> run = () -> new ConformanceRun(RunConfiguration.of(implementation, null, reports),
                    RuleCatalogue.loadFromClasspath(RunConfiguration.DEFAULT_FEATURES_FOLDER), ScenarioListener.none())
                    .execute();
            // stock asyncio's run is shared with the gallery's controls (FaithfulLoopsTest)
            RunResult result = target.loop() == null ? StockRuns.of(target.python(), target.variant(), run) : run.get();

            Optional<ImplementationBaseline> expected = baseline.of(id);
            assertThat(expected).as("%s has an entry for %s (the implementation id of target %s); write one with "
                    + "'./asyncio-tck baseline ... --merge %s'", BASELINE, id, target, BASELINE).isPresent();
            GateResult gate = Gate.check(result, expected.orElseThrow());
            System.out.println("[targets] " + target + " (" + id + "): " + result.scenarios().size() + " scenarios, "
                    + (gate.passed() ? "matches" : "DIFFERS FROM") + " " + BASELINE + " (" + gate.expected()
                    + " expected non-passing rules)");
            assertThat(gate.differences()).as("differences between %s and %s", id, BASELINE)
                    .extracting(Difference::line).isEmpty();
            assertThat(gate.notes()).as("baseline entries the run could not check").isEmpty();
        }
    }

    /** Skips (never fails) a target that is not on this machine, printing why so CI output shows it. */
    private static void requireInstalled(Target target) throws InterruptedException {
        String missing = null;
        if (!Files.isExecutable(target.python())) {
            missing = "no interpreter at " + target.python();
        } else if (target.loop() != null && !imports(target.python(), target.loop())) {
            missing = target.python() + " cannot import " + target.loop()
                    + " (make the venv as .ci/run does, or set " + UVLOOP_PYTHON + ")";
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
