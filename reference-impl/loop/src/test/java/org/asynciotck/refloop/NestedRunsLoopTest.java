package org.asynciotck.refloop;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The reentrant reference loop (profile nested-runs): NEST-1, NEST-3 and NEST-4 at the level of the loop. */
class NestedRunsLoopTest {

    private final NestedRunsLoop loop = new NestedRunsLoop(new ManualClock(), new RecordingPoller());

    @AfterEach
    void closeLoop() {
        loop.close();
    }

    @Test
    void aNestedRunUntilCompleteReturnsTheResultAndTheOuterRunGoesOnToItsOwnStop() {
        Future<Integer> inner = loop.createFuture();
        AtomicReference<Integer> nested = new AtomicReference<>();
        List<String> ran = new ArrayList<>();
        loop.callSoon(() -> {
            ran.add("a");
            loop.callSoon(() -> {
                ran.add("setter");
                inner.setResult(7);
            });
            nested.set(loop.runUntilComplete(inner)); // not refused: the loop is reentrant
            loop.callSoon(() -> {
                ran.add("b");
                loop.stop();
            });
        });

        loop.runForever();

        assertThat(nested.get()).isEqualTo(7);
        assertThat(ran).containsExactly("a", "setter", "b");
        assertThat(loop.isRunning()).isFalse();
    }

    @Test
    @Timeout(value = 5, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a lost stop spins the virtual loop for ever
    void aNestedRunForeverEndsAtItsOwnStopAndLeavesTheOuterRunsPendingStop() {
        List<String> ran = new ArrayList<>();
        loop.callSoon(() -> {
            ran.add("a");
            loop.callSoon(() -> {
                ran.add("b");
                loop.stop(); // the nested run's own stop
            });
            loop.runForever();
            ran.add("nested returned, running " + loop.isRunning());
        });

        loop.stop(); // the outer run's: one iteration
        loop.runForever(); // returns only if the nested run left this stop pending (a hang otherwise)

        assertThat(ran).containsExactly("a", "b", "nested returned, running true");
    }
}
