package org.asynciotck.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.asynciotck.samplesteps.SampleImplementation;
import org.asynciotck.steps.RunScope;
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
        // the run's scope ends with it: outside a run this thread sees the default, not the sample one
        assertThat(RunScope.current().implementation().info().id()).isEqualTo("reference");
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

    @Test
    void aRunWhoseEngineBreaksDownGivesEverySelectedScenarioAnErrorThatSaysWhy() {
        RunResult result = new ConformanceRun(
                new RunConfiguration(new SampleImplementation("sample-1"), SAMPLE_FEATURES,
                        "org.asynciotck.brokenglue", null, out),
                RuleCatalogue.loadFromClasspath(SAMPLE_FEATURES), ScenarioListener.none()).execute();

        // Not an empty run: the six scenarios the features hold, each an error naming the cause.
        assertThat(result.scenarios()).hasSize(6).allSatisfy(scenario -> {
            assertThat(scenario.verdict()).isEqualTo(Verdict.ERROR);
            assertThat(scenario.message()).contains("the run-wide hook broke").contains("did not run");
        });
    }

    @Test
    void twoRunsInProgressAtOnceEachSeeOnlyTheirOwnImplementation(@TempDir Path otherOut) throws Exception {
        var bothInProgress = new java.util.concurrent.CountDownLatch(2);
        var pool = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            var first = pool.submit(() -> failureOf(new RunConfiguration(
                    new MeetingImplementation("first", bothInProgress), SAMPLE_FEATURES, SAMPLE_GLUE, null, out)));
            var second = pool.submit(() -> failureOf(new RunConfiguration(
                    new MeetingImplementation("second", bothInProgress), SAMPLE_FEATURES, SAMPLE_GLUE, null, otherOut)));

            // the failing sample scenario names the implementation its steps were given (SampleSteps)
            assertThat(first.get(60, java.util.concurrent.TimeUnit.SECONDS)).contains("first").doesNotContain("second");
            assertThat(second.get(60, java.util.concurrent.TimeUnit.SECONDS)).contains("second").doesNotContain("first");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aPluginNamedWithAKeyOfNoRunIsRefusedWithWhatToDo() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new org.asynciotck.steps.RunBinding("run-none"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("[run-none]").hasMessageContaining("named by the runner");
    }

    /**
     * A sample implementation that, once its run has started, waits (bounded) until the other run
     * has started too, so the two runs are certainly in progress at the same time.
     */
    private static final class MeetingImplementation implements org.asynciotck.spi.LoopImplementation {
        private final SampleImplementation sample;
        private final java.util.concurrent.CountDownLatch bothInProgress;
        private final java.util.concurrent.atomic.AtomicInteger asked = new java.util.concurrent.atomic.AtomicInteger();

        MeetingImplementation(String id, java.util.concurrent.CountDownLatch bothInProgress) {
            this.sample = new SampleImplementation(id);
            this.bothInProgress = bothInProgress;
        }

        @Override
        public org.asynciotck.spi.ImplementationInfo info() {
            // the first question is the run's constructor's; the next ones come from inside the run
            if (asked.incrementAndGet() == 2) {
                bothInProgress.countDown();
                try {
                    assertThat(bothInProgress.await(20, java.util.concurrent.TimeUnit.SECONDS))
                            .as("the other run started within 20 s").isTrue();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
            }
            return sample.info();
        }

        @Override
        public org.asynciotck.spi.LoopSession openSession() {
            return sample.openSession();
        }

        @Override
        public void close() {
            sample.close();
        }
    }

    private static String failureOf(RunConfiguration configuration) {
        RunResult result = new ConformanceRun(configuration, RuleCatalogue.loadFromClasspath(SAMPLE_FEATURES),
                ScenarioListener.none()).execute();
        return result.scenarios().stream().filter(s -> s.name().equals("It fails")).findFirst().orElseThrow().message();
    }
}
