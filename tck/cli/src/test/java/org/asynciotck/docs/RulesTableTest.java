package org.asynciotck.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Keeps docs/claims.md, the features' {@code Claims:} lines and the generated docs/rules.md in step.
 * With {@code -Dasynciotck.rules.write=true} it rewrites docs/rules.md instead of comparing.
 */
class RulesTableTest {

    static final String WRITE_PROPERTY = "asynciotck.rules.write";

    private final Path root = RulesTable.projectRoot(Path.of(""));

    @Test
    void claimsRulesAndErrataAgree() throws IOException {
        assertThat(RulesTable.read(root).problems()).as("problems between docs/claims.md, docs/errata.md and the"
                + " features' 'Claims:' lines").isEmpty();
    }

    @Test
    void docsRulesMdIsUpToDate() throws IOException {
        String generated = RulesTable.read(root).render();
        Path rulesMd = root.resolve("docs/rules.md");
        if (Boolean.getBoolean(WRITE_PROPERTY)) {
            Files.writeString(rulesMd, generated, StandardCharsets.UTF_8);
        }
        assertThat(Files.exists(rulesMd)).as(rulesMd + " exists (regenerate: " + RulesTable.REGENERATE_COMMAND + ")")
                .isTrue();
        assertThat(Files.readString(rulesMd, StandardCharsets.UTF_8))
                .as("docs/rules.md is out of date; regenerate it with: " + RulesTable.REGENERATE_COMMAND)
                .isEqualTo(generated);
    }

    @Test
    void aClaimWithNeitherRuleNorReasonIsReported() {
        RulesTable fixture = RulesTable.of(
                "| C-1 | S | \"q\" | | |\n| C-2 | S | \"r\" | | |\n",
                Map.of("features/a.feature", feature("Claims: C-2")), Set.of());
        assertThat(fixture.problems()).singleElement().asString()
                .contains("C-1 maps to no rule and states no reason");
    }

    @Test
    void aClaimWithBothRuleAndReasonIsReported() {
        RulesTable fixture = RulesTable.of("| C-1 | S | \"q\" | | not a loop behaviour: advice |\n",
                Map.of("features/a.feature", feature("Claims: C-1")), Set.of());
        assertThat(fixture.problems()).singleElement().asString()
                .contains("C-1 is listed by A-1 but also states a reason not to be a rule");
    }

    @Test
    void aRuleListingAnUnknownClaimIsReported() {
        RulesTable fixture = RulesTable.of("| C-1 | S | \"q\" | | |\n",
                Map.of("features/a.feature", feature("Claims: C-1, C-9")), Set.of());
        assertThat(fixture.problems()).singleElement().asString()
                .contains("rule A-1 lists claim C-9, which docs/claims.md does not have");
    }

    @Test
    void aRuleWithoutClaimsLineIsReported() {
        RulesTable fixture = RulesTable.of("| C-1 | S | \"q\" | | not a loop behaviour: test |\n",
                Map.of("features/a.feature", feature("")), Set.of());
        assertThat(fixture.problems()).singleElement().asString()
                .contains("rule A-1 needs exactly one line 'Claims: C-1, C-2'");
    }

    @Test
    void aDeclaredPrerequisiteIsListedWithTheRuleOrScenarioThatNeedsIt() {
        RulesTable fixture = RulesTable.of("| C-1 | S | \"q\" | | |\n", Map.of("features/a.feature", """
                Feature: F
                  @LOOP-1 @MUST
                  Rule: First
                    Claims: C-1

                    Scenario: one
                      Given a loop

                  @LOOP-2 @MUST @needs-LOOP-1
                  Rule: Second
                    Claims: C-1

                    Scenario Outline: two <n>
                      Given a loop

                      @needs-LOOP-1
                      Examples:
                        | n |
                        | 1 |
                """), Set.of());
        assertThat(fixture.render()).contains("Claims: C-1. Needs [LOOP-1](#loop-1).")
                .contains("- two <n> (`features/a.feature:13`); needs [LOOP-1](#loop-1)")
                .contains("- one (`features/a.feature:6`)\n");
    }

    @Test
    void aRuleBeyondTheSourceDocumentNamesItsSourceInsteadOfClaims() {
        RulesTable fixture = RulesTable.of("| C-1 | S | \"q\" | | not a loop behaviour: test |\n",
                Map.of("features/a.feature", feature("Beyond the claims: asyncio docs, Future.result")),
                Set.of());
        assertThat(fixture.problems()).isEmpty();
        assertThat(fixture.render()).contains("Beyond the claims: asyncio docs, Future.result.");
        RulesTable both = RulesTable.of("| C-1 | S | \"q\" | | not a loop behaviour: test |\n",
                Map.of("features/a.feature", feature("Claims: C-1\n    Beyond the claims: docs")), Set.of());
        assertThat(both.problems()).singleElement().asString().contains("has both a 'Claims:' and a");
    }

    @Test
    void anUnknownErratumIsReported() {
        RulesTable fixture = RulesTable.of("| C-1 | S | \"q\" | E-99 | |\n",
                Map.of("features/a.feature", feature("Claims: C-1")), Set.of("E-1"));
        assertThat(fixture.problems()).singleElement().asString()
                .contains("C-1 points at erratum E-99, which docs/errata.md does not have");
    }

    private static String feature(String claimsLine) {
        return "Feature: F\n\n  @A-1 @MUST\n  Rule: R\n    " + claimsLine + "\n\n    Scenario: S\n      Given a fresh event loop\n";
    }
}
