package org.asynciotck.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.file.Path;
import org.asynciotck.runner.RuleCatalogue;

/**
 * The conformance.json importer ({@code matrix --from}) on hostile bytes: every input is merged or
 * refused by name with a bounded message; nothing else (no other exception, no endless read, no
 * unbounded memory) may come of it. Coverage-guided by Jazzer where the build fuzzes
 * (docs/untrusted-input.md, "Fuzzing"); in a plain test run, the seeds beside it and every input
 * it once found are replayed.
 */
class ConformanceImportFuzzTest {

    private static final Path FILE = Path.of("incoming", "conformance.json");
    private static final RuleCatalogue CATALOGUE = RuleCatalogue.loadFromClasspath("features");
    /** A refusal is one console line's worth: it names the file and the reason, never much of the text. */
    static final int MAX_REFUSAL_CHARS = 16 * 1024;

    @FuzzTest(maxDuration = "10s")
    void aFileIsMergedOrRefusedByName(byte[] bytes) {
        try {
            ConformanceImport.Imported imported = ConformanceImport.read(FILE, bytes, CATALOGUE);
            assertThat(imported.result().rules()).isNotNull();
            assertThat(imported.bytes()).isEqualTo(bytes);
        } catch (ConformanceImport.Refused refused) {
            assertThat(refused.getMessage()).startsWith(FILE + ": ");
            assertThat(refused.getMessage().length()).isLessThanOrEqualTo(MAX_REFUSAL_CHARS);
        }
    }
}
