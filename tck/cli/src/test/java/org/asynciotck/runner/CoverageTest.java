package org.asynciotck.runner;

import static org.asynciotck.runner.RuleAggregatorTest.scenario;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.asynciotck.spi.ApiLevel;
import org.asynciotck.spi.ImplementationInfo;
import org.asynciotck.spi.Profiles;
import org.junit.jupiter.api.Test;

/** How much of the catalogue a run checked; a core rule not applicable makes it not conformant. */
class CoverageTest {

    private static final RuleCatalogue CATALOGUE = RuleCatalogue.of(Map.of("features/c.feature", """
            Feature: Coverage
              @CORE-1 @MUST @core
              Rule: Core
                Scenario: s
                  Given a loop
              @DISP-1 @MUST @core @profile-synchronous-dispatch
              Rule: The other profile's core rule
                Scenario: s
                  Given a loop
              @OPT-1 @MUST
              Rule: Needs internals
                Scenario: s
                  Given a loop
              @LEFT-1 @MUST
              Rule: Not selected
                Scenario: s
                  Given a loop
            """));

    private static final ImplementationInfo STOCK = new ImplementationInfo(
            "loop", "Loop", "1", "", ApiLevel.parse("3.12"), Set.of(), Profiles.stock());

    @Test
    void rulesOfOtherProfilesAreListedApartAndDoNotCountAgainstTheCore() {
        RunResult result = RunResult.of(STOCK, List.of(
                scenario("a", Verdict.PASS, "CORE-1", "MUST"),
                scenario("b", Verdict.NOT_APPLICABLE, "DISP-1", "MUST"),
                scenario("c", Verdict.NOT_APPLICABLE, "OPT-1", "MUST")), CATALOGUE, true);

        assertThat(result.coverage()).isEqualTo(new Coverage(4, 1, List.of("DISP-1"), List.of("OPT-1"),
                List.of("LEFT-1"), List.of()));
        assertThat(result.headline()).isEqualTo("MUST 1/1 passed; 1 of 4 rules checked; 1 for other profiles: DISP-1;"
                + " 1 not applicable: OPT-1; 1 not run: LEFT-1");
        assertThat(result.conformant()).isTrue();
    }

    @Test
    void aCoreRuleOfTheDeclaredProfilesThatIsNotApplicableMakesTheRunNotConformant() {
        RunResult result = RunResult.of(STOCK, List.of(
                scenario("a", Verdict.NOT_APPLICABLE, "CORE-1", "MUST"),
                scenario("c", Verdict.PASS, "OPT-1", "MUST")), CATALOGUE, true);

        assertThat(result.mustFailures()).isEmpty();
        assertThat(result.coverage().coreNotApplicable()).containsExactly("CORE-1");
        assertThat(result.conformant()).isFalse();
        assertThat(result.headline()).endsWith("core rules not applicable, so not conformant: CORE-1");
    }
}
