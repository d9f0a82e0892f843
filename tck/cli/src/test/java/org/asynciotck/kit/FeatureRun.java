package org.asynciotck.kit;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.asynciotck.runner.FeatureSelection;
import org.asynciotck.runner.TagExpressionDiscoveryFilter;
import org.asynciotck.spi.LoopImplementation;
import org.asynciotck.steps.RunScope;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestTag;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.EventType;
import org.junit.platform.testkit.engine.Events;

/**
 * Runs every feature against one implementation with JUnit's EngineTestKit and sums up the
 * outcome per rule, so the kit's own tests can say which rules an implementation fails.
 */
public final class FeatureRun {

    private static final Pattern RULE_ID = Pattern.compile("[A-Z]+-[0-9]+");

    private final Map<String, Set<String>> failuresByRule = new TreeMap<>();
    /** INFO rules report what a loop does; a "failure" there is an observation, never a verdict. */
    private final Map<String, Set<String>> infoObservations = new TreeMap<>();
    private final Set<String> passedRules = new TreeSet<>();
    private final Set<String> notApplicableRules = new TreeSet<>();
    /** Each scenario's outcome, keyed by "RULE-ID scenario name". */
    private final Map<String, ScenarioOutcome> outcomesByScenario = new TreeMap<>();
    private int scenarios;

    /** What one scenario came to: the verdict, comparable across repeated runs. */
    public enum ScenarioOutcome { PASSED, FAILED, INFO_OBSERVED, NOT_APPLICABLE }

    private FeatureRun() {}

    public static FeatureRun of(LoopImplementation implementation) {
        return of(implementation, null);
    }

    /**
     * Runs the scenarios that match a Cucumber tag expression (e.g. {@code "@STALL-1 or @STALL-2"});
     * null or blank runs every scenario.
     */
    public static FeatureRun of(LoopImplementation implementation, String tagExpression) {
        try (RunScope scope = RunScope.open(implementation)) {
            EngineTestKit.Builder engine = EngineTestKit.engine("cucumber")
                    .selectors(FeatureSelection.of("features").toArray(DiscoverySelector[]::new))
                    .configurationParameter("cucumber.glue", "org.asynciotck.steps")
                    .configurationParameter("cucumber.plugin", scope.stepPlugins());
            if (tagExpression != null && !tagExpression.isBlank()) {
                // Not cucumber.filter.tags: that keeps the other scenarios in the plan, reported as skipped.
                engine = engine.filters(new TagExpressionDiscoveryFilter(tagExpression));
            }
            Events events = engine.execute().allEvents();
            FeatureRun run = new FeatureRun();
            events.stream().forEach(run::add);
            if (run.scenarios == 0) {
                throw new IllegalStateException("no scenario ran: the features were not found on the classpath "
                        + "or the tag filter [" + tagExpression + "] matched nothing (events: " + events.stream().map(Event::toString).limit(5).toList() + ")");
            }
            return run;
        }
    }


    private void add(Event event) {
        if (event.getType() == EventType.SKIPPED) {
            scenarios++;
            ruleOf(event).ifPresent(notApplicableRules::add);
            record(event, ScenarioOutcome.NOT_APPLICABLE);
            return;
        }
        if (event.getType() != EventType.FINISHED) {
            return;
        }
        scenarios++;
        TestExecutionResult result = event.getRequiredPayload(TestExecutionResult.class);
        String rule = ruleOf(event).orElse("?");
        switch (result.getStatus()) {
            case SUCCESSFUL -> {
                passedRules.add(rule);
                record(event, ScenarioOutcome.PASSED);
            }
            case ABORTED -> {
                notApplicableRules.add(rule);
                record(event, ScenarioOutcome.NOT_APPLICABLE);
            }
            case FAILED -> {
                (isInfo(event) ? infoObservations : failuresByRule)
                        .computeIfAbsent(rule, id -> new TreeSet<>())
                        .add(result.getThrowable().map(Throwable::getMessage).orElse("(no message)"));
                record(event, isInfo(event) ? ScenarioOutcome.INFO_OBSERVED : ScenarioOutcome.FAILED);
            }
        }
    }

    private void record(Event event, ScenarioOutcome outcome) {
        if (!event.getTestDescriptor().isTest()) {
            return;
        }
        String key = ruleOf(event).orElse("?") + " " + event.getTestDescriptor().getDisplayName();
        outcomesByScenario.put(key, outcome);
    }

    private static boolean isInfo(Event event) {
        return event.getTestDescriptor().getTags().stream().anyMatch(tag -> tag.getName().equals("INFO"));
    }

    private static java.util.Optional<String> ruleOf(Event event) {
        return event.getTestDescriptor().getTags().stream()
                .map(TestTag::getName)
                .filter(name -> RULE_ID.matcher(name).matches())
                .findFirst();
    }

    /** What the INFO rules observed where the loop differs from CPython, by rule. */
    public Map<String, Set<String>> infoObservations() {
        return infoObservations;
    }

    /** MUST and SHOULD rule IDs with at least one failed scenario. */
    public Set<String> failedRules() {
        return failuresByRule.keySet();
    }

    /** Every failure message, by rule: what a test prints when its expectation is not met. */
    public Map<String, Set<String>> failures() {
        return failuresByRule;
    }

    public Set<String> passedRules() {
        return passedRules;
    }

    public Set<String> notApplicableRules() {
        return notApplicableRules;
    }

    /** Each scenario's outcome, keyed by "RULE-ID scenario name" (sorted). */
    public Map<String, ScenarioOutcome> outcomesByScenario() {
        return outcomesByScenario;
    }

    public int scenarios() {
        return scenarios;
    }
}
