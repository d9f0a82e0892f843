package org.asynciotck.exploration;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What a certification's exploration stage did: whether it ran, with which budget, how many programs, and
 * what it found. Reports carry it, so that a certificate says how much was explored and how to replay it.
 *
 * @param budget   the budget it was given
 * @param state    whether it ran
 * @param why      for a stage that did not run, why; for one that ran, what it left out ("" for nothing)
 * @param programs how many programs ran
 * @param timedOut whether the budget's time ended it before all its programs ran
 * @param findings every group of divergences, each under the rule it breaks, or with none
 * @param leansOn  the rules whose guarantees the stage's model compares (every generated program leans on
 *                 their behaviour): where the scenarios find one broken, findings under other rules are blocked by it
 */
public record Exploration(ExplorationBudget budget, State state, String why, int programs, boolean timedOut,
        List<ExplorationFinding> findings, Set<String> leansOn) {

    /** A stage that leans on no rule (one read back from a report, one that did not run). */
    public Exploration(ExplorationBudget budget, State state, String why, int programs, boolean timedOut,
            List<ExplorationFinding> findings) {
        this(budget, state, why, programs, timedOut, findings, Set.of());
    }

    /** Whether the stage ran. */
    public enum State {
        /** It ran its programs (all of them, or as many as its time allowed). */
        RAN,
        /** The user turned it off. */
        OFF,
        /** It was to run and did not: the tag expression left it out, the run was cut, the stage is missing. */
        NOT_RUN;

        public String wireName() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }

        public static State ofWire(String name) {
            for (State state : values()) {
                if (state.wireName().equals(name)) {
                    return state;
                }
            }
            throw new IllegalArgumentException("unknown exploration state '" + name + "': one of ran, off, not-run");
        }
    }

    public Exploration {
        Objects.requireNonNull(budget, "budget");
        Objects.requireNonNull(state, "state");
        why = why == null ? "" : why;
        findings = List.copyOf(findings);
        leansOn = leansOn == null ? Set.of() : Set.copyOf(leansOn);
    }

    public static Exploration off(ExplorationBudget budget) {
        return new Exploration(budget, State.OFF, "turned off", 0, false, List.of());
    }

    public static Exploration notRun(ExplorationBudget budget, String why) {
        return new Exploration(budget, State.NOT_RUN, why, 0, false, List.of());
    }

    /** The same stage with {@code findings} instead of its own (the runner marks which of them it counted). */
    public Exploration withFindings(List<ExplorationFinding> findings) {
        return new Exploration(budget, state, why, programs, timedOut, findings, leansOn);
    }

    /** One line for a certificate or a console: what ran, and how to replay it. */
    public String describe() {
        return switch (state) {
            case OFF -> "exploration off (" + budget.describe() + " when on)";
            case NOT_RUN -> "exploration not run: " + why;
            case RAN -> "explored " + programs + " generated programs of seed " + budget.seed()
                    + (timedOut ? " (the budget's " + budget.time().toSeconds() + " s ended it before "
                            + budget.programs() + ")" : "")
                    + ": " + (findings.isEmpty() ? "no divergence" : findings.size() + " divergence group(s)"
                            + blocked())
                    + (why.isEmpty() ? "" : "; " + why);
        };
    }

    private String blocked() {
        long blocked = findings.stream().filter(f -> !f.blockedBy().isEmpty()).count();
        return blocked == 0 ? "" : ", " + blocked + " of them blocked by "
                + String.join(", ", findings.stream().flatMap(f -> f.blockedBy().stream()).distinct().sorted().toList());
    }
}
