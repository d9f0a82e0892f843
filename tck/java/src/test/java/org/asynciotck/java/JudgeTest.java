package org.asynciotck.java;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.asynciotck.runner.RuleLevel;
import org.asynciotck.runner.RuleResult;
import org.asynciotck.runner.ScenarioResult;
import org.asynciotck.runner.Verdict;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/** Levels honoured by the base class: what a rule's test comes to for each verdict and level. */
class JudgeTest {

    private static RuleResult rule(RuleLevel level, Verdict verdict, String message) {
        ScenarioResult scenario = new ScenarioResult("a scenario", verdict, message, "features/x.feature", 7,
                List.of("X-1", level.name()));
        return new RuleResult("X-1", "a rule", level, verdict, List.of(scenario));
    }

    @Test
    void aMustFailureFailsWithTheKitsText() {
        assertThatThrownBy(() -> AsyncioLoopConformanceTest.judge(rule(RuleLevel.MUST, Verdict.FAIL,
                "[X-1] my-loop: expected a, observed b (features/x.feature:7)"), false, RuleLevel.MUST))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessage("[X-1] my-loop: expected a, observed b (features/x.feature:7) [scenario: a scenario]");
    }

    @Test
    void shouldAndInfoFailuresAbortUnlessAskedToFail() {
        assertThatThrownBy(() -> AsyncioLoopConformanceTest.judge(rule(RuleLevel.SHOULD, Verdict.FAIL, "[X-1] no"),
                false, RuleLevel.MUST)).isInstanceOf(TestAbortedException.class)
                .hasMessageContaining("-Dasynciotck.failOn=SHOULD");
        assertThatThrownBy(() -> AsyncioLoopConformanceTest.judge(rule(RuleLevel.INFO, Verdict.FAIL, "[X-1] no"),
                false, RuleLevel.SHOULD)).isInstanceOf(TestAbortedException.class);
        assertThatThrownBy(() -> AsyncioLoopConformanceTest.judge(rule(RuleLevel.SHOULD, Verdict.FAIL, "[X-1] no"),
                false, RuleLevel.SHOULD)).isInstanceOf(AssertionFailedError.class);
        assertThatThrownBy(() -> AsyncioLoopConformanceTest.judge(rule(RuleLevel.INFO, Verdict.CRASHED, "[X-1] no"),
                false, RuleLevel.INFO)).isInstanceOf(AssertionFailedError.class);
    }

    @Test
    void notApplicableAbortsWithTheReasonExceptForACoreRule() {
        RuleResult notApplicable = rule(RuleLevel.MUST, Verdict.NOT_APPLICABLE, "not applicable: needs capability 'x'");
        assertThatThrownBy(() -> AsyncioLoopConformanceTest.judge(notApplicable, false, RuleLevel.MUST))
                .isInstanceOf(TestAbortedException.class).hasMessageStartingWith("not applicable: needs capability 'x'");
        assertThatThrownBy(() -> AsyncioLoopConformanceTest.judge(notApplicable, true, RuleLevel.MUST))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessageStartingWith("[X-1] is a core rule and was not applicable, so the loop is not conformant");
    }

    @Test
    void aPassPasses() {
        assertThatCode(() -> AsyncioLoopConformanceTest.judge(rule(RuleLevel.MUST, Verdict.PASS, ""), false,
                RuleLevel.MUST)).doesNotThrowAnyException();
    }
}
