package org.asynciotck.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scenario that exploration writes for a shrunk program runs as is in the kit: it passes on the reference
 * loop and fails on the broken loop it was found on (done callbacks run newest first).
 */
class ExploredScenarioTest {

    private static final String FOLDER = "explored";

    @TempDir
    Path out;

    @Test
    void theWrittenScenarioPassesOnTheReferenceAndFailsOnTheBrokenLoop() throws Exception {
        String feature = ExploredScenarios.doneCallbacksInRegistrationOrder("order|done_callback|done_callback");
        Path folder = Path.of(getClass().getResource("/").toURI()).resolve(FOLDER);
        Files.createDirectories(folder);
        Files.writeString(folder.resolve("generated.feature"), feature);

        try (ReferenceImplementation reference = new ReferenceImplementation()) {
            assertThat(verdict(reference, "reference")).as(feature).isEqualTo(Verdict.PASS);
        }
        Path python = Path.of(System.getProperty("user.home"), ".pyenv/versions/3.12.1/bin/python3");
        assumeTrue(Files.isExecutable(python), "no CPython 3.12.1");
        Path gallery = Path.of(getClass().getResource("/gallery/broken_loops.py").toURI()).getParent();
        try (ProcessImplementation broken = new ProcessImplementation(AgentCommand.python(python).pythonPath(gallery)
                .loop("broken_loops:done_callbacks_reversed").operationTimeout(Duration.ofSeconds(10)).build())) {
            assertThat(verdict(broken, "broken")).as(feature).isEqualTo(Verdict.FAIL);
        }
    }

    private Verdict verdict(LoopImplementation implementation, String name) {
        var result = new ConformanceRun(new RunConfiguration(implementation, FOLDER,
                RunConfiguration.DEFAULT_GLUE_PACKAGE, null, out.resolve(name)),
                RuleCatalogue.loadFromClasspath(FOLDER), ScenarioListener.none()).execute();
        return result.rules().stream().filter(r -> r.id().equals("FUTURE-1")).map(RuleResult::verdict).findFirst()
                .orElseThrow(() -> new AssertionError("no FUTURE-1 in " + result.rules()));
    }
}
