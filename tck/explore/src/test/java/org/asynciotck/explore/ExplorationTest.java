package org.asynciotck.explore;

import static org.assertj.core.api.Assertions.assertThat;

import org.asynciotck.process.ProcessImplementation;
import org.asynciotck.reference.ReferenceImplementation;
import org.junit.jupiter.api.Test;

/** A fixed-seed exploration finds no divergence where there is none (the CI regression check of issue 12). */
class ExplorationTest {

    private static final long SEED = 12;

    @Test
    void theReferenceLoopAgreesWithItself() {
        try (ReferenceImplementation reference = new ReferenceImplementation();
                ReferenceImplementation underTest = new ReferenceImplementation()) {
            Explorer.Result result = new Explorer(reference, underTest, Explorer.Settings.of(SEED, 300)).run(i -> {});
            System.out.printf("[explore] reference vs reference: %d programs, %d operations, %.1f programs/s%n",
                    result.programs(), result.operations(), result.programsPerSecond());
            assertThat(Reports.describe(result)).as("divergences").isEmpty();
        }
    }

    @Test
    void cpython312AgreesWithTheReferenceLoop() {
        try (ReferenceImplementation reference = new ReferenceImplementation();
                ProcessImplementation cpython = Loops.agent(Loops.python("3.12.1"), "c", null)) {
            Explorer.Result result = new Explorer(reference, cpython, Explorer.Settings.of(SEED, 300)).run(i -> {});
            System.out.printf("[explore] reference vs CPython 3.12.1 c: %d programs, %.1f programs/s"
                    + " (reference %.2f s, CPython %.2f s)%n", result.programs(), result.programsPerSecond(),
                    result.referenceSeconds(), result.implementationSeconds());
            assertThat(Reports.describe(result)).as("divergences").isEmpty();
        }
    }
}
