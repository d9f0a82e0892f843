package org.asynciotck.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.asynciotck.reference.ReferenceConfig;
import org.asynciotck.reference.ReferenceImplementation;
import org.asynciotck.spi.Operation;
import org.junit.jupiter.api.Test;

/** The smoke's probes: one harmless sample of every operation, and the whole vocabulary probed. */
class SmokeTest {

    @Test
    void thereIsASampleOfEveryOperationOfTheVocabulary() {
        List<String> sampled = Smoke.samples().stream().map(Operation::wireName).toList();
        List<String> vocabulary = Arrays.stream(Operation.class.getPermittedSubclasses())
                .map(kind -> Smoke.sample(kind).wireName()).toList();
        assertThat(sampled).containsExactlyElementsOf(vocabulary).doesNotHaveDuplicates()
                .hasSize(Operation.class.getPermittedSubclasses().length);
    }

    @Test
    void aBoundThatHasPassedLeavesTheRestNotProbed() {
        long[] now = {0};
        try (ReferenceImplementation reference = new ReferenceImplementation(ReferenceConfig.defaults())) {
            Smoke.Report report = new Smoke(reference, Duration.ofSeconds(1), () -> now[0] += 400_000_000L).run();
            assertThat(report.with(Smoke.Answer.NOT_PROBED)).isNotEmpty()
                    .allSatisfy(p -> assertThat(p.detail()).isEqualTo("the smoke's bound of 1 s passed"));
            assertThat(report.passed()).isFalse();
        }
    }

    @Test
    void theReferenceLoopAnswersEveryOperation() {
        try (ReferenceImplementation reference = new ReferenceImplementation(ReferenceConfig.defaults())) {
            Smoke.Report report = new Smoke(reference, Duration.ofSeconds(60)).run();
            // Every operation, run_under_runner included: the interpreter performs asyncio.Runner's steps (RUNNER-2)
            assertThat(report.with(Smoke.Answer.UNSUPPORTED)).isEmpty();
            assertThat(report.with(Smoke.Answer.ANSWERED)).hasSize(report.probes().size());
            // Every check passes, the unknown name's included: the reference adapter answers it with a
            // KitError outcome, as docs/protocol.md promises (one of the drifts the golden transcripts found).
            assertThat(report.checks()).isNotEmpty().allSatisfy(check -> assertThat(check.passed()).as(check.claim()).isTrue());
        }
    }
}
