package org.asynciotck.runner;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.List;
import java.util.Optional;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.TestTag;
import org.junit.platform.engine.support.descriptor.ClasspathResourceSource;
import org.junit.platform.engine.support.descriptor.FilePosition;
import org.junit.platform.engine.support.descriptor.FileSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Collects one {@link ScenarioResult} per scenario the JUnit Platform runs.
 *
 * <p>Results are read from another thread by the shutdown hook that writes the
 * partial reports, and with scenarios side by side they arrive from several, so every access is
 * synchronised. They are read in plan order, whatever order they finished in, so reports are the
 * same whether the scenarios ran one at a time or side by side.
 */
final class ScenarioCollector implements TestExecutionListener {

    private final ScenarioListener listener;
    /** The results by unique id, as they finished; read in plan order ({@link #snapshot}). */
    private final Map<String, ScenarioResult> results = new LinkedHashMap<>();
    /**
     * Held while the listener is told of one scenario, so that with scenarios side by side it hears of them
     * one at a time and its counts in order (never "finished 12/44" after "44/44"); apart from the lock on
     * the results, so a shutdown hook's snapshot never waits for a console.
     */
    private final Object delivery = new Object();
    /** Every scenario the plan selected, in plan order; those without a result when the run is cut are not-run. */
    private final List<TestIdentifier> planned = new ArrayList<>();
    private int total;
    private int started;
    /**
     * Set when the run is being interrupted ({@link #freeze}): a scenario that finishes after that finishes
     * because the kit is ending its agents, so its verdict (say "crashed (signal 9)") would blame the
     * implementation for the kit's own kill. It stays not-run instead.
     */
    private boolean frozen;

    ScenarioCollector(ScenarioListener listener) {
        this.listener = listener;
    }

    @Override
    public synchronized void testPlanExecutionStarted(TestPlan testPlan) {
        total = Math.toIntExact(testPlan.countTestIdentifiers(TestIdentifier::isTest));
        started = 0;
        planned.clear();
        testPlan.getRoots().forEach(root -> addTestsInOrder(testPlan, root));
    }

    /** Depth first, children in the plan's order: the order the scenarios run in one at a time. */
    private void addTestsInOrder(TestPlan testPlan, TestIdentifier node) {
        if (node.isTest()) {
            planned.add(node);
        }
        testPlan.getChildren(node).forEach(child -> addTestsInOrder(testPlan, child));
    }

    @Override
    public void executionStarted(TestIdentifier identifier) {
        if (!identifier.isTest()) {
            return;
        }
        List<String> tags = identifier.getTags().stream().map(TestTag::getName).toList();
        synchronized (delivery) {
            int count;
            int of;
            synchronized (this) {
                count = ++started;
                of = total;
            }
            listener.scenarioStarted(ScenarioTags.ruleId(tags).orElse(""), identifier.getDisplayName(), count, of);
        }
    }

    @Override
    public void executionSkipped(TestIdentifier identifier, String reason) {
        if (identifier.isTest()) {
            record(identifier, new VerdictClassifier.Classified(Verdict.ERROR, "skipped by the engine: " + reason));
        }
    }

    @Override
    public void executionFinished(TestIdentifier identifier, TestExecutionResult result) {
        if (identifier.isTest()) {
            record(identifier, VerdictClassifier.classify(result));
        } else if (result.getStatus() != TestExecutionResult.Status.SUCCESSFUL) {
            recordUnfinishedUnder(identifier, result);
        }
    }

    /**
     * A container that failed (Cucumber's engine when it cannot load the glue, a feature whose background
     * hook threw) reports none of its scenarios: each one it left without a verdict gets an error that says
     * why, so a run that broke down is never read as a run that selected less.
     */
    private void recordUnfinishedUnder(TestIdentifier container, TestExecutionResult result) {
        String why = container.getDisplayName() + " " + result.getStatus().name().toLowerCase()
                + result.getThrowable().map(t -> ": " + t).orElse("") + ", so this scenario did not run";
        List<TestIdentifier> unfinished;
        synchronized (this) {
            unfinished = planned.stream()
                    .filter(test -> test.getUniqueIdObject().hasPrefix(container.getUniqueIdObject())
                            && !results.containsKey(test.getUniqueId()))
                    .toList();
        }
        unfinished.forEach(test -> record(test, new VerdictClassifier.Classified(Verdict.ERROR, why)));
    }

    private void record(TestIdentifier identifier, VerdictClassifier.Classified classified) {
        synchronized (delivery) {
            ScenarioResult scenario;
            int finished;
            int of;
            synchronized (this) {
                if (frozen) {
                    return; // finished after the interruption began: not-run in snapshotWithNotRun
                }
                if (results.containsKey(identifier.getUniqueId())) {
                    return; // a scenario reported twice (skipped, then finished) keeps its first verdict
                }
                scenario = resultOf(identifier, classified);
                results.put(identifier.getUniqueId(), scenario);
                finished = results.size();
                of = total;
            }
            listener.scenarioFinished(scenario, finished, of);
        }
    }

    /** No result recorded from now on counts: the run is being interrupted. */
    synchronized void freeze() {
        frozen = true;
    }

    /** What has finished, in plan order. */
    synchronized List<ScenarioResult> snapshot() {
        return inPlanOrder(null);
    }

    /** Every planned scenario in plan order: its verdict, or not-run when it has not finished; for a cut run. */
    synchronized List<ScenarioResult> snapshotWithNotRun(String why) {
        return inPlanOrder(new VerdictClassifier.Classified(Verdict.NOT_RUN, "not run: " + why));
    }

    /**
     * The results in plan order, each planned scenario without one given {@code unfinished} (or left out
     * when it is null); a result of a scenario the plan did not hold comes after the plan.
     */
    private List<ScenarioResult> inPlanOrder(VerdictClassifier.Classified unfinished) {
        List<ScenarioResult> all = new ArrayList<>(planned.size());
        for (TestIdentifier scenario : planned) {
            ScenarioResult finished = results.get(scenario.getUniqueId());
            if (finished != null) {
                all.add(finished);
            } else if (unfinished != null) {
                all.add(resultOf(scenario, unfinished));
            }
        }
        Set<String> plannedIds = plannedIds();
        results.forEach((id, finished) -> {
            if (!plannedIds.contains(id)) {
                all.add(finished);
            }
        });
        return List.copyOf(all);
    }

    private Set<String> plannedIds() {
        Set<String> ids = new HashSet<>();
        planned.forEach(test -> ids.add(test.getUniqueId()));
        return ids;
    }

    private static ScenarioResult resultOf(TestIdentifier identifier, VerdictClassifier.Classified classified) {
        return new ScenarioResult(
                identifier.getDisplayName(), classified.verdict(), classified.message(),
                featureOf(identifier.getSource()), lineOf(identifier.getSource()),
                identifier.getTags().stream().map(TestTag::getName).sorted().toList(), classified.timeline());
    }

    synchronized int total() {
        return total;
    }

    private static String featureOf(Optional<TestSource> source) {
        return source.map(s -> {
            if (s instanceof ClasspathResourceSource resource) {
                return resource.getClasspathResourceName();
            }
            if (s instanceof FileSource file) {
                return file.getFile().getPath();
            }
            return s.toString();
        }).orElse("");
    }

    private static int lineOf(Optional<TestSource> source) {
        return source.flatMap(s -> {
            if (s instanceof ClasspathResourceSource resource) {
                return resource.getPosition();
            }
            if (s instanceof FileSource file) {
                return file.getPosition();
            }
            return Optional.<FilePosition>empty();
        }).map(FilePosition::getLine).orElse(0);
    }
}
