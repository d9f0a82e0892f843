package org.asynciotck.gate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.asynciotck.runner.RuleLevel;
import org.asynciotck.runner.RuleResult;
import org.asynciotck.runner.RunResult;
import org.asynciotck.runner.ScenarioResult;
import org.asynciotck.runner.Verdict;
import org.asynciotck.spi.ApiLevel;
import org.asynciotck.spi.ImplementationInfo;
import org.junit.jupiter.api.Test;

class GateTest {

    private static final ImplementationInfo LOOP =
            new ImplementationInfo("loop-1", "Loop", "1.0", "3.12.1", ApiLevel.parse("3.12"), Set.of());

    private static RuleResult rule(String id, RuleLevel level, Verdict verdict) {
        String message = verdict.isProblem() ? "[" + id + "] loop-1: expected x, observed y (features/f.feature:9)" : "";
        return new RuleResult(id, "title", level, verdict,
                List.of(new ScenarioResult("s", verdict, message, "features/f.feature", 9, List.of(id, level.name()))));
    }

    private static RunResult run(RuleResult... rules) {
        return new RunResult(LOOP, List.of(rules), true);
    }

    private static ImplementationBaseline expecting(String id, Verdict verdict) {
        return new ImplementationBaseline(Map.of(id, new ExpectedVerdict(verdict, "known bug 42")));
    }

    @Test
    void aRunWhoseFailuresAreExactlyTheBaselineMatches() {
        GateResult gate = Gate.check(run(rule("INIT-1", RuleLevel.SHOULD, Verdict.CRASHED),
                rule("LOOP-1", RuleLevel.MUST, Verdict.PASS)), expecting("INIT-1", Verdict.CRASHED));

        assertThat(gate.passed()).isTrue();
        assertThat(gate.expected()).isEqualTo(1);
        assertThat(gate.notes()).isEmpty();
    }

    @Test
    void aFailureTheBaselineDoesNotListIsANewFailure() {
        GateResult gate = Gate.check(run(rule("NTODO-4", RuleLevel.MUST, Verdict.FAIL)),
                ImplementationBaseline.allPass());

        assertThat(gate.differences()).extracting(Difference::line).containsExactly(
                "new failure: NTODO-4 fail: [NTODO-4] loop-1: expected x, observed y (features/f.feature:9)");
        assertThat(gate.differences()).extracting(Difference::kind).containsExactly(Difference.Kind.NEW_FAILURE);
    }

    @Test
    void aShouldRuleCountsLikeAMustRule() {
        GateResult gate = Gate.check(run(rule("INIT-1", RuleLevel.SHOULD, Verdict.FAIL)),
                ImplementationBaseline.allPass());

        assertThat(gate.differences()).extracting(Difference::kind).containsExactly(Difference.Kind.NEW_FAILURE);
    }

    @Test
    void aListedRuleThatPassesIsAnUnexpectedPass() {
        GateResult gate = Gate.check(run(rule("INIT-1", RuleLevel.SHOULD, Verdict.PASS)),
                expecting("INIT-1", Verdict.CRASHED));

        assertThat(gate.differences()).extracting(Difference::line)
                .containsExactly("unexpected pass: INIT-1 (baseline says crashed: known bug 42)");
    }

    @Test
    void aListedRuleThatIsNotApplicableIsAnUnexpectedPassSayingSo() {
        GateResult gate = Gate.check(run(rule("INIT-1", RuleLevel.SHOULD, Verdict.NOT_APPLICABLE)),
                expecting("INIT-1", Verdict.FAIL));

        assertThat(gate.differences()).extracting(Difference::line)
                .containsExactly("unexpected pass: INIT-1 not-applicable (baseline says fail: known bug 42)");
    }

    @Test
    void aListedRuleWithAnotherProblemVerdictIsAWrongVerdict() {
        GateResult gate = Gate.check(run(rule("INIT-1", RuleLevel.SHOULD, Verdict.FAIL)),
                expecting("INIT-1", Verdict.CRASHED));

        assertThat(gate.differences()).extracting(Difference::line).containsExactly("wrong verdict: INIT-1 fail: "
                + "[INIT-1] loop-1: expected x, observed y (features/f.feature:9) (baseline says crashed: known bug 42)");
    }

    @Test
    void infoRulesNeverCountEitherWay() {
        GateResult failingInfo = Gate.check(run(rule("ORDER-1", RuleLevel.INFO, Verdict.FAIL)),
                ImplementationBaseline.allPass());
        GateResult listedInfo = Gate.check(run(rule("ORDER-1", RuleLevel.INFO, Verdict.PASS)),
                expecting("ORDER-1", Verdict.FAIL));

        assertThat(failingInfo.passed()).isTrue();
        assertThat(listedInfo.passed()).isTrue();
        assertThat(listedInfo.notes()).containsExactly(
                "ignored: ORDER-1 is an INFO rule; INFO rules never count, the entry can go");
    }

    @Test
    void aListedRuleThatDidNotRunIsANoteNotADifference() {
        GateResult gate = Gate.check(run(rule("LOOP-1", RuleLevel.MUST, Verdict.PASS)),
                expecting("INIT-1", Verdict.CRASHED));

        assertThat(gate.passed()).isTrue();
        assertThat(gate.notes()).singleElement().asString().startsWith("not checked: INIT-1 did not run");
    }

    @Test
    void anIncompleteRunNeverPasses() {
        GateResult gate = Gate.check(new RunResult(LOOP, List.of(), false), ImplementationBaseline.allPass());

        assertThat(gate.differences()).extracting(Difference::kind).containsExactly(Difference.Kind.INCOMPLETE_RUN);
    }

    @Test
    void aDraftListsTheProblemRulesAndKeepsReasonsWrittenByHand() {
        RunResult result = run(rule("INIT-1", RuleLevel.SHOULD, Verdict.CRASHED),
                rule("NTODO-4", RuleLevel.MUST, Verdict.FAIL), rule("ORDER-1", RuleLevel.INFO, Verdict.FAIL),
                rule("LOOP-1", RuleLevel.MUST, Verdict.PASS));

        ImplementationBaseline draft = BaselineDraft.of(result, expecting("INIT-1", Verdict.CRASHED));

        assertThat(draft.rules()).containsOnlyKeys("INIT-1", "NTODO-4");
        assertThat(draft.rules().get("INIT-1").reason()).isEqualTo("known bug 42");
        assertThat(draft.rules().get("NTODO-4"))
                .isEqualTo(new ExpectedVerdict(Verdict.FAIL, "expected x, observed y (features/f.feature:9)"));
        assertThat(Gate.check(result, draft).passed()).isTrue();
    }
}
