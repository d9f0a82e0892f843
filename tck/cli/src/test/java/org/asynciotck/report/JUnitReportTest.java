package org.asynciotck.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.asynciotck.runner.RuleCatalogue;
import org.asynciotck.runner.RunResult;
import org.asynciotck.runner.Verdict;
import org.junit.jupiter.api.Test;

/** junit.xml tells what the kit's verdict tells: red exactly for what makes a run not conformant. */
class JUnitReportTest {

    private static RunResult run(boolean complete, RuleCatalogue catalogue) {
        return RunResult.of(ReportFixtures.info("loop-x"), List.of(
                ReportFixtures.scenario("passes", Verdict.PASS, "", "LOOP-1", "MUST"),
                ReportFixtures.scenario("fails", Verdict.FAIL, "[LOOP-2] loop-x: expected <a> & \u0001 b", "LOOP-2", "MUST"),
                ReportFixtures.scenario("n/a", Verdict.NOT_APPLICABLE, "not applicable: needs ready-queue", "LOOP-3",
                        "MUST"),
                ReportFixtures.scenario("crashes", Verdict.CRASHED, "crashed (signal 11)", "LOOP-4", "MUST"),
                ReportFixtures.scenario("times out", Verdict.TIMED_OUT, "timed out after 10s", "LOOP-5", "MUST"),
                ReportFixtures.scenario("blocked", Verdict.BLOCKED, "blocked: LIFE-1 hung", "LOOP-6", "MUST"),
                ReportFixtures.scenario("warns", Verdict.CRASHED, "crashed (signal 11)", "INIT-1", "SHOULD"),
                ReportFixtures.scenario("differs", Verdict.FAIL, "[ORDER-1] timers first", "ORDER-1", "INFO"),
                ReportFixtures.scenario("cut", Verdict.NOT_RUN, "not run: the run was interrupted", "LOOP-7", "MUST")),
                catalogue, complete);
    }

    @Test
    void eachRuleIsOneTestcaseWhoseOutcomeFollowsItsLevelAndVerdict() {
        JUnitXmlCheck xml = JUnitXmlCheck.read(JUnitReport.render(run(true, RuleCatalogue.of(Map.of())), "9.9"));

        assertThat(xml.outcomes()).containsExactlyInAnyOrderEntriesOf(Map.of(
                "LOOP-1", "passed", "LOOP-2", "failure", "LOOP-3", "skipped", "LOOP-4", "error", "LOOP-5", "error",
                "LOOP-6", "error", "INIT-1", "passed", "ORDER-1", "passed", "LOOP-7", "error"));
        assertThat(xml.messages()).containsEntry("LOOP-3", "not applicable: needs ready-queue")
                .containsEntry("LOOP-2", "[LOOP-2] loop-x: expected <a> & \\u0001 b")
                .containsEntry("LOOP-4", "crashed (signal 11)");
        assertThat(xml.count("tests")).isEqualTo(9);
        assertThat(xml.count("failures")).isEqualTo(1);
        assertThat(xml.count("errors")).isEqualTo(4);
        assertThat(xml.count("skipped")).isEqualTo(1);
        assertThat(xml.properties()).containsEntry("implementation", "loop-x").containsEntry("version", "1.2")
                .containsEntry("identity", "loop-x").containsEntry("kit_version", "9.9")
                .containsEntry("level.LOOP-2", "MUST").containsEntry("level.INIT-1", "SHOULD")
                .containsEntry("should-warning.INIT-1", "crashed: crashed (signal 11)")
                .containsEntry("info.ORDER-1", "info: differs").containsKey("profiles").containsKey("headline");
    }

    @Test
    void theTestcaseNamesTheRuleAndItsFamilyAndTheWarningIsInSystemOut() {
        String xml = JUnitReport.render(run(true, RuleCatalogue.of(Map.of())), "9.9");

        assertThat(xml).contains("classname=\"INIT\"")
                .contains("<system-out>SHOULD warning: SHOULD crashed\ncrashed: warns (features/loop.feature:12)")
                .contains("<system-out>observation: INFO info: differs");
    }

    @Test
    void rulesNotSelectedAreSkippedAndRulesACutRunNeverReachedAreErrors() {
        RuleCatalogue catalogue = RuleCatalogue.of(Map.of("features/loop.feature", """
                Feature: Loop
                  @LOOP-1 @MUST
                  Rule: One
                    Scenario: s
                      Given x
                  @LOOP-9 @MUST
                  Rule: Nine
                    Scenario: s
                      Given x
                """));

        assertThat(JUnitXmlCheck.read(JUnitReport.render(run(true, catalogue), "9.9")).outcomes())
                .containsEntry("LOOP-9", "skipped");
        assertThat(JUnitXmlCheck.read(JUnitReport.render(run(false, catalogue), "9.9")).outcomes())
                .containsEntry("LOOP-9", "error");
    }
}
