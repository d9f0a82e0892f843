package org.asynciotck.refloop;

/**
 * A callback scheduled for a time: what {@code call_later} and {@code call_at} return.
 * Mirrors CPython {@code asyncio.events.TimerHandle}. Ordered by {@link #when()}; timers with
 * equal deadlines have no guaranteed order (neither do CPython's, whose heap is not stable).
 */
public class TimerHandle extends Handle implements Comparable<TimerHandle> {

    /** When the timer is due, on the loop's clock (seconds). */
    private final double when;

    /**
     * True while the handle is in the loop's timer heap (CPython {@code _scheduled}, see
     * {@link TimerQueue}); the cancelled-timer count only counts handles that are.
     */
    boolean scheduled;

    TimerHandle(EventLoop loop, double when, Runnable callback, Context context) {
        super(loop, callback, context);
        this.when = when;
    }

    /** When the timer is due, as {@code TimerHandle.when()}. */
    public double when() {
        return when;
    }

    /** CPython {@code TimerHandle.cancel}: tells the loop first, so it can count cancelled timers. */
    @Override
    public void cancel() {
        if (!cancelled()) {
            loop.timerHandleCancelled(this);
        }
        super.cancel();
    }

    @Override
    public int compareTo(TimerHandle other) {
        return Double.compare(when, other.when);
    }

    @Override
    public String toString() {
        return super.toString() + " when=" + when;
    }
}
