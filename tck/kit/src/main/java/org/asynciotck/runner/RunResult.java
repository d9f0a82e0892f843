package org.asynciotck.runner;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.asynciotck.exploration.Exploration;
import org.asynciotck.spi.ImplementationInfo;
import org.asynciotck.steps.IterationDriver;

/**
 * What a run found out about one implementation.
 *
 * @param implementation who was tested
 * @param rules          one entry per rule that ran at least one scenario
 * @param complete       false when the run was interrupted or broke off, so some rules may be missing
 * @param coverage       how much of the catalogue was checked
 * @param iterations     which primitive drove one iteration, and why (the run's preflight); null where
 *                       it was not recorded (a report imported from a kit that made no preflight)
 * @param exploration    what the exploration stage did (EXPLORE-1); null where it was not recorded
 */
public record RunResult(ImplementationInfo implementation, List<RuleResult> rules, boolean complete, Coverage coverage,
        IterationDriver iterations, Exploration exploration) {

    public RunResult {
        Objects.requireNonNull(implementation, "implementation");
        rules = List.copyOf(rules);
        Objects.requireNonNull(coverage, "coverage");
    }

    /** A result that does not say what its exploration stage did. */
    public RunResult(ImplementationInfo implementation, List<RuleResult> rules, boolean complete, Coverage coverage,
            IterationDriver iterations) {
        this(implementation, rules, complete, coverage, iterations, null);
    }

    /** A result that does not say which primitive drove its iterations. */
    public RunResult(ImplementationInfo implementation, List<RuleResult> rules, boolean complete, Coverage coverage) {
        this(implementation, rules, complete, coverage, null);
    }

    /** A result whose coverage is read from its rules alone (no catalogue to compare with). */
    public RunResult(ImplementationInfo implementation, List<RuleResult> rules, boolean complete) {
        this(implementation, rules, complete, Coverage.ofRulesOnly(rules));
    }

    public static RunResult of(
            ImplementationInfo implementation, List<ScenarioResult> scenarios, RuleCatalogue catalogue,
            boolean complete) {
        return of(implementation, scenarios, catalogue, complete, null);
    }

    /** @param iterations what drove one iteration in the run (its preflight), or null where not recorded */
    public static RunResult of(
            ImplementationInfo implementation, List<ScenarioResult> scenarios, RuleCatalogue catalogue,
            boolean complete, IterationDriver iterations) {
        return of(implementation, scenarios, catalogue, complete, iterations, null);
    }

    /**
     * @param exploration what the exploration stage did, or null where not recorded; its findings are in
     *                    {@code scenarios} already, as failures of the rules they name
     */
    public static RunResult of(
            ImplementationInfo implementation, List<ScenarioResult> scenarios, RuleCatalogue catalogue,
            boolean complete, IterationDriver iterations, Exploration exploration) {
        List<RuleResult> rules = RuleAggregator.aggregate(scenarios, catalogue);
        return new RunResult(implementation, rules, complete, Coverage.of(rules, catalogue, implementation.profiles()),
                iterations, exploration);
    }

    public List<ScenarioResult> scenarios() {
        return rules.stream().flatMap(r -> r.scenarios().stream()).toList();
    }

    public Map<Verdict, Integer> ruleVerdictCounts() {
        return count(rules.stream().map(RuleResult::verdict).toList());
    }

    public Map<Verdict, Integer> scenarioVerdictCounts() {
        return count(scenarios().stream().map(ScenarioResult::verdict).toList());
    }

    public List<RuleResult> mustFailures() {
        return rules.stream().filter(RuleResult::isMustFailure).toList();
    }

    public List<RuleResult> shouldWarnings() {
        return rules.stream().filter(RuleResult::isShouldWarning).toList();
    }

    /** MUST rules that passed, for the badge's numerator. */
    public long mustPassed() {
        return rules.stream().filter(r -> r.level() == RuleLevel.MUST && r.verdict() == Verdict.PASS).count();
    }

    /** MUST rules that were applicable (not all scenarios not-applicable), for the badge's denominator. */
    public long mustApplicable() {
        return rules.stream()
                .filter(r -> r.level() == RuleLevel.MUST && r.verdict() != Verdict.NOT_APPLICABLE).count();
    }

    /**
     * Conformant: the run completed, at least one rule ran, no MUST rule has a verdict other
     * than pass or not-applicable, and no core rule meant for the implementation's profiles was
     * not applicable. SHOULD failures are warnings; INFO rules never count.
     */
    public boolean conformant() {
        return complete && !rules.isEmpty() && mustFailures().isEmpty() && coverage.coreNotApplicable().isEmpty();
    }

    /**
     * The one line that says how the run went and how much it checked, e.g. "MUST 26/26 passed;
     * 30 of 35 rules checked; 5 not applicable: ...". Certificates, the console and the matrix show it.
     */
    public String headline() {
        return "MUST " + mustPassed() + "/" + mustApplicable() + " passed; " + coverage.summary();
    }

    private static Map<Verdict, Integer> count(List<Verdict> verdicts) {
        Map<Verdict, Integer> counts = new EnumMap<>(Verdict.class);
        for (Verdict verdict : Verdict.values()) {
            counts.put(verdict, 0);
        }
        verdicts.forEach(v -> counts.merge(v, 1, Integer::sum));
        return counts;
    }
}
