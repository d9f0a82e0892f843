package org.asynciotck.runner;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.asynciotck.exploration.Exploration;
import org.asynciotck.exploration.ExplorationFinding;
import org.asynciotck.spi.ImplementationInfo;
import org.asynciotck.steps.IterationDriver;

/**
 * The exploration stage's findings as failures of the rules they name: one scenario result per finding, in
 * that rule's row, at the rule's level, with the evidence in its message, like any other failure of the rule.
 * A finding whose rule does not apply to this loop (its declared profile or capabilities leave every
 * scenario of the rule out) is not counted there: the loop is not held to that guarantee. It stays in the
 * exploration's part of the reports. A finding that names no rule is EXPLORE-1's own failure, reported by
 * its scenario.
 *
 * <p>One defect, one rule: a generated program leans on the behaviour of the rules of the model that its
 * operations reach ({@link ExplorationFinding#leansOn}; those the model compares, {@link Exploration#leansOn},
 * where a finding does not say). Where the run's own scenarios found one of the MUST and SHOULD ones among them
 * broken (after their declared prerequisites are resolved), a finding under another rule, or under none, may be
 * its consequence: it is listed "blocked by" that rule (in conformance.json, on the certificate) and not counted,
 * and its rule's row keeps the verdict of its own scenarios (one defect, one rule: the broken rule fails, the
 * others do not fail or turn blocked for what may be its consequence). A finding whose program does not reach
 * the broken rule is a verdict of its own. A reversed ready queue fails NTODO-3, and the divergences it causes under other
 * rules are listed as blocked by it, instead of failing those rules too. A finding under a broken rule
 * itself adds its evidence to that rule's failure.
 */
final class ExplorationVerdicts {

    /** Where the findings point in the book: the exploration feature. */
    static final String FEATURE = "features/90-generated-programs.feature";
    private static final String EXPLORE_1 = "EXPLORE-1";

    private ExplorationVerdicts() {}

    /**
     * The stage's findings, each marked whether it counts or what blocked it; the run's own scenario results,
     * EXPLORE-1's blocked where the model's rules are broken; and the results of the findings in their rows.
     */
    record Merged(Exploration exploration, List<ScenarioResult> scenarios, List<ScenarioResult> findings) {}

    /** The run's result: its own {@code scenarios} with {@code exploration} merged in. */
    static RunResult result(ImplementationInfo info, List<ScenarioResult> scenarios, Exploration exploration,
            RuleCatalogue catalogue, boolean complete, IterationDriver iterations) {
        Merged merged = of(exploration, scenarios, catalogue, info.id());
        List<ScenarioResult> all = new ArrayList<>(merged.scenarios());
        all.addAll(merged.findings());
        return RunResult.of(info, all, catalogue, complete, iterations, merged.exploration());
    }

    /** Merges {@code exploration} into {@code scenarios}, the results of the run's own scenarios. */
    static Merged of(Exploration exploration, List<ScenarioResult> scenarios, RuleCatalogue catalogue,
            String implementationId) {
        List<String> broken = broken(exploration, scenarios, catalogue);
        List<ScenarioResult> results = new ArrayList<>();
        List<ExplorationFinding> marked = new ArrayList<>();
        int line = catalogue.find(EXPLORE_1).map(CatalogueRule::line).orElse(0);
        for (ExplorationFinding finding : exploration.findings()) {
            List<String> blockers = blockers(finding, exploration, broken);
            if (!blockers.isEmpty()) {
                marked.add(finding.blockedBy(blockers));
                continue;
            }
            Optional<CatalogueRule> rule = counted(finding, scenarios) ? catalogue.find(finding.ruleId()) : Optional.empty();
            if (rule.isEmpty()) {
                marked.add(finding);
                continue;
            }
            marked.add(finding.countedInItsRule());
            results.add(new ScenarioResult(name(finding, exploration), Verdict.FAIL,
                    message(finding, exploration, implementationId), FEATURE, line,
                    List.of(rule.get().id(), rule.get().level().name())));
        }
        // EXPLORE-1's own scenario fails on the findings that name no rule: where each of them is blocked, none is
        // evidence against it, and it passes saying so
        List<ExplorationFinding> unnamed = marked.stream().filter(f -> f.ruleId() == null).toList();
        List<String> explore1By = unnamed.stream().anyMatch(f -> f.blockedBy().isEmpty()) ? List.of()
                : unnamed.stream().flatMap(f -> f.blockedBy().stream()).distinct().sorted().toList();
        List<ScenarioResult> own = scenarios.stream().map(s -> s.ruleId().filter(EXPLORE_1::equals).isPresent()
                && s.verdict() == Verdict.FAIL && !explore1By.isEmpty() ? allBlocked(s, explore1By) : s).toList();
        return new Merged(exploration.withFindings(marked), own, results);
    }

    /**
     * The broken rules that may have caused {@code finding}: those its program leans on (all the stage's, where
     * the finding does not say), other than its own rule, whose failure it adds to instead.
     */
    private static List<String> blockers(ExplorationFinding finding, Exploration exploration, List<String> broken) {
        if (broken.contains(finding.ruleId())) {
            return List.of();
        }
        Set<String> leansOn = finding.leansOn().isEmpty() ? exploration.leansOn() : finding.leansOn();
        return broken.stream().filter(leansOn::contains).toList();
    }

    /**
     * The MUST and SHOULD rules of the model whose own scenarios (prerequisites resolved) found the loop broken:
     * a finding of their own, as a prerequisite must have to block ({@link Prerequisites#isFinding}).
     */
    private static List<String> broken(Exploration exploration, List<ScenarioResult> scenarios, RuleCatalogue catalogue) {
        List<String> broken = new ArrayList<>();
        for (RuleResult rule : RuleAggregator.aggregate(scenarios, catalogue)) {
            if (exploration.leansOn().contains(rule.id()) && rule.level() != RuleLevel.INFO
                    && Prerequisites.isFinding(rule.verdict())) {
                broken.add(rule.id());
            }
        }
        broken.sort(null);
        return broken;
    }

    private static ScenarioResult allBlocked(ScenarioResult result, List<String> by) {
        return new ScenarioResult(result.name(), Verdict.PASS, "every divergence that names no rule is blocked by "
                + String.join(", ", by) + ", which its program leans on and which did not pass in this run: listed in"
                + " the exploration's part of the reports, not counted", result.feature(), result.line(), result.tags(),
                result.timeline());
    }

    /** Whether {@code finding} counts in its rule's row in this run (else it is only listed). */
    static boolean counted(ExplorationFinding finding, List<ScenarioResult> scenarios) {
        return finding.ruleId() != null && scenarios.stream().anyMatch(s -> s.verdict() != Verdict.NOT_APPLICABLE
                && s.ruleId().filter(finding.ruleId()::equals).isPresent());
    }

    private static String name(ExplorationFinding finding, Exploration exploration) {
        return "Generated program " + finding.firstProgram() + " of seed " + exploration.budget().seed()
                + ", shrunk to " + finding.steps() + " steps: " + finding.guarantee();
    }

    private static String message(ExplorationFinding finding, Exploration exploration, String implementationId) {
        return "[" + finding.ruleId() + "] " + implementationId + ": expected " + finding.guarantee() + ", observed "
                + finding.detail() + ", in " + finding.count() + " of the " + exploration.programs()
                + " generated programs (the first: program " + finding.firstProgram() + " of seed "
                + exploration.budget().seed() + ", shrunk to " + finding.steps() + " steps; evidence: "
                + finding.evidence() + ")";
    }
}
