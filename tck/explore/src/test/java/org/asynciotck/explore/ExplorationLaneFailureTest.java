package org.asynciotck.explore;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.List;
import org.asynciotck.reference.ReferenceImplementation;
import org.asynciotck.spi.ImplementationInfo;
import org.asynciotck.spi.LoopImplementation;
import org.asynciotck.spi.LoopSession;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;
import org.junit.jupiter.api.Test;

/** A lane that dies of an Error (a linkage error, an assertion) ends the exploration with it; it never hangs. */
class ExplorationLaneFailureTest {

    /** Far above what ten programs take; a hang would wait for ever. */
    private static final Duration BOUND = Duration.ofSeconds(60);

    @Test
    void anErrorInALaneEndsTheRunWithThatError() {
        try (ReferenceImplementation reference = new ReferenceImplementation();
                ReferenceImplementation real = new ReferenceImplementation()) {
            LoopImplementation dying = new Dying(real);
            assertTimeoutPreemptively(BOUND, () -> assertThatThrownBy(
                    () -> new Explorer(reference, dying, Explorer.Settings.of(1, 10)).run(i -> {}))
                    .hasMessageContaining("an exploration lane failed").hasRootCauseMessage("the lane's loop broke"));
        }
    }

    /** Answers every program with an Error. */
    private record Dying(LoopImplementation real) implements LoopImplementation {
        @Override
        public ImplementationInfo info() {
            return real.info();
        }

        @Override
        public LoopSession openSession() {
            throw new AssertionError("the lane's loop broke");
        }

        @Override
        public List<Outcome> runProgram(List<Operation> operations) {
            throw new AssertionError("the lane's loop broke");
        }
    }
}
