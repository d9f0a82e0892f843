package org.asynciotck.mutation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.asynciotck.explore.Explorer;
import org.asynciotck.kit.PyenvPythons;
import org.asynciotck.process.AgentCommand;
import org.asynciotck.process.ProcessImplementation;
import org.asynciotck.reference.ReferenceConfig;
import org.asynciotck.reference.ReferenceImplementation;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

/**
 * The reference loop explored against CPython 3.12.1 (C Task/Future) as the oracle: generated programs show no
 * divergence, for four seeds beyond the one every certification explores. One test per seed, so that a mutation
 * run (docs/mutation.md) could stop at the first that kills; run among the features' target tests on 2026-12-03
 * it killed no mutant the scenarios had not killed first, so the profile leaves it out. Skipped where CPython
 * 3.12.1 is not installed.
 */
@Tag("evidence") // CPython agents, seconds each: run by -P evidence (CI), not the gate
class ExploredAgainstCPythonTest {

    private static final String PYTHON = "3.12.1";
    /** Seeds, each one test: more programs kill more mutants, and each seed costs about a second. */
    private static final int SEEDS = 4;
    private static final int PROGRAMS_PER_SEED = 150;

    @TestFactory
    Stream<DynamicTest> theReferenceLoopDivergesFromCPythonNowhere() {
        return LongStream.rangeClosed(1, SEEDS).mapToObj(seed -> dynamicTest("seed " + seed, () -> {
            Path python = PyenvPythons.installed(PYTHON);
            AgentCommand command = AgentCommand.python(python).variant("c").operationTimeout(Duration.ofSeconds(10))
                    .handshakeTimeout(Duration.ofSeconds(10)).build();
            try (ProcessImplementation cpython = new ProcessImplementation(command);
                    ReferenceImplementation reference = new ReferenceImplementation(
                            ReferenceConfig.comparedWith(cpython.info()))) {
                // as ExplorationTest explores CPython against the reference loop: a (mutated) reference loop that
                // does what CPython does not shows as a divergence either way round
                Explorer.Result result = new Explorer(reference, cpython, Explorer.Settings.of(seed, PROGRAMS_PER_SEED))
                        .run(i -> {});
                assertThat(result.programs()).isEqualTo(PROGRAMS_PER_SEED);
                assertThat(result.groups()).as("divergences of the reference loop from CPython %s, seed %d", PYTHON,
                        seed).isEmpty();
            }
        }));
    }
}
