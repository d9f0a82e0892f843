package org.asynciotck.kit;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.asynciotck.spi.LoopImplementation;
import org.asynciotck.steps.CurrentImplementation;
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
    private int scenarios;

    private FeatureRun() {}

    public static synchronized FeatureRun of(LoopImplementation implementation) {
        CurrentImplementation.use(implementation);
        try {
            Events events = EngineTestKit.engine("cucumber")
                    .selectors(selectPackage("features"))
                    .configurationParameter("cucumber.glue", "org.asynciotck.steps")
                    .execute()
                    .allEvents();
            FeatureRun run = new FeatureRun();
            events.stream().forEach(run::add);
            if (run.scenarios == 0) {
                throw new IllegalStateException("no scenario ran: the features were not found on the classpath "
                        + "(events: " + events.stream().map(Event::toString).limit(5).toList() + ")");
            }
            return run;
        } finally {
            CurrentImplementation.clear();
        }
    }

    private void add(Event event) {
        if (event.getType() == EventType.SKIPPED) {
            scenarios++;
            ruleOf(event).ifPresent(notApplicableRules::add);
            return;
        }
        if (event.getType() != EventType.FINISHED) {
            return;
        }
        scenarios++;
        TestExecutionResult result = event.getRequiredPayload(TestExecutionResult.class);
        String rule = ruleOf(event).orElse("?");
        switch (result.getStatus()) {
            case SUCCESSFUL -> passedRules.add(rule);
            case ABORTED -> notApplicableRules.add(rule);
            case FAILED -> (isInfo(event) ? infoObservations : failuresByRule)
                    .computeIfAbsent(rule, id -> new TreeSet<>())
                    .add(result.getThrowable().map(Throwable::getMessage).orElse("(no message)"));
        }
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

    public int scenarios() {
        return scenarios;
    }
}
