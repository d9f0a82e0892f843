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
    void aFeatureThatDoesNotParseIsTheUsersInput_refusedBeforeAnythingRuns_withItsControlsEscaped() throws Exception {
        // issue 27, case 4: it used to reach JUnit's logger raw (ESC, OSC, BEL, U+202E, NUL) and end in exit 4
        Path folder = Files.createDirectories(temp.resolve("hostile"));
        Files.writeString(folder.resolve("bad.feature"), "Feature: x\n  Scenario: \u001b]0;owned\u0007 \u202e bad\n"
                + "    Given a fresh event loop\n  garbage \u001b[31mRED\u0000 line\n");
        Path report = temp.resolve("report");

        int exit = run("--features", folder.toString(), "--no-allure-html", "--out", report.toString());

        assertThat(exit).as("exit; err: %s", err).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("not Gherkin, nothing was run").contains("bad.feature: (4:3)")
                .doesNotContain("\u001b").doesNotContain("\u0007").doesNotContain("\u202e").doesNotContain("\u0000");
        assertThat(report.resolve("conformance.json")).doesNotExist();
    }

    @Test
    void aFeatureLinkedToAnotherFileIsRefusedWithoutShowingThatFile() throws Exception {
        // issue 27, case 3: a link to a secret was followed and every line of it printed as parse errors
        Path secret = Files.writeString(temp.resolve("shadow"), "root:$6$secret-hash:19000:0:99999:7:::\n");
        Path folder = Files.createDirectories(temp.resolve("linked"));
        Files.createSymbolicLink(folder.resolve("a.feature"), secret);

        int exit = run("--features", folder.toString(), "--no-allure-html", "--out", temp.resolve("r").toString());

        assertThat(exit).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("a.feature is a link or not a regular file").doesNotContain("secret-hash")
                .doesNotContain("root:");
    }

    @Test
    void whatTheLoopSaidCannotAddAScenarioToTheFeatureExplorationWrites() throws Exception {
        // issue 27, case 2: a loop that rewrote a callback's label got raw newlines into scenario.feature, and
        // run --features then ran the injected scenario too ("MUST 2/2 passed; 2 of 1 rules checked")
        String injected = "'d3\n\n  Scenario: injected\n    Given a fresh event loop\n    Then it answers true\u0000"
                + "\u001b[2J\u202e' (done_callback) expected in run 1";
        String feature = ExploredScenarios.doneCallbacksInRegistrationOrder("order|FUTURE-1\r\n  Scenario: x", injected);
        assertThat(feature.chars().filter(c -> c < 0x20 && c != '\n' || c == 0x202e)).isEmpty();
        assertThat(feature.lines().filter(line -> line.strip().startsWith("Scenario:"))).hasSize(1);
        Path folder = Files.createDirectories(temp.resolve("explored/01-order-FUTURE-1"));
        Files.writeString(folder.resolve("scenario.feature"), feature);
        Path report = temp.resolve("report");

        int exit = run("--features", temp.resolve("explored").toString(), "--no-allure-html", "--no-explore", "--out",
                report.toString());

        assertThat(exit).as("exit; out: %s err: %s", out, err).isEqualTo(ExitCode.CONFORMANT);
        JsonNode result = new ObjectMapper().readTree(report.resolve("conformance.json").toFile());
        assertThat(result.toString()).doesNotContain("injected");
        assertThat(out.toString()).doesNotContain("2 of 1");
    }

    @Test
    void aScenarioOfNoRuleIsRefusedBeforeAnythingRuns_neverCountedAsARuleTheFilesDoNotDeclare() throws Exception {
        // issue 27, case 10: an untagged scenario got "MUST 1/1 passed; 1 of 0 rules checked", CONFORMANT
        Path outside = Files.createDirectories(temp.resolve("outside"));
        Files.writeString(outside.resolve("a.feature"), "Feature: f\n\n  Scenario: outside every rule\n"
                + "    Given a fresh event loop\n");
        Path untagged = Files.createDirectories(temp.resolve("untagged"));
        Files.writeString(untagged.resolve("b.feature"), "Feature: f\n\n  Rule: no tags\n"
                + "    Scenario: in a rule without ID or level\n      Given a fresh event loop\n");

        StringBuilder said = new StringBuilder();
        for (Path folder : new Path[] {outside, untagged}) {
            Path report = temp.resolve("report-" + folder.getFileName());
            err.getBuffer().setLength(0);

            int exit = run("--features", folder.toString(), "--no-allure-html", "--out", report.toString());

            assertThat(exit).as("exit; err: %s", err).isEqualTo(ExitCode.USAGE);
            assertThat(err.toString()).contains("its rules are not declared as the kit needs them, nothing was run")
                    .contains("no Rule with an ID and a level tag");
            assertThat(report.resolve("conformance.json")).doesNotExist();
            said.append(err);
        }
        assertThat(said.toString()).contains("a.feature:3: Scenario 'outside every rule' is outside every Rule")
                .contains("b.feature:3: Rule 'no tags' has no rule ID tag like @LOOP-1");
    }

    @Test
    void aFeatureFileLargerThanAFeatureMayBeIsRefusedUnread() throws Exception {
        // issue 27: every file the kit reads whole is bounded (a sparse file: nothing of it is written to disk)
        Path folder = Files.createDirectories(temp.resolve("huge"));
        try (java.io.RandomAccessFile file = new java.io.RandomAccessFile(folder.resolve("a.feature").toFile(), "rw")) {
            file.setLength(RunCommand.MAX_FEATURE_BYTES + 1);
        }

        int exit = run("--features", folder.toString(), "--no-allure-html", "--out", temp.resolve("r").toString());

        assertThat(exit).as("exit; err: %s", err).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("a.feature is larger than the " + RunCommand.MAX_FEATURE_BYTES);
    }

    @Test
    void aFolderWithoutFeaturesIsAUsageError() throws Exception {
        Path empty = Files.createDirectories(temp.resolve("empty"));
        assertThat(run("--features", empty.toString(), "--no-allure-html")).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("no .feature file");
    }
}
