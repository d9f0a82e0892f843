package org.asynciotck.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.asynciotck.runner.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BaselineJsonTest {

    @TempDir
    Path folder;

    private Path file(String json) throws IOException {
        return Files.writeString(folder.resolve("baseline.json"), json);
    }

    @Test
    void readsTheDocumentedFormat() throws Exception {
        Baseline baseline = Baseline.read(file("""
                {"implementations": {
                  "uvloop-0.23.0-py3.11": {"rules": {
                    "NTODO-4": {"verdict": "fail", "reason": "stop() takes effect one batch later"},
                    "INIT-1": {"verdict": "crashed", "reason": "C Task, errata E-12"}}},
                  "reference": {"rules": {}}}}
                """));

        assertThat(baseline.of("reference")).contains(ImplementationBaseline.allPass());
        assertThat(baseline.of("uvloop-0.23.0-py3.11").orElseThrow().rules())
                .containsExactly(Map.entry("INIT-1", new ExpectedVerdict(Verdict.CRASHED, "C Task, errata E-12")),
                        Map.entry("NTODO-4", new ExpectedVerdict(Verdict.FAIL, "stop() takes effect one batch later")));
        assertThat(baseline.of("cpython-3.12.1-c")).isEmpty();
    }

    @Test
    void whatIsWrittenReadsBackTheSame() throws Exception {
        Baseline baseline = Baseline.empty().with("loop-1", new ImplementationBaseline(Map.of(
                "LOOP-10", new ExpectedVerdict(Verdict.TIMED_OUT, "slow"),
                "LOOP-9", new ExpectedVerdict(Verdict.ERROR, "agent error"))));
        StringWriter json = new StringWriter();

        baseline.write(json);

        assertThat(json.toString()).contains("\"verdict\": \"timed-out\"");
        assertThat(json.toString().indexOf("LOOP-9")).isLessThan(json.toString().indexOf("LOOP-10"));
        assertThat(Baseline.read(file(json.toString()))).isEqualTo(baseline);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "not JSON          | {\"implementations\": {       | is not valid JSON:",
        "trailing text     | {\"implementations\": {}} x   | is not valid JSON:",
        "no top level      | {}                            | the top-level \"implementations\" object is missing",
        "typo in a field   | {\"implementations\": {\"a\": {\"rules\": {\"INIT-1\": {\"verdit\": \"fail\", \"reason\": \"r\"}}}}} | has an unknown field \"verdit\"",
        "no rules object   | {\"implementations\": {\"a\": {}}}  | implementation \"a\" has no \"rules\" object",
        "pass is expected  | {\"implementations\": {\"a\": {\"rules\": {\"INIT-1\": {\"verdict\": \"pass\", \"reason\": \"r\"}}}}} | verdict [pass] is not one a baseline can expect; use one of crashed, timed-out, error, fail",
        "unknown verdict   | {\"implementations\": {\"a\": {\"rules\": {\"INIT-1\": {\"verdict\": \"segv\", \"reason\": \"r\"}}}}} | verdict [segv]",
        "no reason         | {\"implementations\": {\"a\": {\"rules\": {\"INIT-1\": {\"verdict\": \"fail\"}}}}} | rule \"INIT-1\": \"reason\" is missing or blank",
        "not a rule ID     | {\"implementations\": {\"a\": {\"rules\": {\"init 1\": {\"verdict\": \"fail\", \"reason\": \"r\"}}}}} | rule \"init 1\": not a rule ID",
        "rules is a list   | {\"implementations\": {\"a\": {\"rules\": []}}} | is not a baseline:",
    })
    void aMalformedFileIsOneLineNamingTheFileAndTheProblem(String what, String json, String problem) throws IOException {
        Path file = file(json);

        assertThatThrownBy(() -> Baseline.read(file)).isInstanceOf(BaselineException.class)
                .hasMessageStartingWith("baseline [" + file + "] ")
                .hasMessageContaining(problem)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void aMissingFileIsNamed() {
        Path missing = folder.resolve("nope.json");

        assertThatThrownBy(() -> Baseline.read(missing))
                .hasMessage("baseline [" + missing + "] does not exist: give the path of a baseline file (docs/baseline.md)");
    }

    @Test
    void aFileLargerThanABaselineMayBeIsRefusedUnread() throws IOException {
        // issue 27: every file the kit reads whole is bounded (a sparse file: no 16 MiB written to disk)
        Path huge = folder.resolve("huge.json");
        try (java.io.RandomAccessFile file = new java.io.RandomAccessFile(huge.toFile(), "rw")) {
            file.setLength(BaselineJson.MAX_BYTES + 1);
        }

        assertThatThrownBy(() -> Baseline.read(huge)).isInstanceOf(BaselineException.class)
                .hasMessageContaining("huge.json").hasMessageContaining("more than the " + BaselineJson.MAX_BYTES);
    }

    @Test
    void anEmptyFileHintsAtTheRedirectionThatEmptiedIt() throws IOException {
        Path empty = file("");

        assertThatThrownBy(() -> Baseline.read(empty)).hasMessageContaining("is empty (was it the target of a '>'");
    }
}
