package org.asynciotck.runner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Groups scenario verdicts into rule verdicts. */
public final class RuleAggregator {

    /** Rule ID for scenarios that carry no rule ID tag; they still show up, so the gap is visible. */
    public static final String UNTAGGED = "UNTAGGED";

    private RuleAggregator() {}

    /**
     * One {@link RuleResult} per rule that had at least one scenario, in the order the
     * rules first appeared. Titles come from the catalogue; the level from the scenarios'
     * tags, else the catalogue, else MUST (an unlabelled rule is not quietly downgraded). A scenario
     * whose declared prerequisite did not pass is blocked first ({@link Prerequisites}).
     */
    public static List<RuleResult> aggregate(List<ScenarioResult> scenarios, RuleCatalogue catalogue) {
        Map<String, List<ScenarioResult>> byRule = new LinkedHashMap<>();
        for (ScenarioResult scenario : Prerequisites.resolve(scenarios)) {
            byRule.computeIfAbsent(scenario.ruleId().orElse(UNTAGGED), id -> new ArrayList<>()).add(scenario);
        }
        List<RuleResult> rules = new ArrayList<>();
        byRule.forEach((id, ruleScenarios) -> {
            Optional<CatalogueRule> known = catalogue.find(id);
            String title = known.map(CatalogueRule::title)
                    .orElse(id.equals(UNTAGGED) ? "Scenarios without a rule ID tag" : id);
            RuleLevel level = ruleScenarios.stream().map(ScenarioResult::level).flatMap(Optional::stream).findFirst()
                    .or(() -> known.map(CatalogueRule::level))
                    .orElse(RuleLevel.MUST);
            Verdict verdict = Verdict.worstOf(ruleScenarios.stream().map(ScenarioResult::verdict).toList());
            rules.add(new RuleResult(id, title, level, verdict, ruleScenarios));
        });
        return List.copyOf(rules);
    }
}
