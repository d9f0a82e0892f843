package org.asynciotck.runner;

import java.util.ArrayList;
import java.util.List;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.SelectorResolutionResult;
import org.junit.platform.launcher.EngineDiscoveryResult;
import org.junit.platform.launcher.LauncherDiscoveryListener;

/**
 * Every feature file the run selected must be found: a selector Cucumber could not resolve, or a discovery
 * that failed, would otherwise leave its scenarios out of the run without a word, and a run with fewer
 * scenarios than its features hold must never look complete. Collected during the discovery and raised by
 * {@link #requireNone()} before anything runs.
 */
final class DiscoveryProblems implements LauncherDiscoveryListener {

    private final List<String> problems = new ArrayList<>();

    @Override
    public synchronized void selectorProcessed(UniqueId engineId, DiscoverySelector selector,
            SelectorResolutionResult result) {
        if (result.getStatus() != SelectorResolutionResult.Status.RESOLVED) {
            problems.add(selector + " was " + result.getStatus().name().toLowerCase()
                    + result.getThrowable().map(t -> ": " + t).orElse(""));
        }
    }

    @Override
    public synchronized void engineDiscoveryFinished(UniqueId engineId, EngineDiscoveryResult result) {
        if (result.getStatus() == EngineDiscoveryResult.Status.FAILED) {
            problems.add("the discovery of " + engineId + " failed" + result.getThrowable().map(t -> ": " + t).orElse(""));
        }
    }

    synchronized void requireNone() {
        if (!problems.isEmpty()) {
            throw new IllegalStateException("the run could not find all of its scenarios, so it did not start (no "
                    + "verdict would be complete): " + String.join("; ", problems));
        }
    }
}
