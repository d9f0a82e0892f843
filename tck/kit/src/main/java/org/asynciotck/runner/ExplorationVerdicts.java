package org.asynciotck.runner;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.asynciotck.exploration.Exploration;
import org.asynciotck.exploration.ExplorationFinding;

/**
 * The exploration stage's findings as failures of the rules they name: one scenario result per finding, in
 * that rule's row, at the rule's level, with the evidence in its message, like any other failure of the rule.
 * A finding whose rule does not apply to this loop (its declared profile or capabilities leave every
 * scenario of the rule out) is not counted there: the loop is not held to that guarantee. It stays in the
 * exploration's part of the reports. A finding that names no rule is EXPLORE-1's own failure, reported by
 * its scenario.
 */
final class ExplorationVerdicts {

    /** Where the findings point in the book: the exploration feature. */
    static final String FEATURE = "features/90-generated-programs.feature";

    private ExplorationVerdicts() {}

    /** The stage's findings, each marked whether it counts, and the scenario results of those that do. */
    record Merged(Exploration exploration, List<ScenarioResult> failures) {}

    /** Merges {@code exploration} into {@code scenarios}, the results of the run's own scenarios. */
    static Merged of(Exploration exploration, List<ScenarioResult> scenarios, RuleCatalogue catalogue,
            String implementationId) {
        List<ScenarioResult> failures = new ArrayList<>();
        List<ExplorationFinding> marked = new ArrayList<>();
        int line = catalogue.find("EXPLORE-1").map(CatalogueRule::line).orElse(0);
        for (ExplorationFinding finding : exploration.findings()) {
            Optional<CatalogueRule> rule = counted(finding, scenarios) ? catalogue.find(finding.ruleId()) : Optional.empty();
            if (rule.isEmpty()) {
                marked.add(finding);
                continue;
            }
            marked.add(finding.countedInItsRule());
            failures.add(new ScenarioResult(name(finding, exploration), Verdict.FAIL, message(finding, exploration,
                    implementationId), FEATURE, line, List.of(rule.get().id(), rule.get().level().name())));
        }
        return new Merged(exploration.withFindings(marked), failures);
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
