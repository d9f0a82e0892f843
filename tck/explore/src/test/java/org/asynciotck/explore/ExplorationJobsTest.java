package org.asynciotck.explore;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.asynciotck.process.ProcessImplementation;
import org.asynciotck.reference.ReferenceImplementation;
import org.asynciotck.spi.LoopImplementation;
import org.junit.jupiter.api.Test;

/**
 * --jobs and --time: the same seed gives the same groups for any number of jobs; a time bound says how many ran.
 * Without timed runs, so that nothing depends on the real clock of a loaded machine.
 */
class ExplorationJobsTest {

    private static final int PROGRAMS = 60;

    @Test
    void oneJobAndTwoJobsFindTheSameGroupsInTheSamePrograms() {
        List<String> one = groups(1);
        List<String> two = groups(2);
        System.out.printf("[explore] broken_loops:lifo_ready_queue, %d programs: %s%n", PROGRAMS, one);
        assertThat(one).as("groups with one job").isNotEmpty();
        assertThat(two).as("groups with two jobs").isEqualTo(one);
    }

    @Test
    void aTimeBoundEndsTheGenerationAndTheResultSaysHowManyRan() {
        try (ReferenceImplementation reference = new ReferenceImplementation();
                ReferenceImplementation underTest = new ReferenceImplementation()) {
            Explorer.Result result = new Explorer(reference, underTest,
                    Explorer.Settings.of(3, 1_000_000).within(Duration.ofMillis(300))).run(i -> {});
            assertThat(result.timedOut()).isTrue();
            assertThat(result.programs()).isBetween(1, 999_999);
            assertThat(result.groups()).isEmpty();
        }
    }

    private static List<String> groups(int jobs) {
        List<LoopImplementation> opened = new ArrayList<>();
        try {
            List<Explorer.Lane> lanes = new ArrayList<>();
            for (int j = 0; j < jobs; j++) {
                ProcessImplementation broken = Loops.agent(Loops.python("3.12.1"), "c", "broken_loops:lifo_ready_queue");
                opened.add(broken);
                ReferenceImplementation reference = new ReferenceImplementation();
                opened.add(reference);
                lanes.add(new Explorer.Lane(reference, broken));
            }
            Explorer.Result result = new Explorer(lanes, Explorer.Settings.of(11, PROGRAMS).withoutTimedRuns()).run(i -> {});
            assertThat(result.programs()).isEqualTo(PROGRAMS);
            List<String> groups = new ArrayList<>();
            for (Explorer.Group g : result.groups()) {
                groups.add(g.signature() + " x" + g.count() + " first " + g.firstProgram() + " minimal "
                        + g.minimal().steps());
            }
            return groups;
        } finally {
            opened.forEach(LoopImplementation::close);
        }
    }
}
