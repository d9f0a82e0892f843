package org.asynciotck.explore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.asynciotck.reference.ReferenceImplementation;
import org.asynciotck.spi.ImplementationInfo;
import org.asynciotck.spi.LoopImplementation;
import org.asynciotck.spi.LoopSession;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;
import org.junit.jupiter.api.Test;

/**
 * {@code --time} bounds the whole exploration, shrinking included: once the bound has passed, no shrink
 * candidate runs, and each group keeps the program it was found with. (Shrinking starts only after the lanes
 * have run every program handed out, so with a bound that ends the generation it starts past the bound.)
 */
class ShrinkingTimeBoundTest {

    /** The bound of the test itself: far above the exploration's, which a shrinking that ignored it would pass. */
    private static final Duration TEST_BOUND = Duration.ofSeconds(60);

    @Test
    void noShrinkCandidateRunsOnceTheTimeBoundHasPassed() {
        try (ReferenceImplementation reference = new ReferenceImplementation();
                ReferenceImplementation real = new ReferenceImplementation()) {
            Explorer.Settings settings = Explorer.Settings.of(1, 100_000).within(Duration.ofMillis(400));
            Explorer.Result result = assertTimeoutPreemptively(TEST_BOUND,
                    () -> new Explorer(reference, new SlowAndReversed(real), settings).run(i -> {}));

            assertThat(result.timedOut()).isTrue();
            assertThat(result.groups()).isNotEmpty().allSatisfy(group -> {
                assertThat(group.shrinkRuns()).as(group.signature()).isZero();
                assertThat(group.minimal()).isEqualTo(group.original());
            });
        }
    }

    /**
     * A stop (what Ctrl-C or SIGTERM asks of {@code explore}) ends the exploration within a program or two: the
     * result holds the programs that ran before it, in order, says it is interrupted and incomplete, and its
     * groups are not shrunk further; the report of it is written as any other.
     */
    @Test
    void aStoppedExplorationReturnsWhatRanBeforeMarkedInterrupted(@org.junit.jupiter.api.io.TempDir java.nio.file.Path out)
            throws Exception {
        try (ReferenceImplementation reference = new ReferenceImplementation();
                ReferenceImplementation real = new ReferenceImplementation()) {
            Explorer explorer = new Explorer(reference, new SlowAndReversed(real), Explorer.Settings.of(1, 100_000));
            Explorer.Result result = assertTimeoutPreemptively(TEST_BOUND, () -> explorer.run(i -> {
                if (i == 5) {
                    explorer.stop();
                }
            }));

            assertThat(result.interrupted()).isTrue();
            assertThat(result.complete()).isFalse();
            assertThat(result.timedOut()).isFalse();
            assertThat(result.programs()).isBetween(6, 20);
            assertThat(result.groups()).isNotEmpty().allSatisfy(group -> assertThat(group.shrinkRuns()).isZero());
            java.nio.file.Path json = ExplorationReport.write(result, real.info(), "replay", out);
            assertThat(java.nio.file.Files.readString(json)).contains("\"interrupted\" : true");
        }
    }

    /** The reference loop, 50 ms slower a program, with the events of each program recorded in reverse order. */
    private record SlowAndReversed(LoopImplementation real) implements LoopImplementation {
        @Override
        public ImplementationInfo info() {
            return real.info();
        }

        @Override
        public LoopSession openSession() {
            return real.openSession();
        }

        @Override
        public List<Outcome> runProgram(List<Operation> operations) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            List<Outcome> outcomes = new ArrayList<>(real.runProgram(operations));
            int recorded = operations.indexOf(new Operation.Recorded());
            if (recorded >= 0 && outcomes.get(recorded).value() instanceof List<?> events && events.size() > 1) {
                List<Object> reversed = new ArrayList<>(events);
                Collections.reverse(reversed);
                outcomes.set(recorded, Outcome.value(reversed));
            }
            return outcomes;
        }
    }
}
