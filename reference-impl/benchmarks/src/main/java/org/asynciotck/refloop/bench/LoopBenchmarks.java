package org.asynciotck.refloop.bench;

import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.asynciotck.refloop.EventLoop;
import org.asynciotck.refloop.Future;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The reference loop's hot paths, per callback, on the loop as a program gets it
 * ({@code new EventLoop()}: the system clock and a real selector). Each workload is the one
 * {@code loop_workloads.py} times on CPython asyncio and uvloop, step for step, so the figures
 * compare:
 *
 * <ul>
 *   <li>{@link #chain}: one callback per iteration, each scheduling the next with
 *       {@code call_soon}: the cost of a whole iteration of {@code _run_once} (poll included).
 *   <li>{@link #batch}: {@value #BATCH} {@code call_soon} callbacks, then the one iteration
 *       that runs them all: scheduling plus draining.
 *   <li>{@link #future}: {@value #BATCH} futures, each with one done callback and then a result,
 *       whose callbacks the next iteration runs.
 *   <li>{@link #pastDueTimers}: {@value #BATCH} timers already due when scheduled, moved from
 *       the heap to the ready queue and run in one iteration.
 *   <li>{@link #dequeFloor}: the floor for {@link #batch}: the same callbacks added to a bare
 *       {@code ArrayDeque<Runnable>} and drained, with no handles, no lock and no loop.
 *   <li>{@link #dequeOfDistinctCallbacks}: the same drain with one new object per callback, as a
 *       loop's handle is: what the floor costs once each entry is an object of its own, no longer
 *       one shared callback that stays in the cache.
 * </ul>
 *
 * <p>Every workload's last callback stops the loop, so an invocation is exactly its callbacks;
 * the figure is nanoseconds per callback (JMH's {@code @OperationsPerInvocation}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class LoopBenchmarks {

    /** Callbacks per invocation: the "1M" of the workloads. */
    public static final int BATCH = 1_000_000;

    /** Iterations per invocation of {@link #chain}: enough to make the stop and restart negligible. */
    public static final int CHAIN = 100_000;

    /** One loop per benchmark thread, opened once: opening a selector is not part of any workload. */
    @State(Scope.Thread)
    public static class Loop {
        EventLoop loop;
        int count;

        @Setup(Level.Trial)
        public void open() {
            loop = new EventLoop();
        }

        @TearDown(Level.Trial)
        public void close() {
            loop.close();
        }

        /** A callback that counts, and stops the loop at the {@code last}-th call. */
        Runnable countTo(int last) {
            count = 0;
            return () -> {
                if (++count == last) {
                    loop.stop();
                }
            };
        }
    }

    @Benchmark
    @OperationsPerInvocation(CHAIN)
    public int chain(Loop state) {
        EventLoop loop = state.loop;
        state.count = 0;
        Runnable[] step = new Runnable[1];
        step[0] = () -> {
            if (++state.count == CHAIN) {
                loop.stop();
            } else {
                loop.callSoon(step[0]);
            }
        };
        loop.callSoon(step[0]);
        loop.runForever();
        return state.count;
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int batch(Loop state) {
        EventLoop loop = state.loop;
        Runnable callback = state.countTo(BATCH);
        for (int i = 0; i < BATCH; i++) {
            loop.callSoon(callback);
        }
        loop.runForever();
        return state.count;
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int future(Loop state) {
        EventLoop loop = state.loop;
        Runnable counter = state.countTo(BATCH);
        Consumer<Future<Integer>> callback = done -> counter.run();
        for (int i = 0; i < BATCH; i++) {
            Future<Integer> future = loop.createFuture();
            future.addDoneCallback(callback);
            future.setResult(i);
        }
        loop.runForever();
        return state.count;
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int pastDueTimers(Loop state) {
        EventLoop loop = state.loop;
        Runnable callback = state.countTo(BATCH);
        double past = loop.time() - 1.0; // due a second ago, in deadline order
        for (int i = 0; i < BATCH; i++) {
            loop.callAt(past + i * 1e-9, callback);
        }
        loop.runForever();
        return state.count;
    }

    /** The floor state: one deque, reused like the loop's ready queue. */
    @State(Scope.Thread)
    public static class Deque {
        final ArrayDeque<Runnable> queue = new ArrayDeque<>();
        int count;
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int dequeFloor(Deque state) {
        ArrayDeque<Runnable> queue = state.queue;
        state.count = 0;
        Runnable callback = () -> state.count++;
        for (int i = 0; i < BATCH; i++) {
            queue.addLast(callback);
        }
        Runnable next;
        while ((next = queue.pollFirst()) != null) {
            next.run();
        }
        return state.count;
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int dequeOfDistinctCallbacks(Deque state) {
        ArrayDeque<Runnable> queue = state.queue;
        state.count = 0;
        for (int i = 0; i < BATCH; i++) {
            int[] slot = {i}; // one object per entry, as each call_soon makes a handle
            queue.addLast(() -> state.count += slot[0] >= 0 ? 1 : 0);
        }
        Runnable next;
        while ((next = queue.pollFirst()) != null) {
            next.run();
        }
        return state.count;
    }
}
