package org.asynciotck.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
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

/**
 * nest_asyncio 1.6.0 on CPython 3.12.1, declared and undeclared (docs/real-loops.md, "nest_asyncio"): undeclared, the
 * nested run it allows fails LIFE-3 and the message says to declare nested-runs; declared (the agent's named
 * loop {@code nest_asyncio} declares it, as its user would), the refusal rules are not applicable and the
 * nested-run rules hold. The interpreter is {@code .venv-nest-asyncio/bin/python} (made by .ci/run) or
 * {@code ASYNCIOTCK_NEST_ASYNCIO_PYTHON}; without it the tests are skipped.
 */
class NestedRunsDeclaredTest {

    /** The rules a nested run decides, leaving out those whose nest_asyncio verdict is a 10 s time-out. */
    private static final String RULES = "@LIFE-3 or @RUN-6 or @NEST-1 or @NEST-2 or @NEST-3";

    @TempDir
    Path out;

    @Test
    void undeclaredItsNestedRunFailsLife3AndTheMessageSaysToDeclareNestedRuns() throws Exception {
        RunResult result = certify(factoryCommand("declaration_loops:nest_asyncio_undeclared"));

        assertThat(result.implementation().follows(Profile.NO_NESTED_RUNS)).isTrue();
        assertThat(byRule(result)).containsEntry("LIFE-3", Verdict.FAIL).containsEntry("RUN-6", Verdict.FAIL)
                .containsEntry("NEST-1", Verdict.NOT_APPLICABLE).containsEntry("NEST-3", Verdict.NOT_APPLICABLE);
        assertThat(decisive(result, "LIFE-3")).contains("a nested run that returned null")
                .contains("declare the profile nested-runs");
        assertThat(result.conformant()).isFalse();
    }

    @Test
    void declaredTheRefusalRulesAreNotApplicableAndTheNestedRunRulesHold() throws Exception {
        RunResult result = certify(namedLoopCommand());

        assertThat(result.implementation().follows(Profile.NESTED_RUNS)).isTrue();
        assertThat(byRule(result)).containsEntry("LIFE-3", Verdict.NOT_APPLICABLE)
                .containsEntry("RUN-6", Verdict.NOT_APPLICABLE).containsEntry("NEST-1", Verdict.PASS)
                .containsEntry("NEST-2", Verdict.PASS).containsEntry("NEST-3", Verdict.PASS);
        assertThat(result.conformant()).isTrue();
    }

    private RunResult certify(AgentCommand command) {
        try (ProcessImplementation implementation = new ProcessImplementation(command)) {
            return new ConformanceRun(RunConfiguration.of(implementation, RULES, out),
                    RuleCatalogue.loadFromClasspath("features"), ScenarioListener.none()).execute();
        }
    }

    private AgentCommand factoryCommand(String factory) throws URISyntaxException {
        Path loops = Path.of(getClass().getResource("/badloops/declaration_loops.py").toURI()).getParent();
        return AgentCommand.python(nestAsyncioPython()).loop(factory).pythonPath(loops)
                .operationTimeout(Duration.ofSeconds(5)).handshakeTimeout(Duration.ofSeconds(10)).build();
    }

    private static AgentCommand namedLoopCommand() {
        return AgentCommand.python(nestAsyncioPython()).loop("nest_asyncio")
                .operationTimeout(Duration.ofSeconds(5)).handshakeTimeout(Duration.ofSeconds(10)).build();
    }

    /** The venv's interpreter, or the test is skipped (never failed) with what is missing. */
    private static Path nestAsyncioPython() {
        Path python = Optional.ofNullable(System.getenv("ASYNCIOTCK_NEST_ASYNCIO_PYTHON")).filter(s -> !s.isBlank())
                .map(Path::of).orElseGet(() -> repositoryRoot().resolve(".venv-nest-asyncio/bin/python"));
        assumeTrue(Files.isExecutable(python), "no nest_asyncio venv at " + python + " (made by .ci/run)");
        return python;
    }

    private static Path repositoryRoot() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve("features")) && Files.isRegularFile(dir.resolve("mvnw"))) {
                return dir;
            }
        }
        return Path.of("").toAbsolutePath();
    }

    private static Map<String, Verdict> byRule(RunResult result) {
        return result.rules().stream().collect(Collectors.toMap(RuleResult::id, RuleResult::verdict));
    }

    private static String decisive(RunResult result, String rule) {
        return result.rules().stream().filter(r -> r.id().equals(rule)).findFirst().orElseThrow()
                .decisiveScenario().message();
    }
}
