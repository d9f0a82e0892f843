package org.asynciotck.explore;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.asynciotck.spi.Operation;

/**
 * The select-timeout probe (TIMEOUT-1 to TIMEOUT-4): how long the loop would block in its selector, asked with
 * {@code select_timeout} (one iteration with the selector replaced by a probe that never blocks and answers the
 * timeout the loop passed). Generated only where the implementation declares the {@code select-timeout}
 * capability ({@link Allowed#selectTimeouts()}).
 *
 * <p>An {@code AT} choice with an argument from {@link #FIRST_ARG} on carries the probe instead of its timer (an
 * argument, not a kind of its own, so a program without it is the program it was); the first such choice picks the
 * {@link Variant}. The block is written at the end of the program (after the tail of the tasks that catch their
 * cancellation, before the close tail), as the close tail is: timers an hour or a day away, one of them cancelled,
 * stay in the heap of a loop that never drops cancelled timers, and a timed run after them would block there for an
 * hour. Its first {@code select_timeout}s drain what the program left ready or overdue (callbacks are two levels
 * deep, tasks awaiting tasks a few more): those answer 0 on every loop alike (TIMEOUT-1), the later ones the time
 * to the earliest live timer.
 */
final class TimeoutProbe {

    /** The argument of an AT choice from which it carries the probe: 9, 10, 11 pick the variants in order. */
    static final int FIRST_ARG = 9;
    /**
     * The most {@code select_timeout}s a block ends with: the first ones drain what is still ready or overdue. With
     * three, 58 of the 219 programs of seed 1 that probe never got past what was still ready; with four, 3.
     */
    static final int PROBES = 4;
    /**
     * How far apart two timeouts may be and still be the same: CPython's clock is real, so its answer is the delay
     * less the time spent since the timer was scheduled (milliseconds, more on a loaded machine), while the
     * reference loop's clock is virtual and does not move between the two. The variants' timers are an hour or
     * more apart, so 5 s tells every wrong answer from a slow machine. None against a number, and 0 against
     * anything else, are compared exactly.
     */
    static final double TOLERANCE_SECONDS = 5.0;

    private TimeoutProbe() {}

    /**
     * What the block schedules before its probes. Each shows more than one defect, so that each defect meets the
     * probe in more than a third of the programs that carry it.
     */
    enum Variant {
        /** Timers an hour and two hours away: the timeout is the time to the earlier one (TIMEOUT-2). */
        EARLIEST(false, 3600.0, 7200.0),
        /**
         * A timer an hour away, cancelled, and one beyond a day: the cancelled one does not decide (TIMEOUT-4), and
         * the timeout is capped at a day, base_events.MAXIMUM_SELECT_TIMEOUT (TIMEOUT-2).
         */
        CANCELLED_HEAD_CAPPED(true, 3600.0, 100000.0),
        /**
         * A timer an hour away, cancelled, then two hours and beyond a day: the cancelled one does not decide
         * (TIMEOUT-4), the earliest live one does, not the latest (TIMEOUT-2).
         */
        CANCELLED_HEAD(true, 3600.0, 7200.0, 100000.0);

        final boolean cancelsHead;
        final double[] delays;

        Variant(boolean cancelsHead, double... delays) {
            this.cancelsHead = cancelsHead;
            this.delays = delays;
        }
    }

    /** The variant an AT choice carries, if it carries the probe. */
    static Optional<Variant> of(Sketch.Choice choice) {
        int index = choice.arg() - FIRST_ARG;
        return choice.kind() == Sketch.Kind.AT && index >= 0 && index < Variant.values().length
                ? Optional.of(Variant.values()[index]) : Optional.empty();
    }

    /**
     * How far the block of {@code choice} goes, by its children, which the shrinker drops towards none, so a find that
     * needs less of the block shrinks to less (a done callback expected in the first probe's iteration kept four
     * probes and two timers, nine steps): with none, one {@code select_timeout} and no timer (it answers None, or 0
     * while work waits: TIMEOUT-1, TIMEOUT-3); with n, the variant's timers and n + 1 probes, at most {@link #PROBES}.
     */
    static int probes(Sketch.Choice choice) {
        return choice.then().isEmpty() ? 0 : Math.min(PROBES, 1 + choice.then().size());
    }

    /**
     * The block's operations, and its timers' labels with their delays.
     *
     * @param steps  the operations, in order
     * @param timers every timer's label and delay (leaf timers that never fall due while the program runs)
     */
    record Block(List<Operation> steps, Map<String, Double> timers) {}

    /**
     * The block of {@code variant} with {@code probes} select_timeouts after its timers (0: one select_timeout and no
     * timer, see {@link #probes}); {@code next} names each timer (its handle has the same name).
     */
    static Block block(Variant variant, int probes, Supplier<String> next) {
        List<Operation> steps = new ArrayList<>();
        Map<String, Double> timers = new LinkedHashMap<>();
        if (probes == 0) {
            // The least block: one probe of what the program left, no timer of its own
            return new Block(List.of(new Operation.SelectTimeout()), Map.of());
        }
        for (double delay : variant.delays) {
            String label = next.get();
            timers.put(label, delay);
            steps.add(new Operation.CallLater(delay, label, List.of(), label));
        }
        if (variant.cancelsHead) {
            steps.add(new Operation.CancelHandle(timers.keySet().iterator().next()));
        }
        for (int i = 0; i < probes; i++) {
            steps.add(new Operation.SelectTimeout());
        }
        return new Block(List.copyOf(steps), Map.copyOf(timers));
    }

    /** Whether two answers of {@code select_timeout} are the same, within {@link #TOLERANCE_SECONDS}. */
    static boolean same(Object expected, Object observed) {
        if (expected == null || observed == null) {
            return expected == observed;
        }
        if (!(expected instanceof Number e) || !(observed instanceof Number o)) {
            return expected.equals(observed);
        }
        if (e.doubleValue() == 0.0 || o.doubleValue() == 0.0) {
            return e.doubleValue() == o.doubleValue();
        }
        return Math.abs(e.doubleValue() - o.doubleValue()) <= TOLERANCE_SECONDS;
    }

    /**
     * The guarantee an answer of {@code select_timeout} breaks, if it is not the reference loop's: 0 while work
     * waits (TIMEOUT-1), none with nothing scheduled (TIMEOUT-3), a cancelled timer's time when the program
     * cancelled one (TIMEOUT-4), else the time to the earliest timer, at most a day (TIMEOUT-2). An answer of 0
     * is TIMEOUT-1's when a callback was ready (or a stop pending) and TIMEOUT-2's when only overdue timers ran
     * in the probe's iteration on the reference loop.
     *
     * @param ran the kinds of what recorded the events of the probe's iteration on the reference loop
     */
    static Optional<Divergence> compare(Program program, int index, Object expected, Object observed, List<String> ran) {
        if (same(expected, observed)) {
            return Optional.empty();
        }
        String[] rule;
        double e = expected instanceof Number n ? n.doubleValue() : Double.NaN;
        double o = observed instanceof Number n ? n.doubleValue() : Double.NaN;
        if (expected == null) {
            rule = new String[] {"with nothing scheduled, the loop blocks without a timeout", "TIMEOUT-3"};
        } else if (e == 0.0 && !ran.isEmpty() && ran.stream().allMatch(k -> k.equals("call_later")
                || k.equals("call_at") || k.equals("note") || k.equals("error"))) {
            rule = new String[] {"an overdue timer gives a timeout of 0", "TIMEOUT-2"};
        } else if (e == 0.0) {
            rule = new String[] {"the timeout is 0 while work waits: callbacks ready, a stop pending (or a timer"
                    + " overdue)", "TIMEOUT-1"};
        } else if (observed != null && o < e && cancelsATimer(program)) {
            rule = new String[] {"cancelled timers at the head of the timer queue do not shorten the timeout",
                    "TIMEOUT-4"};
        } else {
            rule = new String[] {"with only timers pending, the timeout is the time to the earliest one, between 0"
                    + " and one day (base_events.MAXIMUM_SELECT_TIMEOUT)", "TIMEOUT-2"};
        }
        return Optional.of(new Divergence(rule[0], rule[1], "operation " + (index + 1) + " (select_timeout): expected "
                + seconds(expected) + ", observed " + seconds(observed) + " (the same within " + TOLERANCE_SECONDS
                + " s: CPython's clock is real)", "timeout|" + rule[1]));
    }

    /** Whether the program cancels a timer's handle (a probe's timer is its own handle, others are "h" + label). */
    private static boolean cancelsATimer(Program program) {
        return program.steps().stream().anyMatch(s -> s instanceof Operation.CancelHandle c
                && (program.delays().containsKey(c.handle()) || program.delays().containsKey(c.handle().substring(1))));
    }

    private static String seconds(Object timeout) {
        return timeout == null ? "none (block until I/O or a wake-up)" : timeout + " s";
    }
}
