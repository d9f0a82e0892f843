package org.asynciotck.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RuleAggregatorTest {

    static final RuleCatalogue CATALOGUE = RuleCatalogue.of(Map.of("features/loop.feature", """
            Feature: Ready queue
              @LOOP-1 @MUST
              Rule: Callbacks run in FIFO order
                Scenario: two callbacks
                  Given a loop

              @LOOP-2 @SHOULD
              Rule: Handles drop their callback on cancel
                Scenario: cancel
                  Given a loop
            """));

    static ScenarioResult scenario(String name, Verdict verdict, String... tags) {
        return new ScenarioResult(name, verdict, verdict == Verdict.PASS ? "" : "because", "features/loop.feature", 4,
                List.of(tags));
    }

    @Test
    void aRuleGetsTheWorstVerdictOfItsScenariosAndItsTitleFromTheCatalogue() {
        List<RuleResult> rules = RuleAggregator.aggregate(List.of(
                scenario("a", Verdict.PASS, "LOOP-1", "MUST"),
                scenario("b", Verdict.FAIL, "LOOP-1", "MUST"),
                scenario("c", Verdict.NOT_APPLICABLE, "LOOP-2", "SHOULD"),
                scenario("d", Verdict.NOT_APPLICABLE, "LOOP-2", "SHOULD")), CATALOGUE);

        assertThat(rules).extracting(RuleResult::id, RuleResult::title, RuleResult::level, RuleResult::verdict)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("LOOP-1", "Callbacks run in FIFO order", RuleLevel.MUST, Verdict.FAIL),
                        org.assertj.core.groups.Tuple.tuple("LOOP-2", "Handles drop their callback on cancel", RuleLevel.SHOULD,
                                Verdict.NOT_APPLICABLE));
        assertThat(rules.get(0).decisiveScenario().name()).isEqualTo("b");
    }

    @Test
    void scenariosWithoutARuleTagAreGroupedVisiblyAndCountAsMust() {
        List<RuleResult> rules = RuleAggregator.aggregate(List.of(scenario("x", Verdict.FAIL, "smoke")), CATALOGUE);

        assertThat(rules).singleElement().satisfies(rule -> {
            assertThat(rule.id()).isEqualTo(RuleAggregator.UNTAGGED);
            assertThat(rule.level()).isEqualTo(RuleLevel.MUST);
        });
    }

    @Test
    void conformanceIgnoresShouldAndInfoFailuresButNotMustOnesOrAnIncompleteRun() {
        var info = org.asynciotck.report.ReportFixtures.info("x");
        var shouldAndInfoFail = List.of(
                scenario("a", Verdict.PASS, "LOOP-1", "MUST"),
                scenario("b", Verdict.CRASHED, "LOOP-2", "SHOULD"),
                scenario("c", Verdict.FAIL, "LOOP-9", "INFO"));

        assertThat(RunResult.of(info, shouldAndInfoFail, CATALOGUE, true).conformant()).isTrue();
        assertThat(RunResult.of(info, shouldAndInfoFail, CATALOGUE, false).conformant()).isFalse();
        assertThat(RunResult.of(info, List.of(scenario("a", Verdict.TIMED_OUT, "LOOP-1", "MUST")), CATALOGUE, true)
                .conformant()).isFalse();
        assertThat(RunResult.of(info, List.of(scenario("a", Verdict.NOT_APPLICABLE, "LOOP-1", "MUST")), CATALOGUE, true)
                .conformant()).isTrue();
    }

    @Test
    void theCatalogueReadsIdLevelTitleFamilyAndLocationAndReportsBadRules() {
        RuleCatalogue catalogue = RuleCatalogue.of(Map.of("features/x.feature", """
                Feature: Family
                  @LOOP-1 @MUST
                  Rule: First
                    Scenario: s
                      Given a loop
                  @MUST
                  Rule: No ID
                    Scenario: s
                      Given a loop
                  @LOOP-1 @INFO
                  Rule: Duplicate
                    Scenario: s
                      Given a loop
                """));

        assertThat(catalogue.rules()).containsExactly(
                new CatalogueRule("LOOP-1", RuleLevel.MUST, "First", "Family", "features/x.feature", 3,
                        java.util.Set.of("@LOOP-1", "@MUST")));
        assertThat(catalogue.problems()).hasSize(2)
                .anySatisfy(p -> assertThat(p).startsWith("features/x.feature:7").contains("no rule ID tag"))
                .anySatisfy(p -> assertThat(p).startsWith("features/x.feature:11").contains("already used at features/x.feature:3"));
    }
}
