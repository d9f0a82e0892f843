package org.asynciotck.refloop;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.PriorityQueue;
import java.util.function.Consumer;

/**
 * The loop's pending timers: CPython's {@code BaseEventLoop._scheduled} heap together with
 * {@code _timer_cancelled_count}, and the timer parts of {@code _run_once} that use them.
 * {@link EventLoop} keeps the steps of an iteration (its protected extension points) and
 * delegates the heap work here.
 *
 * <p>Not thread-safe: like CPython's heap, it is touched by the loop thread only.
 */
final class TimerQueue {

    /** CPython {@code _MIN_SCHEDULED_TIMER_HANDLES}: below this many timers, never rebuild the heap. */
    static final int MIN_SCHEDULED_TIMER_HANDLES = 100;

    /** CPython {@code _MIN_CANCELLED_TIMER_HANDLES_FRACTION}: rebuild when more than this share is cancelled. */
    static final double MIN_CANCELLED_TIMER_HANDLES_FRACTION = 0.5;

    /**
     * Pending timers, earliest first (CPython {@code _scheduled}). Invariant: a handle is in the
     * heap exactly when its {@link TimerHandle#scheduled} flag is set. Cancelled handles stay in
     * the heap (CPython does not search a heap to remove one) until {@link #dropCancelled()}
     * drops them.
     */
    private PriorityQueue<TimerHandle> heap = new PriorityQueue<>();

    /**
     * How many handles in {@link #heap} are cancelled (CPython {@code _timer_cancelled_count}),
     * so that {@link #dropCancelled()} can decide on a rebuild without scanning the heap.
     * Invariant: never less than the number of cancelled handles in the heap. It can be more:
     * as in CPython, {@link #moveDue} hands a cancelled timer to the ready queue without
     * uncounting it; the next rebuild resets the count.
     */
    private int cancelledCount;

    /** Adds a timer ({@code heapq.heappush(self._scheduled, timer)} in {@code call_at}). */
    void add(TimerHandle timer) {
        heap.add(timer);
        timer.scheduled = true;
    }

    /**
     * CPython {@code _timer_handle_cancelled}: counts the timer if it is still in the heap; a
     * timer already popped (run, or dropped) no longer counts.
     */
    void timerCancelled(TimerHandle timer) {
        if (timer.scheduled) {
            cancelledCount++;
        }
    }

    /**
     * First part of {@code _run_once}: when there are more than
     * {@value #MIN_SCHEDULED_TIMER_HANDLES} timers and over half are cancelled, rebuild the heap
     * without them (one O(n) pass instead of many pops); otherwise pop cancelled timers off the
     * head only.
     */
    void dropCancelled() {
        if (rebuildPays()) {
            List<TimerHandle> live = new ArrayList<>(heap.size());
            for (TimerHandle timer : heap) {
                if (timer.cancelled()) {
                    timer.scheduled = false;
                } else {
                    live.add(timer);
                }
            }
            heap = new PriorityQueue<>(live);
            cancelledCount = 0;
        } else {
            // TIMEOUT-4: a cancelled timer at the head must not decide the timeout
            while (!heap.isEmpty() && heap.peek().cancelled()) {
                cancelledCount--;
                heap.poll().scheduled = false;
            }
        }
    }

    /**
     * CPython's heuristic: rebuilding pays when there are more than
     * {@value #MIN_SCHEDULED_TIMER_HANDLES} timers and over half are cancelled. Either path
     * leaves the same live head, so only the cost differs.
     */
    private boolean rebuildPays() {
        int count = heap.size();
        return count > MIN_SCHEDULED_TIMER_HANDLES
                && (double) cancelledCount / count > MIN_CANCELLED_TIMER_HANDLES_FRACTION;
    }

    /**
     * When the earliest timer is due ({@code self._scheduled[0]._when}), or empty when there is
     * none. The poll timeout is computed from it (TIMEOUT-2); after {@link #dropCancelled()} the
     * head is live, so a cancelled timer does not shorten the timeout (TIMEOUT-4).
     */
    OptionalDouble earliestWhen() {
        TimerHandle head = heap.peek();
        return head == null ? OptionalDouble.empty() : OptionalDouble.of(head.when());
    }

    /**
     * {@code _run_once}: "Handle 'later' callbacks that are ready." Pops every timer due before
     * {@code endTime} (CPython: {@code self.time() + self._clock_resolution}) and hands it to
     * {@code ready}, earliest first. Cancelled timers are handed on too: the ready queue skips
     * them when it meets them, as CPython's does (HANDLE-1), and they stay counted in
     * {@link #cancelledCount}.
     */
    void moveDue(double endTime, Consumer<? super TimerHandle> ready) {
        while (!heap.isEmpty() && heap.peek().when() < endTime) {
            TimerHandle timer = heap.poll();
            timer.scheduled = false;
            ready.accept(timer);
        }
    }

    /**
     * CPython {@code close}'s {@code self._scheduled.clear()}. Like CPython, it leaves the
     * cancelled count and the handles' flags as they were: a closed loop never iterates again.
     */
    void clear() {
        heap.clear();
    }

    /** How many timers are in the heap, cancelled ones included. */
    int size() {
        return heap.size();
    }

    /** How many timers in the heap are cancelled. */
    int cancelledCount() {
        return cancelledCount;
    }
}
