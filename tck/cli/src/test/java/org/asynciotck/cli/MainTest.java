package org.asynciotck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.asynciotck.samplesteps.SampleImplementation;
import org.asynciotck.spi.ImplementationFailure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MainTest {

    @TempDir
    Path reports;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(ImplementationFactory factory, String... args) {
        RunCommand.RunSettings sample = new RunCommand.RunSettings("samplefeatures", "org.asynciotck.samplesteps", reports);
        return Main.execute(args, factory, sample, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private int run(String... args) {
        return run(new ImplementationFactory(Map.of(
                ImplementationOptions.REFERENCE, options -> new SampleImplementation("sample-ref"))), args);
    }

    @Test
    void junitWritesTheKitsVerdictsWhereCiExpectsThemAFailureForTheWrongAnswerAnErrorForTheCrash() throws IOException {
        Path junit = reports.resolve("ci/test-results/asyncio-tck.xml");

        int code = run("run", "--junit", junit.toString());

        assertThat(code).as(err.toString()).isEqualTo(ExitCode.NOT_CONFORMANT);
        org.asynciotck.report.JUnitXmlCheck xml = org.asynciotck.report.JUnitXmlCheck.read(Files.readString(junit));
        assertThat(xml.outcomes()).containsExactlyInAnyOrderEntriesOf(Map.of("SAMPLE-1", "passed",
                "SAMPLE-2", "failure", "SAMPLE-3", "skipped", "SAMPLE-4", "error", "SAMPLE-5", "passed"));
        assertThat(reports.resolve("sample-ref/junit.xml")).hasSameTextualContentAs(junit);
        assertThat(out.toString()).contains("junit.xml, cucumber.html, cucumber-scenarios.junit (Cucumber's JUnit XML, per scenario)");
    }

    @Test
    void junitRefusesAFolder() {
        assertThat(run("run", "--junit", reports.toString())).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("bad --junit [" + reports + "]: it is a folder");
    }

    @Test
    void aRunWithAFailingMustRuleExitsOneAndWritesAllReports() throws IOException {
        int code = run("run");

        assertThat(code).as(err.toString()).isEqualTo(ExitCode.NOT_CONFORMANT);
        Path folder = reports.resolve("sample-ref");
        assertThat(folder.resolve("conformance.json")).isRegularFile();
        assertThat(folder.resolve("certificate.html")).isRegularFile();
        assertThat(folder.resolve("badge.svg")).isRegularFile();
        assertThat(folder.resolve("cucumber.html")).isRegularFile();
        assertThat(folder.resolve("cucumber-scenarios.junit")).isRegularFile();
        try (var xml = Files.list(folder)) { // a CI collecting **/*.xml finds the kit's verdict alone
            assertThat(xml.map(p -> p.getFileName().toString()).filter(name -> name.endsWith(".xml")))
                    .containsExactly("junit.xml");
        }
        JsonNode json = new ObjectMapper().readTree(folder.resolve("conformance.json").toFile());
        assertThat(json.at("/complete").asBoolean()).isTrue();
        assertThat(json.at("/summary/must_failures").asInt()).isEqualTo(2); // SAMPLE-2 fail, SAMPLE-4 crashed
        assertThat(json.at("/rules/3/scenarios/0/name").asText()).isEqualTo("It crashes on 7");
        assertThat(json.at("/rules/3/scenarios/0/line").asInt()).isEqualTo(39);
        assertThat(json.at("/rules/4/title").asText()).isEqualTo("An informational rule <b>with markup</b>");
        assertThat(out.toString())
                .contains("sample-ref (Sample <loop> & co 1.0, API level 3.12): NOT CONFORMANT, MUST 1/3 passed; ")
                .contains("SAMPLE-2 fail: [SAMPLE] sample-ref: expected 41, observed 42 (samplefeatures/sample.feature:18)")
                .contains("SAMPLE-4 crashed: crashed (signal 11) on 7")
                .doesNotContain("SHOULD warnings").doesNotContain("SAMPLE-3 ");
        assertThat(err.toString()).contains("scenarios 6/6, failures 2");
        assertThat(Files.readString(folder.resolve("certificate.html")))
                .contains("<p class=\"outcome not-conformant\">NOT CONFORMANT - MUST 1/3 passed")
                .contains("<tr><th>Capabilities</th><td>ready-queue</td></tr>");
    }

    @Test
    void aRunWhoseMustRulesAllPassExitsZero() {
        int code = run("run", "--tags", "@SAMPLE-1 or @SAMPLE-3 or @INFO", "--out", reports.resolve("x").toString());

        assertThat(code).as(err.toString()).isEqualTo(ExitCode.CONFORMANT);
        assertThat(out.toString()).contains("CONFORMANT, MUST 1/1 passed; ")
                .contains(" not run: SAMPLE-2, SAMPLE-4");
        assertThat(readCertificate(reports.resolve("x"))).contains("<p class=\"outcome conformant\">CONFORMANT - ");
    }

    private static String readCertificate(Path folder) {
        try {
            return Files.readString(folder.resolve("certificate.html"));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void aTagExpressionThatSelectsNothingIsAUsageError() {
        assertThat(run("run", "--tags", "@NOPE-1")).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("no scenario was selected by --tags @NOPE-1");
    }

    @Test
    void aBadTagExpressionIsRejectedBeforeAnythingStarts() {
        ImplementationFactory mustNotBeCalled = new ImplementationFactory(Map.of(
                ImplementationOptions.REFERENCE, options -> {
                    throw new AssertionError("the implementation must not be started for a bad tag expression");
                }));

        assertThat(run(mustNotBeCalled, "run", "--tags", "@MUST and")).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).startsWith("asyncio-tck run: bad tag expression [@MUST and]").doesNotContain("\n\n");
    }

    @Test
    void anUnknownOrContradictoryProfileIsRefusedBeforeAnythingStarts() {
        ImplementationFactory mustNotBeCalled = new ImplementationFactory(Map.of(
                ImplementationOptions.REFERENCE, options -> {
                    throw new AssertionError("the implementation must not be started for a bad --profile");
                }));

        assertThat(run(mustNotBeCalled, "run", "--profile", "made-up")).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("bad --profile: unknown profile [made-up]; the valid profiles are "
                + String.join(", ", org.asynciotck.spi.Profile.names()));
        assertThat(run(mustNotBeCalled, "run", "--profile", "synchronous-dispatch,deferred-dispatch"))
                .isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("are both future dispatch profiles; declare one of them");
    }

    @Test
    void theHelpOfProfileListsEveryProfile() {
        assertThat(UserProfiles.HELP).contains("one of: " + String.join(", ", org.asynciotck.spi.Profile.names()) + " (");
    }

    @Test
    void anUnknownImplementationIsAUsageErrorNamingTheChoices() {
        assertThat(run("run", "--impl", "jython")).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("unknown implementation [jython]: use --impl reference, reference-sync, python, process");
    }

    @Test
    void anImplementationMissingFromThisBuildIsAUsageError() {
        assertThat(run("run", "--impl", "python")).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("implementation 'python' is not available in this build");
    }

    @Test
    void optionsOfAnotherImplementationAreAUsageError() {
        assertThat(run("run", "--impl", "reference", "--python", "/usr/bin/python3")).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("--python does not apply to --impl reference");
    }

    @Test
    void anUnwritableOutputFolderIsAUsageError() throws IOException {
        Path file = Files.writeString(reports.resolve("a-file"), "not a folder");

        assertThat(run("run", "--out", file.resolve("sub").toString())).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("is not writable").contains("pass --out with a folder you can write to");
    }

    @Test
    void anUnknownOptionIsAOneLineUsageError() {
        assertThat(run("run", "--colour")).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString().strip()).doesNotContain("\n").contains("Unknown option: '--colour'");
    }

    @Test
    void anImplementationThatCannotStartExitsThree() {
        ImplementationFactory crashing = new ImplementationFactory(Map.of(ImplementationOptions.REFERENCE, options -> {
            throw new ImplementationFailure(ImplementationFailure.Kind.CRASHED, "agent exited with 127", "not found");
        }));

        assertThat(run(crashing, "run")).isEqualTo(ExitCode.IMPLEMENTATION_NOT_STARTED);
        assertThat(err.toString()).contains("implementation 'reference' could not be started: agent exited with 127");
    }

    @Test
    void helpListsTheExitCodes() {
        assertThat(run("run", "--help")).isZero();
        assertThat(out.toString()).contains("Exit codes:").contains("3   the implementation could not be started");
    }

    @Test
    void rulesListsTheCatalogue() {
        assertThat(run("rules")).isZero();
        assertThat(out.toString())
                .contains("SAMPLE-2   MUST   Sample family: A failing rule (samplefeatures/sample.feature:12)")
                .contains("5 rules");
    }
}
