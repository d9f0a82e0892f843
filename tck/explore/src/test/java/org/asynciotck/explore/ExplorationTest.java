package org.asynciotck.explore;

import static org.assertj.core.api.Assertions.assertThat;

import org.asynciotck.process.ProcessImplementation;
import org.asynciotck.reference.ReferenceConfig;
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

    /**
     * Stock CPython with asyncio.eager_task_factory, declared as the eager-task-factory profile: the reference loop
     * follows it, the programs make tasks in runs (they start at once on both), and nothing diverges.
     */
    @Test
    void aDeclaredEagerTaskFactoryAgreesWithTheReferenceLoopThatFollowsIt() {
        try (ProcessImplementation eager = Loops.agent(Loops.python("3.12.1"), "c",
                        "declaration_loops:declared_eager_task_factory", Loops.declarationLoops());
                ReferenceImplementation reference = new ReferenceImplementation(ReferenceConfig.comparedWith(eager.info()))) {
            Explorer explorer = new Explorer(reference, eager, Explorer.Settings.of(SEED, 300));
            assertThat(explorer.allowed().tasksInRuns()).as("tasks made in runs").isTrue();
            Explorer.Result result = explorer.run(i -> {});
            System.out.printf("[explore] reference (eager task factory) vs CPython 3.12.1 c with it: %d programs,"
                    + " %.1f programs/s%n", result.programs(), result.programsPerSecond());
            assertThat(Reports.describe(result)).as("divergences").isEmpty();
        }
    }

    @Test
    void aDeclaredEagerTaskFactoryComparedWithAReferenceThatDoesNotFollowItMakesNoTaskInARun() {
        try (ProcessImplementation eager = Loops.agent(Loops.python("3.12.1"), "c",
                        "declaration_loops:declared_eager_task_factory", Loops.declarationLoops());
                ReferenceImplementation reference = new ReferenceImplementation()) {
            Allowed allowed = new Explorer(reference, eager, Explorer.Settings.of(SEED, 1)).allowed();
            assertThat(allowed.tasksInRuns()).as("tasks made in runs").isFalse();
            assertThat(allowed.eagerTasks()).as("eager tasks").isFalse();
        }
    }
}
