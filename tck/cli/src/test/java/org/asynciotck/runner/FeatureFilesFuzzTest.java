package org.asynciotck.runner;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The feature loader ({@code run --features DIR}) on hostile files: a file either parses, and its
 * rules are read into a catalogue with their problems listed, or its parse errors are listed; the
 * loader itself never throws (see {@code ConformanceImportFuzzTest} for how the fuzz tests run).
 */
class FeatureFilesFuzzTest {

    private static final String NAME = "hostile.feature";

    @FuzzTest(maxDuration = "10s")
    void aFileParsesIntoRulesOrListsWhyNot(byte[] text) {
        List<String> errors = RuleCatalogue.parseErrors(NAME, text);
        errors.forEach(error -> assertThat(error).startsWith(NAME + ": "));
        if (errors.isEmpty()) {
            RuleCatalogue catalogue = RuleCatalogue.of(Map.of(NAME, new String(text, StandardCharsets.UTF_8)));
            catalogue.rules().forEach(rule -> assertThat(rule.id()).isNotBlank());
            assertThat(catalogue.problems()).doesNotContainNull();
        }
    }
}
