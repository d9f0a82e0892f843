package org.asynciotck.runner;

import java.util.ArrayList;
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
 * partial reports, so every access is synchronised.
 */
final class ScenarioCollector implements TestExecutionListener {

    private final ScenarioListener listener;
    private final List<ScenarioResult> results = new ArrayList<>();
    private int total;

    ScenarioCollector(ScenarioListener listener) {
        this.listener = listener;
    }

    @Override
    public synchronized void testPlanExecutionStarted(TestPlan testPlan) {
        total = Math.toIntExact(testPlan.countTestIdentifiers(TestIdentifier::isTest));
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
        }
    }

    private void record(TestIdentifier identifier, VerdictClassifier.Classified classified) {
        ScenarioResult scenario;
        int finished;
        synchronized (this) {
            scenario = new ScenarioResult(
                    identifier.getDisplayName(), classified.verdict(), classified.message(),
                    featureOf(identifier.getSource()), lineOf(identifier.getSource()),
                    identifier.getTags().stream().map(TestTag::getName).sorted().toList());
            results.add(scenario);
            finished = results.size();
        }
        listener.scenarioFinished(scenario, finished, total);
    }

    synchronized List<ScenarioResult> snapshot() {
        return List.copyOf(results);
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
