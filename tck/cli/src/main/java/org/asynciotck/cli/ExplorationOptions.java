package org.asynciotck.cli;

import java.time.Duration;
import org.asynciotck.exploration.ExplorationBudget;
import picocli.CommandLine.Option;

/**
 * The exploration stage of a certification (EXPLORE-1, features/90-generated-programs.feature): whether it
 * runs and with which budget. Shared by run, baseline and matrix, so that all three explore alike.
 */
final class ExplorationOptions {

    @Option(names = "--explore", negatable = true, description = "after the scenarios, run generated programs on the "
            + "loop and on the reference loop; each divergence fails the rule it breaks (default: on; with "
            + "--no-explore the certificate says the stage was off)")
    Boolean explore;

    @Option(names = "--explore-seed", paramLabel = "N", description = "the seed of the generated programs (default: 1)")
    Long seed;

    @Option(names = "--explore-programs", paramLabel = "COUNT", description = "how many generated programs at most "
            + "(default: 300)")
    Integer programs;

    @Option(names = "--explore-time", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "the bound on the whole stage, shrinking included (default: 20s)")
    Duration time;

    /**
     * The budget these options give: the stage runs unless --no-explore.
     *
     * @throws IllegalArgumentException naming the option and its range
     */
    ExplorationBudget budget() {
        ExplorationBudget budget = ExplorationBudget.DEFAULT;
        if (seed != null) {
            budget = budget.withSeed(seed);
        }
        if (programs != null) {
            if (programs < 1 || programs > ExplorationBudget.MAX_PROGRAMS) {
                throw new IllegalArgumentException("bad --explore-programs [" + programs + "]: use 1 to "
                        + ExplorationBudget.MAX_PROGRAMS + " (more with 'asyncio-tck explore')");
            }
            budget = budget.withPrograms(programs);
        }
        if (time != null) {
            budget = budget.withTime(time);
        }
        return explore == null || explore ? budget : budget.turnedOff();
    }

    /** How a user replays the stage's verdicts: the same certification with the same budget. */
    static String replay(ExplorationBudget budget) {
        return "the same certification with --explore-seed " + budget.seed() + " --explore-programs "
                + budget.programs();
    }
}
