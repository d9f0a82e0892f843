package org.asynciotck.refloop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class EventLoopTest {

    private final ManualClock clock = new ManualClock();
    private final RecordingPoller poller = new RecordingPoller();
    private final EventLoop loop = new EventLoop(clock, poller);
    private final List<String> log = new ArrayList<>();

    @AfterEach
    void closeLoop() {
        loop.close();
    }

    private void runOnce() {
        loop.callSoon(loop::stop);
        loop.runForever();
    }

    /** One iteration through the protected step, without the extra stop callback. */
    private Double probeTimeout() {
        poller.stopAfterPoll = loop;
        loop.runForever();
        poller.stopAfterPoll = null;
        return poller.timeouts.get(poller.timeouts.size() - 1);
    }

    @Test
    void ntodoOneIterationRunsOnlyWhatWasQueuedWhenTheDrainStarted() {
        loop.callSoon(() -> {
            log.add("a");
            loop.callSoon(() -> log.add("c"));
        });
        loop.callSoon(() -> log.add("b"));

        runOnce();
        assertThat(log).containsExactly("a", "b"); // NTODO-1
        assertThat(loop.readyQueueLength()).isEqualTo(1);

        runOnce();
        assertThat(log).containsExactly("a", "b", "c"); // NTODO-2
    }

    @Test
    void dueTimersJoinTheBatchInFifoOrderAfterReadyCallbacks() {
        loop.callLater(-1, () -> log.add("overdue"));
        loop.callSoon(() -> log.add("first"));
        loop.callSoon(() -> log.add("second"));

        runOnce();

        assertThat(log).containsExactly("first", "second", "overdue");
    }

    @Test
    void stopLetsTheBatchFinishAndLeavesWhatItScheduled() {
        loop.callSoon(() -> {
            loop.stop();
            loop.callSoon(() -> log.add("later"));
        });
        loop.callSoon(() -> log.add("same batch"));

        loop.runForever();

        assertThat(log).containsExactly("same batch"); // NTODO-4
        assertThat(loop.readyQueueLength()).isEqualTo(1);
        assertThat(loop.isRunning()).isFalse();
    }

    @Test
    void timeoutIsZeroWhenCallbacksAreReadyOrTheLoopIsStopping() {
        loop.callSoon(() -> {});
        assertThat(probeTimeout()).isEqualTo(0.0); // TIMEOUT-1: ready

        loop.callLater(10, () -> {});
        loop.stop();
        assertThat(probeTimeout()).isEqualTo(0.0); // TIMEOUT-1: stopping
    }

    @Test
    void timeoutFollowsTheEarliestTimerAndIsCappedAtOneDay() {
        loop.callLater(2 * 86400, () -> {});
        assertThat(probeTimeout()).isEqualTo(86400.0); // TIMEOUT-2: capped

        loop.callLater(5, () -> {});
        clock.advance(1);
        assertThat(probeTimeout()).isEqualTo(4.0); // TIMEOUT-2: when - now
    }

    @Test
    void twoDayTimerFiresAfterTwoDaysOfVirtualTime() {
        loop.callLater(2 * 86400, () -> log.add("fired"));
        for (int day = 0; day < 2; day++) {
            probeTimeout();
            clock.advance(86400);
        }
        probeTimeout();
        assertThat(log).containsExactly("fired");
    }

    @Test
    void timeoutBlocksWhenNothingIsScheduled() {
        assertThat(probeTimeout()).isNull(); // TIMEOUT-3
    }

    @Test
    void cancelledHeadTimerIsDroppedBeforeTheTimeoutIsComputed() {
        TimerHandle soon = loop.callLater(1, () -> {});
        loop.callLater(50, () -> {});
        soon.cancel();
        assertThat(loop.cancelledTimerCount()).isEqualTo(1);

        assertThat(probeTimeout()).isEqualTo(50.0); // TIMEOUT-4
        assertThat(loop.scheduledTimerCount()).isEqualTo(1);
        assertThat(loop.cancelledTimerCount()).isZero();
    }

    @Test
    void heapIsRebuiltWhenMostOfManyTimersAreCancelled() {
        List<TimerHandle> timers = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            timers.add(loop.callLater(100 + i, () -> {}));
        }
        // cancel all but the first 20, so the head stays live and only a rebuild can drop them
        timers.subList(20, 120).forEach(TimerHandle::cancel);

        probeTimeout();

        assertThat(loop.scheduledTimerCount()).isEqualTo(20);
        assertThat(loop.cancelledTimerCount()).isZero();
    }

    @Test
    void cancelMarksAndDropsTheCallbackButLeavesTheHandleQueued() {
        Handle handle = loop.callSoon(() -> log.add("cancelled one"));
        handle.cancel();

        assertThat(handle.cancelled()).isTrue(); // HANDLE-1
        assertThat(handle.holdsCallback()).isFalse();
        assertThat(loop.readyQueueLength()).isEqualTo(1);

        runOnce();
        assertThat(log).isEmpty();
        assertThat(loop.readyQueueLength()).isZero();
    }

    /**
     * CPython 3.10 to 3.13 alike: call_soon_threadsafe writes to the self-pipe, so the next poll queues the
     * self-pipe's reader, which len(loop._ready) counts until it runs; it reads every byte waiting, the one a
     * callback ahead of it in the batch wrote too, so the iteration after has no reader.
     */
    @Test
    void theSelfPipesReaderIsQueuedAfterCallSoonThreadsafeAndCounted() {
        loop.callSoon(() -> {
            log.add("a " + loop.readyQueueLength());
            loop.callSoonThreadsafe(() -> log.add("x " + loop.readyQueueLength()));
            loop.callSoon(() -> log.add("y " + loop.readyQueueLength()));
        });
        loop.callSoonThreadsafe(() -> log.add("b " + loop.readyQueueLength()));
        loop.callSoon(() -> log.add("c " + loop.readyQueueLength()));
        assertThat(loop.readyQueueLength()).isEqualTo(3); // the reader comes with the poll

        loop.stop();
        loop.runForever();
        assertThat(log).containsExactly("a 3", "b 4", "c 3"); // behind c: the reader, then x and y

        loop.stop();
        loop.runForever();
        assertThat(log).containsExactly("a 3", "b 4", "c 3", "x 1", "y 0");
    }

    @Test
    void removalTakesTheHandleOutOfTheQueue() {
        Handle handle = loop.callSoon(() -> log.add("removed"));

        assertThat(loop.removeFromReadyQueue(handle)).isTrue(); // HANDLE-2
        assertThat(loop.readyQueueLength()).isZero();
        assertThat(loop.removeFromReadyQueue(handle)).isFalse();
        assertThat(handle.cancelled()).isFalse();
    }

    @Test
    void refusesToRunTwiceAndToScheduleWhenClosed() {
        AtomicReference<Throwable> nested = new AtomicReference<>();
        loop.callSoon(() -> {
            try {
                loop.runForever();
            } catch (LoopRuntimeException e) {
                nested.set(e);
            }
        });
        runOnce();
        assertThat(nested.get()).hasMessage("This event loop is already running");

        loop.close();
        assertThatThrownBy(() -> loop.callSoon(() -> {}))
                .isInstanceOf(LoopRuntimeException.class)
                .hasMessage("Event loop is closed");
    }

    @Test
    void callSoonThreadsafeWakesALoopBlockedInARealSelector() throws Exception {
        EventLoop real = new EventLoop();
        CountDownLatch ran = new CountDownLatch(1);
        Thread loopThread = new Thread(real::runForever, "blocked-loop");
        loopThread.setDaemon(true);
        loopThread.start();
        try {
            // Nothing is scheduled, so the loop blocks in select(None) until woken.
            awaitRunning(real);
            real.callSoonThreadsafe(() -> {
                ran.countDown();
                real.stop();
            });
            assertThat(ran.await(5, TimeUnit.SECONDS)).as("callback ran within 5 s").isTrue();
            loopThread.join(5000);
            assertThat(loopThread.isAlive()).isFalse();
        } finally {
            if (!loopThread.isAlive()) {
                real.close();
            }
        }
    }

    private static void awaitRunning(EventLoop loop) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!loop.isRunning()) {
            assertThat(System.nanoTime()).as("loop started within 5 s").isLessThan(deadline);
            Thread.sleep(1);
        }
    }

    /** A descriptor whose readiness the test sets. */
    private static final class Fd implements Watched {
        boolean readable;

        @Override
        public boolean readable() {
            return readable;
        }

        @Override
        public boolean writable() {
            return true;
        }
    }

    @Test
    void readersRunWhileTheirDescriptorIsReadableAndAreReplacedAndRemoved() {
        EventLoop ioLoop = new EventLoop(new ManualClock(), new RecordingPoller());
        List<String> ran = new java.util.ArrayList<>();
        Fd fd = new Fd();
        ioLoop.addReader(fd, () -> ran.add("first"));
        ioLoop.addReader(fd, () -> ran.add("second")); // IO-4: replaces
        ioLoop.stop();
        ioLoop.runForever();
        assertThat(ran).isEmpty(); // IO-1: nothing to read
        fd.readable = true;
        ioLoop.stop();
        ioLoop.runForever();
        ioLoop.stop();
        ioLoop.runForever();
        assertThat(ran).containsExactly("second", "second"); // IO-2: level-triggered
        assertThat(ioLoop.removeReader(fd)).isTrue(); // IO-3
        assertThat(ioLoop.removeReader(fd)).isFalse();
        assertThat(ioLoop.removeWriter(fd)).isFalse();
        ioLoop.close();
    }
}
