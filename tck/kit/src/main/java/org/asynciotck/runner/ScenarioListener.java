package org.asynciotck.runner;

/** Told about each scenario as soon as it has a verdict, e.g. to print progress. */
@FunctionalInterface
public interface ScenarioListener {

    /**
     * @param result   the scenario that just finished
     * @param finished how many scenarios have finished so far, including this one
     * @param total    how many scenarios the run selected
     */
    void scenarioFinished(ScenarioResult result, int finished, int total);

    /**
     * A scenario is about to run, so that a hang shows which one hangs.
     *
     * @param ruleId  the rule it verifies, or "" when it has no rule tag
     * @param name    the scenario's name
     * @param started how many scenarios have started so far, including this one
     * @param total   how many scenarios the run selected
     */
    default void scenarioStarted(String ruleId, String name, int started, int total) {}

    static ScenarioListener none() {
        return (result, finished, total) -> {};
    }
}
