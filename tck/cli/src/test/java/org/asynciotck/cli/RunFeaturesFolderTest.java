package org.asynciotck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.asynciotck.runner.RunConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code asyncio-tck run --features DIR}: a scenario that exploration wrote runs as is, from a folder of files. */
class RunFeaturesFolderTest {

    @TempDir
    Path temp;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        String[] line = new String[args.length + 1];
        line[0] = "run";
        System.arraycopy(args, 0, line, 1, args.length);
        return Main.execute(line, ImplementationFactory.standard(),
                new RunCommand.RunSettings(RunConfiguration.DEFAULT_FEATURES_FOLDER, "org.asynciotck.steps",
                        temp.resolve("reports")), new PrintWriter(out, true), new PrintWriter(err, true));
    }

    @Test
    void anExploredScenarioRunsAsIsOnTheReferenceLoop() throws Exception {
        String feature = ExploredScenarios.doneCallbacksInRegistrationOrder("order|FUTURE-1");
        Path folder = Files.createDirectories(temp.resolve("explored/01-order-FUTURE-1"));
        Files.writeString(folder.resolve("scenario.feature"), feature);
        Path report = temp.resolve("report");

        int exit = run("--features", temp.resolve("explored").toString(), "--no-allure-html", "--out", report.toString());

        assertThat(exit).as("exit; out: %s err: %s", out, err).isEqualTo(ExitCode.CONFORMANT);
        JsonNode result = new ObjectMapper().readTree(report.resolve("conformance.json").toFile());
        assertThat(result.toString()).as("the written scenario's rule, and only it").contains("FUTURE-1")
                .doesNotContain("NTODO-3");
    }

    @Test
    void aFolderWithoutFeaturesIsAUsageError() throws Exception {
        Path empty = Files.createDirectories(temp.resolve("empty"));
        assertThat(run("--features", empty.toString(), "--no-allure-html")).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("no .feature file");
    }
}
