package org.asynciotck.gallery;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import org.asynciotck.exploration.ExplorationBudget;
import org.asynciotck.kit.PyenvPythons;
import org.asynciotck.process.AgentCommand;
import org.asynciotck.process.ProcessImplementation;
import org.asynciotck.runner.ConformanceRun;
import org.asynciotck.runner.RuleCatalogue;
import org.asynciotck.runner.RuleLevel;
import org.asynciotck.runner.RuleResult;
import org.asynciotck.runner.RunConfiguration;
import org.asynciotck.runner.RunResult;
import org.asynciotck.runner.ScenarioListener;
import org.asynciotck.runner.ScenarioResult;
import org.asynciotck.runner.Verdict;
import org.asynciotck.spi.Operation;

/** Certifies a loop factory of tck/cli/src/test/resources/gallery/ through the Python agent, with every rule. */
final class GalleryRuns {

    private GalleryRuns() {}

    /** The pyenv interpreter of {@code version}; the test is skipped (never failed) when it is not installed. */
    static Path python(String version) {
        return PyenvPythons.installed(version);
    }

    /**
     * One full run: {@code loop} is {@code module:factory} in the gallery folder, or null for stock
     * asyncio; {@code variant} is c or py.
     */
    static RunResult certify(Path python, String loop, String variant, Duration bound, Path out) {
        return certify(python, loop, variant, bound, out, null, 1, null);
    }

    /**
     * As {@link #certify(Path, String, String, Duration, Path)}, with the scenarios {@code tags} selects (null:
     * all), {@code jobs} at a time, and iterations forced to {@code forced} (null: as the preflight finds).
     */
    static RunResult certify(Path python, String loop, String variant, Duration bound, Path out, String tags, int jobs,
            Operation.RunOnce.Via forced) {
        AgentCommand.Builder command = AgentCommand.python(python).variant(variant).pythonPath(folder())
                .operationTimeout(bound).handshakeTimeout(Duration.ofSeconds(10));
        if (loop != null) {
            command.loop(loop);
        }
        try (ProcessImplementation implementation = new ProcessImplementation(command.build())) {
            ConformanceRun run = new ConformanceRun(RunConfiguration.of(implementation, tags, out).withJobs(jobs),
                    RuleCatalogue.loadFromClasspath(RunConfiguration.DEFAULT_FEATURES_FOLDER), ScenarioListener.none());
            run.exploring(exploration(), "the same test with -Dgallery.explore=" + exploration().programs());
            return (forced == null ? run : run.forcingIterationsBy(forced)).execute();
        }
    }

    /**
     * The exploration stage of every gallery run: {@code run}'s default, so that each loop's expected verdicts
     * are what {@code run} alone says of it; {@code -Dgallery.explore=N} explores N programs instead, and
     * {@code -Dgallery.explore=off} turns the stage off (to see what the scenarios alone catch).
     */
    static ExplorationBudget exploration() {
        String explore = System.getProperty("gallery.explore", "").trim();
        if (explore.isEmpty()) {
            return ExplorationBudget.DEFAULT;
        }
        return explore.equals("off") ? ExplorationBudget.OFF : ExplorationBudget.DEFAULT.withPrograms(Integer.parseInt(explore));
    }

    /** The MUST and SHOULD rules that did not pass (not-applicable counts as passing here), with their verdicts. */
    static Map<String, Verdict> nonPassing(RunResult result) {
        Map<String, Verdict> rules = new TreeMap<>();
        for (RuleResult rule : result.rules()) {
            if (rule.level() != RuleLevel.INFO && rule.verdict() != Verdict.PASS
                    && rule.verdict() != Verdict.NOT_APPLICABLE) {
                rules.put(rule.id(), rule.verdict());
            }
        }
        return rules;
    }

    /** Every scenario's verdict, keyed by where it is ("features/x.feature:12 name"). */
    static Map<String, Verdict> scenarioVerdicts(RunResult result) {
        Map<String, Verdict> verdicts = new TreeMap<>();
        for (ScenarioResult scenario : result.scenarios()) {
            verdicts.put(scenario.location() + " " + scenario.name(), scenario.verdict());
        }
        return verdicts;
    }

    /** What each non-passing rule's decisive scenario said, for assertion messages. */
    static Map<String, String> reasons(RunResult result) {
        Map<String, String> reasons = new TreeMap<>();
        for (RuleResult rule : result.rules()) {
            if (rule.verdict() != Verdict.PASS && rule.verdict() != Verdict.NOT_APPLICABLE) {
                reasons.put(rule.id(), rule.decisiveScenario().message());
            }
        }
        return reasons;
    }

    private static Path folder() {
        try {
            return Path.of(GalleryRuns.class.getResource("/gallery/broken_loops.py").toURI()).getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException("the gallery is not a folder on the test classpath", e);
        }
    }
}
