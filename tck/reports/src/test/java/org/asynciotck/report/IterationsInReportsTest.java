package org.asynciotck.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.asynciotck.runner.RuleCatalogue;
import org.asynciotck.runner.RuleLevel;
import org.asynciotck.runner.RuleResult;
import org.asynciotck.runner.RunResult;
import org.asynciotck.runner.ScenarioResult;
import org.asynciotck.runner.Verdict;
import org.asynciotck.spi.ApiLevel;
import org.asynciotck.spi.ImplementationInfo;
import org.asynciotck.spi.Operation.RunOnce.Via;
import org.asynciotck.steps.IterationDriver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which primitive drove one iteration is in conformance.json, on the certificate, and read back by matrix --from. */
class IterationsInReportsTest {

    private static final ImplementationInfo LOOP =
            new ImplementationInfo("loop-1", "Loop", "1.0", "3.12.1", ApiLevel.parse("3.12"), Set.of());
    private static final IterationDriver FALLBACK = new IterationDriver(Via.CALL_SOON_STOP, "stop-before-run <hung>");

    @TempDir
    Path folder;

    @Test
    void theFallbackIsShownAndReadBack() throws Exception {
        RuleResult life1 = new RuleResult("LIFE-1", "title", RuleLevel.MUST, Verdict.TIMED_OUT, List.of(new ScenarioResult(
                "s", Verdict.TIMED_OUT, "timed out", "features/00-run-lifecycle.feature", 37, List.of("LIFE-1", "MUST"))));
        RunResult plain = new RunResult(LOOP, List.of(life1), true);
        RunResult result = new RunResult(LOOP, plain.rules(), true, plain.coverage(), FALLBACK);

        ConformanceReport report = ConformanceReport.from(result, "0.1");
        String json = ReportJson.newMapper().writeValueAsString(report);
        assertThat(json).contains("\"iterations\":{\"driven_by\":\"call_soon_stop\",\"why\":\"stop-before-run <hung>\"}");
        assertThat(CertificateRenderer.render(result, "0.1"))
                .contains("One iteration driven by call_soon_stop: stop-before-run &lt;hung&gt;");

        Path file = folder.resolve("conformance.json");
        Files.writeString(file, json);
        RunResult imported = ConformanceImport.read(file, RuleCatalogue.loadFromClasspath("features")).result();
        assertThat(imported.iterations()).isEqualTo(FALLBACK);
    }

    @Test
    void aReportWithoutIterationsSaysNothingAboutThem() throws Exception {
        RunResult result = new RunResult(LOOP, List.of(), true);
        assertThat(ReportJson.newMapper().writeValueAsString(ConformanceReport.from(result, "0.1")))
                .doesNotContain("iterations");
        assertThat(CertificateRenderer.render(result, "0.1")).doesNotContain("One iteration driven by");
    }
}
