package org.asynciotck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.asynciotck.runner.ScenarioResult;
import org.asynciotck.runner.Verdict;
import org.asynciotck.samplesteps.SampleImplementation;
import org.asynciotck.untrusted.SanitisingPrintWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The program's name, --version, suggestions, one Allure default, progress and colour. */
class CliPolishTest {

    private static final String ESC = "\u001b";

    @TempDir
    Path reports;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(PrintWriter outWriter, PrintWriter errWriter, String... args) {
        RunCommand.RunSettings sample = new RunCommand.RunSettings("samplefeatures", "org.asynciotck.samplesteps", reports);
        ImplementationFactory factory = new ImplementationFactory(Map.of(
                ImplementationOptions.REFERENCE, options -> new SampleImplementation("sample-ref")));
        return Main.execute(args, factory, sample, outWriter, errWriter);
    }

    private int run(String... args) {
        return run(new PrintWriter(out, true), new PrintWriter(err, true), args);
    }

    @ParameterizedTest
    @ValueSource(strings = {"run", "baseline", "matrix", "docs", "rules", "implementations"})
    void everyCommandPrintsTheVersion(String command) {
        assertThat(run(command, "--version")).isZero();
        assertThat(out.toString()).startsWith("asyncio-tck ");
    }

    @Test
    void anUnknownCommandSuggestsTheNearestOneAndNamesTheProgram() {
        assertThat(run("rnu")).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).startsWith("asyncio-tck: ").contains("did you mean 'asyncio-tck run'?")
                .contains("(see 'asyncio-tck --help')");
    }

    @Test
    void anUnknownOptionSuggestsTheNearestOption() {
        assertThat(run("run", "--tag", "@SAMPLE-1")).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).startsWith("asyncio-tck run: ").contains("did you mean '--tags'");
    }

    @Test
    void runAndMatrixBothAcceptBothAllureOptions() {
        for (String allure : List.of("--allure-html", "--no-allure-html")) {
            assertThat(run("matrix", "--impl", "reference", "--tags", "@SAMPLE-1", allure, "--out", reports.toString()))
                    .as(allure + ": " + err).isZero();
            assertThat(run("run", "--tags", "@SAMPLE-1", allure)).as(allure + ": " + err).isZero();
        }
    }

    @Test
    void onATerminalTheProgressLineNamesTheRunningScenarioAndEachFailureGetsALineAsItHappens() {
        StringWriter console = new StringWriter();
        ConsoleProgress progress = new ConsoleProgress(new SanitisingPrintWriter(console, true, true), true);

        progress.scenarioStarted("SAMPLE-1", "It passes", 1, 2);
        assertThat(console.toString()).isEqualTo("\r[1/2] SAMPLE-1 It passes | failures 0");
        progress.scenarioFinished(scenario("It passes", Verdict.PASS, "", "SAMPLE-1", "MUST"), 1, 2);
        progress.scenarioStarted("SAMPLE-2", "It fails", 2, 2);
        progress.scenarioFinished(scenario("It fails", Verdict.CRASHED, "crashed " + ESC + "[2J (signal 11)\nstderr",
                "SAMPLE-2", "MUST"), 2, 2);

        String shown = console.toString();
        assertThat(shown).contains("\r[2/2] SAMPLE-2 It fails | failures 0")
                .contains("  " + ESC + "[31mSAMPLE-2 crashed" + ESC + "[0m: crashed \\u001b[2J (signal 11) "
                        + "(features/sample.feature:7)\n")
                .endsWith(ESC + "[31mscenarios 2/2, failures 1" + ESC + "[0m\n")
                .doesNotContain(ESC + "[2J");
    }

    @Test
    void inALogEachFailureIsListedAndEveryTenthScenarioCounted() {
        StringWriter log = new StringWriter();
        ConsoleProgress progress = new ConsoleProgress(new SanitisingPrintWriter(log), false);
        for (int i = 1; i <= 10; i++) {
            progress.scenarioStarted("SAMPLE-1", "s" + i, i, 11);
            progress.scenarioFinished(scenario("s" + i, i == 3 ? Verdict.FAIL : Verdict.PASS, "expected 1, observed 2",
                    "SAMPLE-1", "MUST"), i, 11);
        }
        progress.scenarioFinished(scenario("w", Verdict.FAIL, "late", "SAMPLE-3", "SHOULD"), 11, 11);

        assertThat(log.toString()).isEqualTo("  SAMPLE-1 fail: expected 1, observed 2 (features/sample.feature:7)\n"
                + "scenarios 10/11, failures 1\n"
                + "  SAMPLE-3 fail (SHOULD warning): late (features/sample.feature:7)\n"
                + "scenarios 11/11, failures 1, warnings 1\n");
    }

    @Test
    void colourOnlyOnATerminalAndNeverWithNoColor() {
        StringWriter coloured = new StringWriter();
        assertThat(run(new SanitisingPrintWriter(coloured, true, true), new PrintWriter(err, true),
                "run", "--tags", "@SAMPLE-1", "--no-allure-html")).isZero();
        assertThat(coloured.toString()).contains(ESC + "[32mCONFORMANT" + ESC + "[0m");

        StringWriter plain = new StringWriter();
        assertThat(run(new SanitisingPrintWriter(plain, true, true), new PrintWriter(err, true),
                "run", "--tags", "@SAMPLE-1", "--no-allure-html", "--no-color")).isZero();
        assertThat(plain.toString()).contains("CONFORMANT").doesNotContain(ESC);

        StringWriter notATerminal = new StringWriter();
        assertThat(run(new SanitisingPrintWriter(notATerminal, false, true), new PrintWriter(err, true),
                "run", "--tags", "@SAMPLE-1", "--no-allure-html")).isZero();
        assertThat(notATerminal.toString()).contains("CONFORMANT").doesNotContain(ESC);
    }

    private static ScenarioResult scenario(String name, Verdict verdict, String message, String... tags) {
        return new ScenarioResult(name, verdict, message, "features/sample.feature", 7, List.of(tags));
    }
}
