package org.asynciotck.runner;

import java.util.List;
import java.util.Objects;

/**
 * The verdict on one rule: the worst verdict of its scenarios.
 *
 * @param id        the rule ID, e.g. {@code LOOP-1}
 * @param title     the Rule's name in the feature file
 * @param level     how much the rule weighs
 * @param verdict   {@link Verdict#worstOf} the scenarios' verdicts
 * @param scenarios the scenarios that ran for this rule, in the order they finished
 */
public record RuleResult(String id, String title, RuleLevel level, Verdict verdict, List<ScenarioResult> scenarios) {

    public RuleResult {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(level, "level");
        Objects.requireNonNull(verdict, "verdict");
        scenarios = List.copyOf(scenarios);
    }

    /** The first scenario with this rule's verdict: the one whose message explains it. */
    public ScenarioResult decisiveScenario() {
        return scenarios.stream().filter(s -> s.verdict() == verdict).findFirst().orElseThrow(
                () -> new IllegalStateException("rule " + id + " has verdict " + verdict + " but no such scenario"));
    }

    /** A MUST rule that neither passed nor was not applicable. */
    public boolean isMustFailure() {
        return level == RuleLevel.MUST && verdict.isProblem();
    }

    /** A SHOULD rule that neither passed nor was not applicable. */
    public boolean isShouldWarning() {
        return level == RuleLevel.SHOULD && verdict.isProblem();
    }
}
