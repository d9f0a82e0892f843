package org.asynciotck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.asynciotck.samplesteps.SampleImplementation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --baseline} and {@code baseline} on the sample features, where SAMPLE-2 fails,
 * SAMPLE-4 crashes (both MUST), SAMPLE-3 is not applicable and the INFO rule SAMPLE-5 fails.
 */
class GateCommandsTest {

    @TempDir
    Path folder;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        RunCommand.RunSettings sample =
                new RunCommand.RunSettings("samplefeatures", "org.asynciotck.samplesteps", folder.resolve("reports"));
        ImplementationFactory factory = new ImplementationFactory(Map.of(
                ImplementationOptions.REFERENCE, options -> new SampleImplementation("sample-ref")));
        return Main.execute(args, factory, sample, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private Path baseline(String rules) throws IOException {
        return Files.writeString(folder.resolve("baseline.json"),
                "{\"implementations\": {\"sample-ref\": {\"rules\": {" + rules + "}}}}");
    }

    private static final String SAMPLE_2 = "\"SAMPLE-2\": {\"verdict\": \"fail\", \"reason\": \"answers 42\"}";
    private static final String SAMPLE_4 = "\"SAMPLE-4\": {\"verdict\": \"crashed\", \"reason\": \"segfaults on 7\"}";

    @Test
    void aRunMatchingItsBaselinePassesAlthoughNotConformant() throws IOException {
        int code = run("run", "--baseline", baseline(SAMPLE_2 + ", " + SAMPLE_4).toString());

        assertThat(code).as(out + "\n" + err).isEqualTo(ExitCode.CONFORMANT);
        assertThat(out.toString()).contains("NOT CONFORMANT")
                .contains(": MATCHES for sample-ref (2 expected non-passing rules)")
                .doesNotContain("new failure: SAMPLE-5").doesNotContain("SAMPLE-5 fail"); // INFO is reported, never gated
    }

    @Test
    void aNewFailureFailsTheGateWithOneLine() throws IOException {
        int code = run("run", "--baseline", baseline(SAMPLE_4).toString());

        assertThat(code).isEqualTo(ExitCode.NOT_CONFORMANT);
        assertThat(out.toString()).contains("\nnew failure: SAMPLE-2 fail: [SAMPLE] sample-ref: expected 41, observed 42 "
                + "(samplefeatures/sample.feature:18)\n").contains("1 difference(s) for sample-ref");
    }

    @Test
    void anUnexpectedPassFailsTheGate() throws IOException {
        String sample1 = "\"SAMPLE-1\": {\"verdict\": \"crashed\", \"reason\": \"used to crash\"}";

        int code = run("run", "--baseline", baseline(SAMPLE_2 + ", " + SAMPLE_4 + ", " + sample1).toString());

        assertThat(code).isEqualTo(ExitCode.NOT_CONFORMANT);
        assertThat(out.toString()).contains("\nunexpected pass: SAMPLE-1 (baseline says crashed: used to crash)\n");
    }

    @Test
    void anotherProblemVerdictThanExpectedFailsTheGate() throws IOException {
        String sample4AsFail = "\"SAMPLE-4\": {\"verdict\": \"fail\", \"reason\": \"wrong answer on 7\"}";

        int code = run("run", "--baseline", baseline(SAMPLE_2 + ", " + sample4AsFail).toString());

        assertThat(code).isEqualTo(ExitCode.NOT_CONFORMANT);
        assertThat(out.toString()).containsPattern(
                "\nwrong verdict: SAMPLE-4 crashed: crashed \\(signal 11\\) on 7.* \\(baseline says fail: wrong answer on 7\\)\n");
    }

    @Test
    void anImplementationWithoutAnEntryMustPassEverything() throws IOException {
        Path other = Files.writeString(folder.resolve("other.json"), "{\"implementations\": {\"x\": {\"rules\": {}}}}");

        int code = run("run", "--baseline", other.toString());

        assertThat(code).isEqualTo(ExitCode.NOT_CONFORMANT);
        assertThat(out.toString()).contains("has no entry for sample-ref").contains("new failure: SAMPLE-2")
                .contains("new failure: SAMPLE-4");
    }

    @Test
    void aMalformedBaselineIsAOneLineUsageErrorBeforeAnythingRuns() throws IOException {
        Path broken = Files.writeString(folder.resolve("broken.json"), "{\"implementations\": ");

        int code = run("run", "--baseline", broken.toString());

        assertThat(code).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString().strip()).startsWith("asyncio-tck run: baseline [" + broken + "] is not valid JSON")
                .doesNotContain("\n");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void baselinePrintsWhatTheRunNeedsToPassAndTheGateAcceptsIt() throws IOException {
        assertThat(run("baseline", "--out", folder.resolve("r1").toString())).as(err.toString()).isZero();
        Path written = Files.writeString(folder.resolve("written.json"), out.toString());
        out.getBuffer().setLength(0);

        assertThat(written).content().contains("\"SAMPLE-2\"", "\"verdict\": \"fail\"",
                "\"reason\": \"expected 41, observed 42 (samplefeatures/sample.feature:18)\"", "\"SAMPLE-4\"")
                .doesNotContain("SAMPLE-5", "SAMPLE-1", "SAMPLE-3");
        assertThat(err.toString()).contains("NOT CONFORMANT").contains("2 non-passing rule(s)");
        assertThat(run("run", "--baseline", written.toString(), "--out", folder.resolve("r2").toString())).isZero();
    }

    @Test
    void baselineMergeReplacesOnlyThisImplementationAndKeepsHandWrittenReasons() throws IOException {
        Path existing = Files.writeString(folder.resolve("existing.json"), """
                {"implementations": {
                  "other-loop": {"rules": {"LOOP-1": {"verdict": "fail", "reason": "other"}}},
                  "sample-ref": {"rules": {
                    "SAMPLE-2": {"verdict": "fail", "reason": "written by hand"},
                    "SAMPLE-1": {"verdict": "fail", "reason": "fixed since"}}}}}
                """);

        assertThat(run("baseline", "--merge", existing.toString())).as(err.toString()).isZero();

        assertThat(out.toString()).contains("\"other-loop\"", "\"reason\": \"other\"",
                "\"reason\": \"written by hand\"", "\"SAMPLE-4\"").doesNotContain("SAMPLE-1", "fixed since");
    }
}
