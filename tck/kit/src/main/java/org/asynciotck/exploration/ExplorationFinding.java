package org.asynciotck.exploration;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One group of generated programs on which the loop under test broke one guarantee of the exploration's
 * model, with its first program shrunk.
 *
 * @param ruleId        the rule whose guarantee the model found broken, or null where the model names none
 * @param guarantee     what asyncio guarantees, in words
 * @param detail        what the shrunk program expected and what the loop did
 * @param count         how many of the run's programs broke it the same way
 * @param firstProgram  the index of the first of them (with the budget's seed, it replays the find)
 * @param steps         how many operations the shrunk program has
 * @param scenarioFile  the shrunk program as a scenario, relative to the report folder, or null where the
 *                      kit's steps cannot say it
 * @param scriptFile    the shrunk program as a plain Python script, relative to the report folder
 * @param counted       whether it fails its rule in this run: false while the stage has not been merged into
 *                      the run's verdicts, for a finding without a rule (EXPLORE-1's), for one whose rule
 *                      does not apply to the loop (its declared profile or capabilities), and for one blocked
 * @param blockedBy     the rules the scenarios found broken that the finding's program leans on, where the
 *                      finding names another rule (or none): it may be their consequence, so it is listed and
 *                      not counted (one defect, one rule); empty otherwise
 * @param leansOn       the rules of the stage's model whose behaviour the shrunk program can depend on (only they
 *                      can block it); empty where not known (a finding read back from a report), which means all
 *                      of the stage's {@link Exploration#leansOn}
 */
public record ExplorationFinding(String ruleId, String guarantee, String detail, int count, int firstProgram,
        int steps, String scenarioFile, String scriptFile, boolean counted, List<String> blockedBy, Set<String> leansOn) {

    public ExplorationFinding {
        Objects.requireNonNull(guarantee, "guarantee");
        Objects.requireNonNull(detail, "detail");
        Objects.requireNonNull(scriptFile, "scriptFile");
        blockedBy = blockedBy == null ? List.of() : List.copyOf(blockedBy);
        leansOn = leansOn == null ? Set.of() : Set.copyOf(leansOn);
    }

    /** A finding not blocked by any rule, whose program leans on every rule of its stage's model. */
    public ExplorationFinding(String ruleId, String guarantee, String detail, int count, int firstProgram, int steps,
            String scenarioFile, String scriptFile, boolean counted) {
        this(ruleId, guarantee, detail, count, firstProgram, steps, scenarioFile, scriptFile, counted, List.of(), Set.of());
    }

    /** The same finding, whose shrunk program leans on {@code rules}. */
    public ExplorationFinding leaningOn(Set<String> rules) {
        return new ExplorationFinding(ruleId, guarantee, detail, count, firstProgram, steps, scenarioFile, scriptFile,
                counted, blockedBy, rules);
    }

    /** The same finding, counted in its rule's row. */
    public ExplorationFinding countedInItsRule() {
        return new ExplorationFinding(ruleId, guarantee, detail, count, firstProgram, steps, scenarioFile, scriptFile, true,
                List.of(), leansOn);
    }

    /** The same finding, listed and not counted: the scenarios found {@code rules} broken, which it may follow from. */
    public ExplorationFinding blockedBy(List<String> rules) {
        return new ExplorationFinding(ruleId, guarantee, detail, count, firstProgram, steps, scenarioFile, scriptFile,
                false, rules, leansOn);
    }

    /** Where to look: the scenario (runnable with {@code run --features}) and the script. */
    public String evidence() {
        return (scenarioFile == null ? "" : "scenario " + scenarioFile + ", ") + "script " + scriptFile;
    }
}
