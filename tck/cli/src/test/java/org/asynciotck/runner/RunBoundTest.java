package org.asynciotck.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.asynciotck.reference.ReferenceConfig;
import org.asynciotck.reference.ReferenceImplementation;
import org.asynciotck.spi.ImplementationFailure;
import org.asynciotck.spi.LoopSession;
import org.asynciotck.spi.Operation;
import org.junit.jupiter.api.Test;

/** The overall bound of a run, on a clock the test moves. */
class RunBoundTest {

    private final AtomicLong now = new AtomicLong();

    @Test
    void theBoundIsThreeOperationBoundsPerScenarioPlusSlack() {
        assertThat(RunBound.of(10, Duration.ofSeconds(1))).isEqualTo(Duration.ofSeconds(60));
        assertThat(RunBound.of(0, Duration.ofSeconds(2))).isEqualTo(Duration.ofSeconds(36));
    }

    @Test
    void onceTheBoundHasPassedOperationsAndNewSessionsTimeOutAtOnce() {
        ReferenceImplementation reference =
                new ReferenceImplementation(ReferenceConfig.defaults().withOperationBound(Duration.ofSeconds(1)));
        RunBound bounded = new RunBound(reference, () -> 10, now::get);
        try (LoopSession session = bounded.openSession()) {
            assertThat(session.perform(new Operation.RunOnce()).isError()).isFalse();
            now.addAndGet(Duration.ofSeconds(60).toNanos());
            assertThatThrownBy(() -> session.perform(new Operation.RunOnce()))
                    .isInstanceOf(ImplementationFailure.class)
                    .hasMessageContaining("the run's overall bound of 60 s has passed");
        }
        assertThatThrownBy(bounded::openSession).isInstanceOf(ImplementationFailure.class)
                .hasMessageContaining("not attempted (opening a loop)");
    }
}
