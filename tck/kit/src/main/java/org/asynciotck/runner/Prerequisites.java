package org.asynciotck.runner;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Declared prerequisites, resolved when a run's result is assembled: a scenario tagged {@code @needs-TIMER-4}
 * (on itself, its Examples, or its Rule) leans on a behaviour that rule TIMER-4 checks. When the scenario did
 * not pass and TIMER-4 ran in the same run and did not pass either, the scenario's verdict is "blocked by
 * TIMER-4", with its own observation kept in the message: one defect then fails one rule, and the rules whose
 * claims the loop keeps say that they could not be checked. Resolving here, once every verdict is known, makes
 * the outcome independent of the order the scenarios ran in and of {@code --jobs}.
 *
 * <p>The prerequisite must have a finding of its own (crashed, timed-out, error or fail): a prerequisite
 * that is itself only blocked blocks nothing. What stays: a scenario that passed (its observation holds whatever the prerequisite did); a crash (the
 * worst the kit can say, never excused); a verdict that is already not a finding (not-applicable, not-run,
 * blocked); and any scenario whose prerequisite did not run at all (e.g. left out by {@code --tags}), since
 * then nothing says the prerequisite is broken. Blocked is never a pass: a rule with a blocked scenario does
 * not pass (RuleResult, RunResult.conformant).
 */
final class Prerequisites {

    private final Map<String, List<ScenarioResult>> byRule;
    /** Rule verdicts after resolution; a rule is in here once resolved. */
    private final Map<String, Verdict> resolved = new HashMap<>();
    /** Rules being resolved, so that a cycle (which the catalogue refuses) cannot recurse forever. */
    private final Set<String> resolving = new HashSet<>();
    private final Map<ScenarioResult, ScenarioResult> rewritten = new HashMap<>();

    private Prerequisites(List<ScenarioResult> scenarios) {
        byRule = new LinkedHashMap<>();
        for (ScenarioResult scenario : scenarios) {
            byRule.computeIfAbsent(scenario.ruleId().orElse(RuleAggregator.UNTAGGED), id -> new ArrayList<>())
                    .add(scenario);
        }
    }

    /** {@code scenarios} in the same order, each blocked where a prerequisite of it did not pass. */
    static List<ScenarioResult> resolve(List<ScenarioResult> scenarios) {
        Prerequisites prerequisites = new Prerequisites(scenarios);
        prerequisites.byRule.keySet().forEach(prerequisites::verdictOf);
        return scenarios.stream().map(s -> prerequisites.rewritten.getOrDefault(s, s)).toList();
    }

    /** The verdict of rule {@code id} after resolution, or empty when none of its scenarios ran. */
    private Optional<Verdict> verdictOf(String id) {
        if (resolved.containsKey(id)) {
            return Optional.of(resolved.get(id));
        }
        List<ScenarioResult> scenarios = byRule.get(id);
        if (scenarios == null || !resolving.add(id)) {
            return Optional.empty();
        }
        List<Verdict> verdicts = new ArrayList<>();
        for (ScenarioResult scenario : scenarios) {
            ScenarioResult outcome = blockedIfDue(scenario);
            if (outcome != scenario) {
                rewritten.put(scenario, outcome);
            }
            verdicts.add(outcome.verdict());
        }
        resolving.remove(id);
        Verdict verdict = Verdict.worstOf(verdicts);
        resolved.put(id, verdict);
        return Optional.of(verdict);
    }

    private ScenarioResult blockedIfDue(ScenarioResult scenario) {
        if (!excusable(scenario.verdict())) {
            return scenario;
        }
        for (String prerequisite : ScenarioTags.prerequisites(scenario.tags())) {
            Optional<Verdict> verdict = verdictOf(prerequisite);
            if (verdict.isPresent() && isFinding(verdict.get())) {
                return new ScenarioResult(scenario.name(), Verdict.BLOCKED,
                        "blocked by " + prerequisite + ", a declared prerequisite that did not pass in this run ("
                                + verdict.get().wireName() + "); observed (" + scenario.verdict().wireName() + "): "
                                + scenario.message(),
                        scenario.feature(), scenario.line(), scenario.tags(), scenario.timeline());
            }
        }
        return scenario;
    }

    /**
     * A prerequisite blocks only with a finding of its own. Blocked itself (its claim could not be checked,
     * because of a prerequisite of its own) it blocks nothing: the defect that blocked it is reported by that
     * rule, and a dependent scenario that fails anyway may break its own claim (a loop whose call_soon runs
     * callbacks inside a task's step blocks TASK-2 by NTODO-2, and breaks CURRENT-2 itself). Not-run (a cut
     * run) says nothing either.
     */
    static boolean isFinding(Verdict verdict) {
        return verdict == Verdict.CRASHED || verdict == Verdict.TIMED_OUT || verdict == Verdict.ERROR
                || verdict == Verdict.FAIL;
    }

    /** The verdicts a broken prerequisite can explain: what the scenario itself observed went wrong. */
    private static boolean excusable(Verdict verdict) {
        return verdict == Verdict.FAIL || verdict == Verdict.ERROR || verdict == Verdict.TIMED_OUT;
    }
}
