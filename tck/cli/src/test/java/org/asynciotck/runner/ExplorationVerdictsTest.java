package org.asynciotck.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.asynciotck.exploration.Exploration;
import org.asynciotck.exploration.ExplorationBudget;
import org.asynciotck.exploration.ExplorationFinding;
import org.asynciotck.spi.ApiLevel;
import org.asynciotck.spi.ImplementationInfo;
import org.asynciotck.spi.Profiles;
import org.junit.jupiter.api.Test;

/** The exploration stage's findings become failures of the rules they name, where those rules apply. */
class ExplorationVerdictsTest {

    private static final RuleCatalogue CATALOGUE = RuleCatalogue.of(Map.of("features/t.feature", """
            Feature: Order
              @NTODO-3 @MUST
              Rule: FIFO
                Scenario: order
                  Given a loop

              @TASK-1 @MUST
              Rule: Tasks
                Scenario: task
                  Given a loop

              @HANDLE-2 @SHOULD
              Rule: Ready queue
                Scenario: length
                  Given a loop

              @IO-3 @MUST
              Rule: Removing a reader
                Scenario: remove
                  Given a loop

              @TIMER-6 @INFO
              Rule: Timers
                Scenario: info
                  Given a loop

              @EXPLORE-1 @MUST
              Rule: Generated programs
                Scenario: explore
                  Given a loop
            """));

    private static final ImplementationInfo LOOP = new ImplementationInfo(
            "loop-x", "Loop X", "1", "", ApiLevel.parse("3.12"), Set.of(), Profiles.stock());

    private static ScenarioResult scenario(String rule, String level, Verdict verdict) {
        return new ScenarioResult(rule + " scenario", verdict, verdict == Verdict.PASS ? "" : "why", "features/t.feature",
                4, List.of(rule, level));
    }

    private static ExplorationFinding finding(String rule, int count) {
        return new ExplorationFinding(rule, "the ready queue is first in, first out", "<b>c2</b> before c1", count, 7, 3,
                "exploration/01-order/scenario.feature", "exploration/01-order/replay.py", false);
    }

    private static Exploration explored(ExplorationFinding... findings) {
        return new Exploration(ExplorationBudget.DEFAULT, Exploration.State.RAN, "", 300, false, List.of(findings),
                Set.of("NTODO-3", "TASK-1", "TIMER-6"));
    }

    private static final List<ScenarioResult> PASSING = List.of(scenario("NTODO-3", "MUST", Verdict.PASS),
            scenario("HANDLE-2", "SHOULD", Verdict.NOT_APPLICABLE), scenario("TIMER-6", "INFO", Verdict.PASS),
            scenario("TASK-1", "MUST", Verdict.PASS), scenario("EXPLORE-1", "MUST", Verdict.PASS));

    @Test
    void aFindingFailsItsRuleAtTheRulesLevelWithTheEvidenceInItsMessage() {
        ExplorationVerdicts.Merged merged = ExplorationVerdicts.of(explored(finding("NTODO-3", 12)), PASSING, CATALOGUE,
                "loop-x");

        assertThat(merged.findings()).singleElement().satisfies(failure -> {
            assertThat(failure.verdict()).isEqualTo(Verdict.FAIL);
            assertThat(failure.ruleId()).contains("NTODO-3");
            assertThat(failure.level()).contains(RuleLevel.MUST);
            assertThat(failure.message()).startsWith("[NTODO-3] loop-x: expected the ready queue is first in, first out")
                    .contains("in 12 of the 300 generated programs", "program 7 of seed 1", "shrunk to 3 steps",
                            "exploration/01-order/scenario.feature", "exploration/01-order/replay.py");
        });
        assertThat(merged.exploration().findings()).singleElement().extracting(ExplorationFinding::counted)
                .isEqualTo(true);

        List<ScenarioResult> all = new ArrayList<>(PASSING);
        all.addAll(merged.findings());
        RunResult result = RunResult.of(LOOP, all, CATALOGUE, true, null,
                merged.exploration());
        assertThat(result.mustFailures()).extracting(RuleResult::id).containsExactly("NTODO-3");
        assertThat(result.conformant()).isFalse();
    }

    @Test
    void aFindingOfAnInfoRuleStaysInfo() {
        ExplorationVerdicts.Merged merged = ExplorationVerdicts.of(explored(finding("TIMER-6", 1)), PASSING, CATALOGUE,
                "loop-x");

        assertThat(merged.findings()).singleElement().satisfies(failure ->
                assertThat(failure.level()).contains(RuleLevel.INFO));
        List<ScenarioResult> all = new ArrayList<>(PASSING);
        all.addAll(merged.findings());
        RunResult result = RunResult.of(LOOP, all, CATALOGUE, true, null,
                merged.exploration());
        assertThat(result.conformant()).isTrue();
        assertThat(result.mustFailures()).isEmpty();
    }

    @Test
    void aFindingOfARuleThatDoesNotApplyIsListedNotCounted() {
        ExplorationVerdicts.Merged merged = ExplorationVerdicts.of(explored(finding("HANDLE-2", 4)), PASSING, CATALOGUE,
                "loop-x");

        assertThat(merged.findings()).isEmpty();
        assertThat(merged.exploration().findings()).singleElement().extracting(ExplorationFinding::counted)
                .isEqualTo(false);
    }

    @Test
    void aFindingWithoutARuleIsLeftToExplore1sOwnScenario() {
        ExplorationVerdicts.Merged merged = ExplorationVerdicts.of(explored(finding(null, 2)), PASSING, CATALOGUE,
                "loop-x");

        assertThat(merged.findings()).isEmpty();
        assertThat(merged.exploration().findings()).singleElement().satisfies(f -> {
            assertThat(f.ruleId()).isNull();
            assertThat(f.counted()).isFalse();
        });
    }

    @Test
    void whereTheScenariosFoundARuleOfTheModelBrokenTheFindingsUnderOtherRulesAreBlockedByIt() {
        List<ScenarioResult> scenarios = List.of(scenario("NTODO-3", "MUST", Verdict.FAIL),
                scenario("TASK-1", "MUST", Verdict.PASS), scenario("TIMER-6", "INFO", Verdict.PASS),
                scenario("EXPLORE-1", "MUST", Verdict.FAIL));

        RunResult result = ExplorationVerdicts.result(LOOP, scenarios, explored(finding("NTODO-3", 30),
                finding("TASK-1", 5), finding(null, 2)), CATALOGUE, true, null);

        Map<String, Verdict> rows = new java.util.TreeMap<>();
        result.rules().forEach(rule -> rows.put(rule.id(), rule.verdict()));
        // the defect's own rule fails, with the exploration's evidence beside its scenario's; the others keep their
        // scenarios' verdicts, and the findings under them are listed, blocked, not counted
        assertThat(rows).containsEntry("NTODO-3", Verdict.FAIL).containsEntry("TASK-1", Verdict.PASS)
                .containsEntry("EXPLORE-1", Verdict.PASS).containsEntry("TIMER-6", Verdict.PASS);
        assertThat(result.mustFailures()).extracting(RuleResult::id).containsExactly("NTODO-3");
        assertThat(result.rules().stream().filter(rule -> rule.id().equals("EXPLORE-1")).findFirst().orElseThrow()
                .scenarios()).singleElement().satisfies(s -> assertThat(s.message())
                        .startsWith("every divergence that names no rule is blocked by NTODO-3"));
        assertThat(result.exploration().findings()).extracting(ExplorationFinding::ruleId, ExplorationFinding::counted,
                ExplorationFinding::blockedBy).containsExactly(
                        org.assertj.core.groups.Tuple.tuple("NTODO-3", true, List.of()),
                        org.assertj.core.groups.Tuple.tuple("TASK-1", false, List.of("NTODO-3")),
                        org.assertj.core.groups.Tuple.tuple(null, false, List.of("NTODO-3")));
        assertThat(result.exploration().describe()).contains("3 divergence group(s), 2 of them blocked by NTODO-3");
    }

    @Test
    void aBrokenInfoRuleBlocksNothing() {
        List<ScenarioResult> scenarios = List.of(scenario("NTODO-3", "MUST", Verdict.PASS),
                scenario("TASK-1", "MUST", Verdict.PASS), scenario("TIMER-6", "INFO", Verdict.FAIL),
                scenario("EXPLORE-1", "MUST", Verdict.PASS));

        RunResult result = ExplorationVerdicts.result(LOOP, scenarios, explored(finding("TASK-1", 5)), CATALOGUE, true,
                null);

        assertThat(result.mustFailures()).extracting(RuleResult::id).containsExactly("TASK-1");
        assertThat(result.exploration().findings()).singleElement().extracting(ExplorationFinding::blockedBy)
                .isEqualTo(List.of());
    }

    @Test
    void aFindingWhoseProgramDoesNotLeanOnTheBrokenRuleIsAVerdictOfItsOwn() {
        // IO-3 broken (remove_reader() answers None): a TASK-1 divergence in a program that removes no reader is
        // not its consequence, so it fails TASK-1; one whose program does remove a reader is blocked by IO-3
        List<ScenarioResult> scenarios = List.of(scenario("IO-3", "MUST", Verdict.FAIL),
                scenario("TASK-1", "MUST", Verdict.PASS), scenario("EXPLORE-1", "MUST", Verdict.FAIL));
        Exploration exploration = new Exploration(ExplorationBudget.DEFAULT, Exploration.State.RAN, "", 300, false,
                List.of(finding("TASK-1", 5).leaningOn(Set.of("NTODO-3", "TASK-1")),
                        finding(null, 2).leaningOn(Set.of("NTODO-3", "IO-3"))),
                Set.of("NTODO-3", "TASK-1", "IO-3"));

        RunResult result = ExplorationVerdicts.result(LOOP, scenarios, exploration, CATALOGUE, true, null);

        Map<String, Verdict> rows = new java.util.TreeMap<>();
        result.rules().forEach(rule -> rows.put(rule.id(), rule.verdict()));
        assertThat(rows).containsEntry("IO-3", Verdict.FAIL).containsEntry("TASK-1", Verdict.FAIL)
                .containsEntry("EXPLORE-1", Verdict.PASS);
        assertThat(result.exploration().findings()).extracting(ExplorationFinding::ruleId, ExplorationFinding::counted,
                ExplorationFinding::blockedBy).containsExactly(
                        org.assertj.core.groups.Tuple.tuple("TASK-1", true, List.of()),
                        org.assertj.core.groups.Tuple.tuple(null, false, List.of("IO-3")));
    }

    @Test
    void explore1IsBlockedOnlyWhereEachFindingWithoutARuleIs() {
        List<ScenarioResult> scenarios = List.of(scenario("IO-3", "MUST", Verdict.FAIL),
                scenario("EXPLORE-1", "MUST", Verdict.FAIL));
        Exploration exploration = new Exploration(ExplorationBudget.DEFAULT, Exploration.State.RAN, "", 300, false,
                List.of(finding(null, 2).leaningOn(Set.of("NTODO-3", "IO-3")), finding(null, 1).leaningOn(Set.of("NTODO-3"))),
                Set.of("NTODO-3", "IO-3"));

        RunResult result = ExplorationVerdicts.result(LOOP, scenarios, exploration, CATALOGUE, true, null);

        assertThat(result.mustFailures()).extracting(RuleResult::id).containsExactlyInAnyOrder("IO-3", "EXPLORE-1");
    }
}
