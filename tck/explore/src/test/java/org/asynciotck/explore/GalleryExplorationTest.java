package org.asynciotck.explore;

import static org.assertj.core.api.Assertions.assertThat;

import org.asynciotck.process.ProcessImplementation;
import org.asynciotck.reference.ReferenceImplementation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Exploration finds what is wrong with loops of the gallery of broken loops (tck/cli's
 * src/test/resources/gallery/broken_loops.py) within a fixed budget of programs, names the rule it breaks,
 * and shrinks it to at most 8 steps.
 */
class GalleryExplorationTest {

    private static final int BUDGET = 200;
    private static final int MOST_STEPS = 8;

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "lifo_ready_queue, NTODO-3",
        "drains_new_callbacks, NTODO-2",
        "call_soon_runs_inline, NTODO-2",
        "done_callbacks_reversed, FUTURE-1",
    })
    void findsAndShrinksTheDivergence(String factory, String rule) {
        try (ReferenceImplementation reference = new ReferenceImplementation();
                ProcessImplementation broken = Loops.agent(Loops.python("3.12.1"), "c", "broken_loops:" + factory)) {
            Explorer.Result result = new Explorer(reference, broken, Explorer.Settings.of(7, BUDGET).stoppingAtFirst())
                    .run(i -> {});
            System.out.printf("[explore] broken_loops:%s after %d programs: %s%n", factory, result.programs(),
                    Reports.describe(result));
            assertThat(result.groups()).as("divergences of broken_loops:%s within %d programs", factory, BUDGET)
                    .isNotEmpty();
            Explorer.Group group = result.groups().get(0);
            assertThat(group.minimal().size()).as("steps of the shrunk program: %s", group.minimal().steps())
                    .isLessThanOrEqualTo(MOST_STEPS);
            assertThat(group.minimalDivergence().ruleId()).as(Reports.describe(result)).isEqualTo(rule);
        }
    }
}
