package org.asynciotck.refloop;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The real selector's wake-ups: none lost, none left over, whether or not a poll skips the system call. */
class SelectorPollerTest {

    private final SelectorPoller poller = new SelectorPoller();

    @AfterEach
    void close() {
        poller.close();
    }

    @Test
    void aWakeupBeforeABlockingPollIsNotLost() {
        poller.wakeup();
        long start = System.nanoTime();
        poller.poll(10.0); // would block 10 s if the wake-up were lost
        assertThat((System.nanoTime() - start) / 1e9).isLessThan(5.0);
    }

    @Test
    void aNonBlockingPollConsumesAPendingWakeup() {
        poller.wakeup();
        poller.poll(0.0);
        long start = System.nanoTime();
        poller.poll(0.2); // the wake-up was consumed: this poll waits its timeout
        assertThat((System.nanoTime() - start) / 1e9).isGreaterThanOrEqualTo(0.19);
    }

    @Test
    void aNonBlockingPollWithoutAWakeupLeavesNoWakeupBehind() {
        poller.poll(0.0);
        long start = System.nanoTime();
        poller.poll(0.05); // and leaves no wake-up behind
        assertThat((System.nanoTime() - start) / 1e9).isGreaterThanOrEqualTo(0.04);
    }
}
