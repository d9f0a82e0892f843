package org.asynciotck.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.asynciotck.samplesteps.SampleImplementation;
import org.asynciotck.steps.CurrentImplementation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConformanceRunTest {

    static final String SAMPLE_FEATURES = "samplefeatures";
    static final String SAMPLE_GLUE = "org.asynciotck.samplesteps";

    @TempDir
    Path out;

    static RunConfiguration sampleConfiguration(String tags, Path out) {
        return new RunConfiguration(new SampleImplementation("sample-1"), SAMPLE_FEATURES, SAMPLE_GLUE, tags, out);
    }

    @Test
    void runsTheSampleFeaturesAndGivesOneVerdictPerScenario() {
        ConformanceRun run = new ConformanceRun(
                sampleConfiguration(null, out), RuleCatalogue.loadFromClasspath(SAMPLE_FEATURES), ScenarioListener.none());

        RunResult result = run.execute();

        Map<String, Verdict> byName = result.scenarios().stream()
                .collect(Collectors.toMap(ScenarioResult::name, ScenarioResult::verdict));
        assertThat(byName).containsEntry("It passes", Verdict.PASS)
                .containsEntry("It fails", Verdict.FAIL)
                .containsEntry("It is not applicable", Verdict.NOT_APPLICABLE)
                .containsEntry("It fails but only informs", Verdict.FAIL);
        assertThat(byName).containsEntry("It crashes on 7", Verdict.CRASHED).hasSize(6);
        assertThat(result.complete()).isTrue();
        assertThat(run.snapshot().complete()).isFalse();
        assertThat(result.rules()).extracting(RuleResult::id)
                .containsExactly("SAMPLE-1", "SAMPLE-2", "SAMPLE-3", "SAMPLE-4", "SAMPLE-5");
        // the run hands the implementation back: what remains is the default, not the sample one
        assertThat(CurrentImplementation.get().info().id()).isEqualTo("reference");
        CurrentImplementation.clear();
    }

    @Test
    void aTagExpressionRemovesUnselectedScenariosFromTheRun() {
        List<Integer> totals = new java.util.ArrayList<>();
        ConformanceRun run = new ConformanceRun(sampleConfiguration("@SAMPLE-2 and not @INFO", out),
                RuleCatalogue.loadFromClasspath(SAMPLE_FEATURES), (result, finished, total) -> totals.add(total));

        RunResult result = run.execute();

        assertThat(result.scenarios()).extracting(ScenarioResult::name, ScenarioResult::line)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("It passes too", 14),
                        org.assertj.core.groups.Tuple.tuple("It fails", 18));
        assertThat(totals).containsOnly(2);
    }
}
