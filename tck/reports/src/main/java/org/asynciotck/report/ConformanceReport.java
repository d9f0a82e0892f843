package org.asynciotck.report;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.asynciotck.exploration.Exploration;
import org.asynciotck.exploration.ExplorationBudget;
import org.asynciotck.exploration.ExplorationFinding;
import org.asynciotck.runner.Coverage;
import org.asynciotck.runner.RuleResult;
import org.asynciotck.runner.RunResult;
import org.asynciotck.runner.ScenarioResult;
import org.asynciotck.runner.Verdict;
import org.asynciotck.spi.ImplementationInfo;

/**
 * The content of conformance.json; docs/conformance.schema.json describes it.
 * Built from a {@link RunResult}, serialised by Jackson as is.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"implementation", "kit", "provenance", "rules", "summary", "iterations", "exploration", "complete"})
public record ConformanceReport(
        Implementation implementation, Kit kit, Provenance provenance, List<Rule> rules, Summary summary,
        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
        Iterations iterations,
        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
        ExplorationSummary exploration,
        boolean complete) {

    /**
     * What the exploration stage did (EXPLORE-1, {@link Exploration}): its budget, so that its verdicts can be
     * replayed, how many programs ran, and every group of divergences.
     */
    @JsonPropertyOrder({"state", "why", "seed", "programs_budget", "time_budget_seconds", "programs", "timed_out",
        "findings"})
    public record ExplorationSummary(String state, String why, long seed,
            @JsonProperty("programs_budget") int programsBudget,
            @JsonProperty("time_budget_seconds") long timeBudgetSeconds, int programs,
            @JsonProperty("timed_out") boolean timedOut, List<Finding> findings) {

        static ExplorationSummary of(Exploration e) {
            return new ExplorationSummary(e.state().wireName(), e.why(), e.budget().seed(), e.budget().programs(),
                    e.budget().time().toSeconds(), e.programs(), e.timedOut(), e.findings().stream().map(f -> new Finding(
                            f.ruleId(), f.counted(), f.blockedBy(), f.guarantee(), f.detail(), f.count(), f.firstProgram(),
                            f.steps(), f.scenarioFile(), f.scriptFile())).toList());
        }

        /** @throws IllegalArgumentException for a state or budget that does not read */
        Exploration toExploration() {
            ExplorationBudget budget = new ExplorationBudget(seed, programsBudget, Duration.ofSeconds(timeBudgetSeconds),
                    !Exploration.State.OFF.wireName().equals(state));
            return new Exploration(budget, Exploration.State.ofWire(state), why, programs, timedOut,
                    findings == null ? List.of() : findings.stream().map(f -> new ExplorationFinding(f.rule(), f.guarantee(),
                            f.detail(), f.count(), f.firstProgram(), f.steps(), f.scenario(), f.script(), f.counted(),
                            f.blockedBy(), Set.of())).toList());
        }
    }

    /**
     * One group of divergences; {@code counted}: whether it fails {@code rule} in this report; {@code blockedBy}:
     * the rules the scenarios found broken that it may follow from (then it is not counted).
     */
    @JsonPropertyOrder({"rule", "counted", "blocked_by", "guarantee", "detail", "count", "first_program", "steps",
            "scenario", "script"})
    public record Finding(String rule, boolean counted, @JsonProperty("blocked_by") List<String> blockedBy,
            String guarantee, String detail, int count, @JsonProperty("first_program") int firstProgram, int steps,
            String scenario, String script) {}

    /**
     * Which primitive drove one iteration (the run's preflight, {@link org.asynciotck.steps.IterationDriver}).
     *
     * @param drivenBy stop_before_run, call_soon_stop or none
     */
    @JsonPropertyOrder({"driven_by", "why"})
    public record Iterations(@JsonProperty("driven_by") String drivenBy, String why) {}

    @JsonPropertyOrder({"id", "identity", "name", "version", "python", "api_level", "capabilities", "profiles"})
    public record Implementation(
            String id, String identity, String name, String version, String python,
            @JsonProperty("api_level") String apiLevel, List<String> capabilities, List<String> profiles) {}

    /** See {@link org.asynciotck.runner.Coverage}. */
    @JsonPropertyOrder({"catalogue_rules", "checked", "other_profiles", "not_applicable", "not_run",
        "core_not_applicable"})
    public record CoverageSummary(
            @JsonProperty("catalogue_rules") int catalogueRules,
            int checked,
            @JsonProperty("other_profiles") List<String> otherProfiles,
            @JsonProperty("not_applicable") List<String> notApplicable,
            @JsonProperty("not_run") List<String> notRun,
            @JsonProperty("core_not_applicable") List<String> coreNotApplicable) {}

    public record Kit(String version) {}

    @JsonPropertyOrder({"id", "title", "level", "verdict", "scenarios"})
    public record Rule(String id, String title, String level, Verdict verdict, List<Scenario> scenarios) {}

    /** @param timeline what a failure about iterations expected and observed per iteration, or null */
    @JsonPropertyOrder({"name", "verdict", "message", "feature", "line", "timeline"})
    public record Scenario(String name, Verdict verdict, String message, String feature, int line,
            @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
            org.asynciotck.runner.Timeline timeline) {}

    /**
     * @param verdicts       how many rules got each verdict
     * @param scenarios      how many scenarios got each verdict
     * @param mustFailures   MUST rules with a verdict other than pass / not-applicable
     * @param shouldWarnings SHOULD rules with a verdict other than pass / not-applicable
     * @param mustPassed     MUST rules that passed (the badge's numerator)
     * @param mustApplicable MUST rules that were applicable (the badge's denominator)
     * @param conformant     complete, at least one rule ran, no MUST failure, no core rule not applicable
     * @param coverage       how much of the catalogue was checked
     * @param headline       the one line that certificates and the console show
     */
    @JsonPropertyOrder({"verdicts", "scenarios", "must_failures", "should_warnings", "must_passed",
        "must_applicable", "conformant", "coverage", "headline"})
    public record Summary(
            Map<String, Integer> verdicts,
            Map<String, Integer> scenarios,
            @JsonProperty("must_failures") int mustFailures,
            @JsonProperty("should_warnings") int shouldWarnings,
            @JsonProperty("must_passed") long mustPassed,
            @JsonProperty("must_applicable") long mustApplicable,
            boolean conformant,
            CoverageSummary coverage,
            String headline) {}

    public static ConformanceReport from(RunResult result, String kitVersion) {
        return from(result, kitVersion, Provenance.here(result.implementation()));
    }

    /** @param provenance where and when the run was made (a {@code matrix --from} column keeps its own) */
    public static ConformanceReport from(RunResult result, String kitVersion, Provenance provenance) {
        ImplementationInfo info = result.implementation();
        Implementation implementation = new Implementation(
                info.id(), info.identity(), info.name(), info.version(), info.python(), info.apiLevel().toString(),
                info.capabilities().stream().sorted().toList(), info.profiles().names());
        List<Rule> rules = result.rules().stream().map(ConformanceReport::rule).toList();
        Summary summary = new Summary(
                byWireName(result.ruleVerdictCounts()), byWireName(result.scenarioVerdictCounts()),
                result.mustFailures().size(), result.shouldWarnings().size(),
                result.mustPassed(), result.mustApplicable(), result.conformant(), coverage(result.coverage()),
                result.headline());
        Iterations iterations = result.iterations() == null ? null
                : new Iterations(result.iterations().wireName(), result.iterations().why());
        ExplorationSummary exploration = result.exploration() == null ? null : ExplorationSummary.of(result.exploration());
        return new ConformanceReport(implementation, new Kit(kitVersion), provenance, rules, summary, iterations,
                exploration, result.complete());
    }

    private static CoverageSummary coverage(Coverage c) {
        return new CoverageSummary(c.catalogueRules(), c.checked(), c.otherProfiles(), c.notApplicable(), c.notRun(),
                c.coreNotApplicable());
    }

    private static Rule rule(RuleResult rule) {
        return new Rule(rule.id(), rule.title(), rule.level().name(), rule.verdict(),
                rule.scenarios().stream().map(ConformanceReport::scenario).toList());
    }

    private static Scenario scenario(ScenarioResult s) {
        return new Scenario(s.name(), s.verdict(), s.message(), s.feature(), s.line(), s.timeline());
    }

    private static Map<String, Integer> byWireName(Map<Verdict, Integer> counts) {
        Map<String, Integer> named = new LinkedHashMap<>();
        counts.forEach((verdict, count) -> named.put(verdict.wireName(), count));
        return named;
    }
}
