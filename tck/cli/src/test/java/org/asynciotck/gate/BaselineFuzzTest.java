package org.asynciotck.gate;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.file.Path;

/**
 * The baseline reader ({@code run --baseline}) on hostile bytes: a baseline, or a
 * {@link BaselineException} that names the file; nothing else may come of it (see
 * {@code ConformanceImportFuzzTest} for how the fuzz tests run).
 */
class BaselineFuzzTest {

    private static final Path FILE = Path.of("baselines", "hostile.json");

    @FuzzTest(maxDuration = "10s")
    void aFileIsABaselineOrRefusedByName(byte[] bytes) {
        try {
            Baseline baseline = BaselineJson.read(FILE, bytes);
            assertThat(baseline).isNotNull();
        } catch (BaselineException refused) {
            assertThat(refused.getMessage()).contains(FILE.toString());
        }
    }
}
