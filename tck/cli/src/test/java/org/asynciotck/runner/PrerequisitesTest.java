package org.asynciotck.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A scenario tagged {@code @needs-RULE} is blocked by that rule, resolved when the run's result is assembled. */
class PrerequisitesTest {

    private static final RuleCatalogue CATALOGUE = RuleCatalogue.of(Map.of("features/t.feature", """
            Feature: Timers
              @TIMER-4 @SHOULD
              Rule: A due timer runs in the next iteration
                Scenario: zero
                  Given a loop

              @ERROR-1 @MUST
              Rule: Errors reach the handler
                @needs-TIMER-4
                Scenario: timer
                  Given a loop

              @NTODO-1 @MUST @needs-ERROR-1
              Rule: Chained
                Scenario: chained
                  Given a loop
            """));

    private static ScenarioResult scenario(String name, Verdict verdict, String... tags) {
        return new ScenarioResult(name, verdict, verdict == Verdict.PASS ? "" : "observed " + name,
                "features/t.feature", 4, List.of(tags));
    }

    private static Map<String, Verdict> verdicts(List<ScenarioResult> scenarios) {
        Map<String, Verdict> rules = new java.util.TreeMap<>();
        RuleAggregator.aggregate(scenarios, CATALOGUE).forEach(rule -> rules.put(rule.id(), rule.verdict()));
        return rules;
    }

    @Test
    void aFailureIsBlockedWhenItsPrerequisiteDidNotPassAndKeepsItsObservation() {
        List<RuleResult> rules = RuleAggregator.aggregate(List.of(
                scenario("zero", Verdict.FAIL, "TIMER-4", "SHOULD"),
                scenario("timer", Verdict.FAIL, "ERROR-1", "MUST", "needs-TIMER-4")), CATALOGUE);

        assertThat(rules).extracting(RuleResult::id, RuleResult::verdict).containsExactly(
                org.assertj.core.groups.Tuple.tuple("TIMER-4", Verdict.FAIL),
                org.assertj.core.groups.Tuple.tuple("ERROR-1", Verdict.BLOCKED));
        assertThat(rules.get(1).decisiveScenario().message())
                .startsWith("blocked by TIMER-4, a declared prerequisite that did not pass in this run (fail)")
                .endsWith("observed (fail): observed timer");
    }

    @Test
    void blockedIsNeverAPassAndAMustRuleBlockedMakesTheRunNotConformant() {
        RunResult result = RunResult.of(org.asynciotck.report.ReportFixtures.info("x"), List.of(
                scenario("zero", Verdict.FAIL, "TIMER-4", "SHOULD"),
                scenario("timer", Verdict.FAIL, "ERROR-1", "MUST", "needs-TIMER-4")), CATALOGUE, true);

        assertThat(result.mustFailures()).extracting(RuleResult::id).containsExactly("ERROR-1");
        assertThat(result.conformant()).isFalse();
        assertThat(result.mustPassed()).isZero();
    }

    @Test
    void aScenarioKeepsItsOwnVerdictWhenThePrerequisitePassedWasNotRunOrItPassedOrCrashed() {
        assertThat(verdicts(List.of(scenario("zero", Verdict.PASS, "TIMER-4", "SHOULD"),
                scenario("timer", Verdict.FAIL, "ERROR-1", "MUST", "needs-TIMER-4"))))
                .containsEntry("ERROR-1", Verdict.FAIL);
        // TIMER-4 left out of the run (e.g. by --tags): nothing says it is broken
        assertThat(verdicts(List.of(scenario("timer", Verdict.FAIL, "ERROR-1", "MUST", "needs-TIMER-4"))))
                .containsEntry("ERROR-1", Verdict.FAIL);
        assertThat(verdicts(List.of(scenario("zero", Verdict.FAIL, "TIMER-4", "SHOULD"),
                scenario("timer", Verdict.PASS, "ERROR-1", "MUST", "needs-TIMER-4"))))
                .containsEntry("ERROR-1", Verdict.PASS);
        assertThat(verdicts(List.of(scenario("zero", Verdict.FAIL, "TIMER-4", "SHOULD"),
                scenario("timer", Verdict.CRASHED, "ERROR-1", "MUST", "needs-TIMER-4"))))
                .containsEntry("ERROR-1", Verdict.CRASHED);
    }

    @Test
    void aPrerequisiteThatIsOnlyBlockedBlocksNothingWhateverTheOrderTheScenariosFinishedIn() {
        List<ScenarioResult> scenarios = new ArrayList<>(List.of(
                scenario("zero", Verdict.TIMED_OUT, "TIMER-4", "SHOULD"),
                scenario("timer", Verdict.FAIL, "ERROR-1", "MUST", "needs-TIMER-4"),
                scenario("chained", Verdict.ERROR, "NTODO-1", "MUST", "needs-ERROR-1")));
        // NTODO-1 leans on ERROR-1, which could not be checked: NTODO-1's error is its own finding
        Map<String, Verdict> expected = Map.of("TIMER-4", Verdict.TIMED_OUT, "ERROR-1", Verdict.BLOCKED,
                "NTODO-1", Verdict.ERROR);
        Random random = new Random(25);
        for (int shuffle = 0; shuffle < 6; shuffle++) {
            Collections.shuffle(scenarios, random);
            assertThat(verdicts(scenarios)).as("order %s", scenarios.stream().map(ScenarioResult::name).toList())
                    .isEqualTo(expected);
        }
    }

    @Test
    void aPrerequisiteWithAFindingOfItsOwnBlocksInAChainToo() {
        assertThat(verdicts(List.of(scenario("zero", Verdict.PASS, "TIMER-4", "SHOULD"),
                scenario("timer", Verdict.FAIL, "ERROR-1", "MUST", "needs-TIMER-4"),
                scenario("chained", Verdict.FAIL, "NTODO-1", "MUST", "needs-ERROR-1"))))
                .containsEntry("ERROR-1", Verdict.FAIL).containsEntry("NTODO-1", Verdict.BLOCKED);
    }

    @Test
    void theCatalogueRefusesAPrerequisiteNamingAnUnknownRuleItselfOrACycle() {
        RuleCatalogue catalogue = RuleCatalogue.of(Map.of("features/x.feature", """
                Feature: Family
                  @LOOP-1 @MUST
                  Rule: First
                    Scenario Outline: s <n>
                      Given a loop

                      @needs-LOOP-9
                      Examples:
                        | n |
                        | 1 |

                  @LOOP-2 @MUST @needs-LOOP-2
                  Rule: Itself
                    Scenario: s
                      Given a loop

                  @LOOP-3 @MUST @needs-LOOP-4
                  Rule: One way
                    Scenario: s
                      Given a loop

                  @LOOP-4 @MUST
                  Rule: And back
                    @needs-LOOP-3
                    Scenario: s
                      Given a loop
                """));

        assertThat(catalogue.problems()).hasSize(4)
                .anySatisfy(p -> assertThat(p).startsWith("features/x.feature:7").contains("@needs-LOOP-9 names no rule"))
                .anySatisfy(p -> assertThat(p).contains("rule LOOP-2 names itself"))
                .anySatisfy(p -> assertThat(p).contains("@needs-LOOP-4 makes a cycle of prerequisites back to LOOP-3"))
                .anySatisfy(p -> assertThat(p).contains("@needs-LOOP-3 makes a cycle of prerequisites back to LOOP-4"));
        assertThatThrownBy(catalogue::requireKnownPrerequisites).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("@needs-LOOP-9");
    }

    @Test
    void theFeaturesDeclareOnlyPrerequisitesTheCatalogueKnows() {
        RuleCatalogue features = RuleCatalogue.loadFromClasspath("features");
        features.requireKnownPrerequisites();
        assertThat(features.problems()).isEmpty();
    }

    @Test
    void aLowerCaseNeedsTagIsACapabilityNotAPrerequisite() {
        assertThat(ScenarioTags.prerequisites(List.of("@needs-ready-queue", "needs-TIMER-4", "@needs-TIMER-4")))
                .containsExactly("TIMER-4");
        assertThat(ScenarioTags.isPrerequisite("@needs-select-timeout")).isFalse();
    }
}
