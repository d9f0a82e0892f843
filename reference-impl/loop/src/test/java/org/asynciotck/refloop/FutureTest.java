package org.asynciotck.refloop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FutureTest {

    private final EventLoop loop = new EventLoop(new ManualClock(), new RecordingPoller());
    private final List<String> log = new ArrayList<>();

    private void runOnce() {
        loop.callSoon(loop::stop);
        loop.runForever();
    }

    @Test
    void doneCallbacksAreQueuedNotCalledBySetResult() {
        Future<Integer> future = loop.createFuture();
        future.addDoneCallback(f -> log.add("done " + f.result()));

        future.setResult(42);

        assertThat(log).isEmpty(); // FUTURE-1
        assertThat(loop.readyQueueLength()).isEqualTo(1);
        runOnce();
        assertThat(log).containsExactly("done 42"); // FUTURE-2
    }

    @Test
    void addingACallbackToADoneFutureDefersIt() {
        Future<Integer> future = loop.createFuture();
        future.setResult(1);

        future.addDoneCallback(f -> log.add("late"));

        assertThat(log).isEmpty(); // FUTURE-2
        runOnce();
        assertThat(log).containsExactly("late");
    }

    @Test
    void setResultTwiceIsAnInvalidState() {
        Future<Integer> future = loop.createFuture();
        future.setResult(1);
        assertThatThrownBy(() -> future.setResult(2)).isInstanceOf(InvalidStateException.class);
    }

    @Test
    void synchronousFutureCallsCallbacksInsideSetResult() {
        Future<Integer> future = new SynchronousFuture<>(loop);
        future.addDoneCallback(f -> log.add("now"));

        future.setResult(1);

        assertThat(log).containsExactly("now");
        assertThat(loop.readyQueueLength()).isZero();
    }

    @Test
    void runUntilCompleteReturnsTheResult() {
        Future<String> future = loop.createFuture();
        loop.callSoon(() -> future.setResult("value"));
        assertThat(loop.runUntilComplete(future)).isEqualTo("value");
    }
}
