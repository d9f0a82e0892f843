package org.asynciotck.explore;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Optional;
import org.asynciotck.spi.Event;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;

/**
 * What each loop's own clock guarantees, checked on each loop against itself: the reference loop's clock is
 * virtual and CPython's real, so no time is compared between the two (docs/exploration.md, "What is compared").
 * A program reads the clock at two kinds of sites, both found in its steps (the Program record has no field of
 * its own for them):
 *
 * <ul>
 *   <li>a <em>deadline</em> (TIMER-1): {@code loop.time()}, a {@code call_later}/{@code call_at}, {@code loop.time()},
 *       then {@code when()} of its handle. asyncio's {@code call_later} computes {@code time() + delay} between the
 *       two readings (and the kit's {@code call_at} passes {@code time() + delay}, read between them too), so on a
 *       monotonic clock {@code before + delay <= when() <= after + delay};</li>
 *   <li>the end of a <em>timed run</em> (TIMER-3): the run until the future its completer timer completes, then
 *       {@code loop.time()} and the completer's {@code when()}. The run ends only after the completer ran, and a
 *       timer runs once {@code time() + clock_resolution} passes its deadline (CPython's {@code _run_once}), so
 *       {@code time() >= when() - resolution} after the run. A time after the run that is before even
 *       {@code when() - delay}, the time at which the run's callback scheduled the timer, is a clock that went back
 *       (TIMER-5), not a timer that ran early.</li>
 * </ul>
 *
 * <p>Across the program, the readings of {@code loop.time()} never decrease (TIMER-5: a monotonic clock).
 *
 * <p>A loop that breaks a check where the reference loop keeps it diverges; a reference loop that breaks one is the
 * kit's error (the reference is fixed, not the model). What {@code loop.time()} and {@code when()} answer is never
 * compared between the loops, only whether each answered a number or raised ({@link Model}).
 */
final class ClockChecks {

    private ClockChecks() {}

    /**
     * How far, in units in the last place, {@code when()} may lie outside {@code [before + delay, after + delay]}:
     * the loop adds the delay to its own reading, the check to the notes, and two roundings of the same sum may
     * part. uvloop's {@code when()} is {@code (now_ms + delay_ms) * 1e-3} and its {@code time()} {@code now_ms /
     * 1000}: measured one ulp apart for positive delays (1.1e-13 s at a clock of 850 s; its call_later() with a delay
     * of 0 or less returns a Handle without when(), errata U-8); CPython 3.10 to 3.13 kept the bounds with no slack
     * (2,000 calls each). As the kit's TIMER-1 step (tck/kit TimerSteps.ROUNDING_ULPS).
     */
    static final int DEADLINE_ULPS = 4;

    /**
     * How much earlier than the completer's {@code when()} the loop's time after a timed run may be: CPython runs a
     * timer due within its clock's resolution (1 ns here) and uvloop's clock counts whole milliseconds. Measured over
     * 2,000 timed runs each: CPython 3.10 to 3.13 at least 0.1 ms after {@code when()}, uvloop one ulp before it. One
     * millisecond, as the kit's TIMER-3 step (tck/kit Bounds.TIMER_EARLY_TOLERANCE_SECONDS, docs/threads-and-time.md).
     */
    static final double EARLY_TOLERANCE_SECONDS = 0.001;

    /**
     * A THREADSAFE choice with this argument makes a callback that reads loop.time(), computes for {@link #SPENT_SECONDS}
     * (the kit's spend), and reads it again (CLOCK-1): an argument, not a kind of its own (ProgramBuilder says why).
     */
    static final int SPENDING_ARG = 5;
    /**
     * How long a spending callback computes: five times {@link #EARLY_TOLERANCE_SECONDS}, so that a clock that does not
     * move while a callback runs is told from one that moves, and short, since on CPython it is real time.
     */
    static final double SPENT_SECONDS = 0.005;
    /**
     * A LATER or AT choice with this argument and no children makes a timer {@link #FAR_DELAY_SECONDS} away instead
     * of an overdue leaf, between two readings of loop.time(), asks its when() and cancels it (CLOCK-2).
     */
    static final int FAR_ARG = 11;
    /**
     * Forty days: beyond what a signed 32-bit count of milliseconds holds (about 24.8 days, the gallery's
     * delays_in_int32_milliseconds), a whole number of milliseconds (so uvloop's millisecond clock adds it exactly),
     * and far within what every loop must accept (uvloop fails only beyond 100 years, errata U-9).
     */
    static final double FAR_DELAY_SECONDS = 40 * 86_400.0;
    /** A deadline site with a delay from this one up is a far one: what it breaks is CLOCK-2's. */
    private static final double FAR_FROM_SECONDS = 86_400.0;

    /** The body of a spending callback {@code label}: loop.time() noted, a while computing, loop.time() noted. */
    static List<Operation> spending(ProgramBuilder b, String label, List<Operation> then) {
        b.kinds.put(label + ".t0", "note");
        b.kinds.put(label + ".t1", "note");
        List<Operation> body = new ArrayList<>();
        body.add(new Operation.Note(label + ".t0", new Operation.LoopTime()));
        body.add(new Operation.Spend(SPENT_SECONDS));
        body.add(new Operation.Note(label + ".t1", new Operation.LoopTime()));
        body.addAll(then);
        return body;
    }

    /** Whether the note {@code label} reads the clock: its value is checked on its own loop, never compared. */
    static boolean isClockNote(String label) {
        return label.endsWith(".t0") || label.endsWith(".t1");
    }

    /**
     * A timer {@link #FAR_DELAY_SECONDS} away at a deadline site, then cancelled: it never runs on any loop, so it
     * meets no later run, and no other choice picks its handle.
     */
    static void farTimer(ProgramBuilder b, String label, Sketch.Kind kind) {
        String handle = "h" + label;
        b.kinds.put(label, kind == Sketch.Kind.LATER ? "call_later" : "call_at");
        b.delays.put(label, FAR_DELAY_SECONDS);
        Operation timer = kind == Sketch.Kind.LATER ? new Operation.CallLater(FAR_DELAY_SECONDS, label, List.of(), handle)
                : new Operation.CallAt(FAR_DELAY_SECONDS, label, List.of(), handle);
        b.steps.addAll(deadline(timer, handle));
        b.steps.add(new Operation.CancelHandle(handle));
    }

    /** A place in a program where the clock is read; its fields are indices into the program's steps. */
    sealed interface Site permits Deadline, RunEnd {
        /** The index of the {@code when()} step that ends the site. */
        int when();
    }

    /** {@code before}: loop.time(), {@code timer}: the call_later/call_at, {@code after}: loop.time(), then when(). */
    record Deadline(int before, int timer, int after, int when, String label, double delay) implements Site {}

    /**
     * {@code run}: the timed run, {@code time}: loop.time() after it, then when() of its completer, whose delay is
     * {@code delay} (scheduled by the callback written right before the run).
     */
    record RunEnd(int run, int time, int when, String handle, double delay) implements Site {}

    /** The steps {@link Program} writes for a deadline site around {@code timer}, whose handle is {@code handle}. */
    static List<Operation> deadline(Operation timer, String handle) {
        return List.of(new Operation.LoopTime(), timer, new Operation.LoopTime(), new Operation.HandleWhen(handle));
    }

    /** The steps {@link Program} writes right after a timed run whose completer's handle is {@code completer}. */
    static List<Operation> runEnd(String completer) {
        return List.of(new Operation.LoopTime(), new Operation.HandleWhen(completer));
    }

    /** Whether {@code step} reads the clock: its number is checked on its own loop, never compared with the other's. */
    static boolean readsTheClock(Operation step) {
        return step instanceof Operation.LoopTime || step instanceof Operation.HandleWhen;
    }

    /** Every site of {@code program}, in program order. */
    static List<Site> sites(Program program) {
        List<Operation> steps = program.steps();
        List<Site> sites = new ArrayList<>();
        for (int i = 2; i < steps.size(); i++) {
            if (!(steps.get(i) instanceof Operation.HandleWhen when && steps.get(i - 1) instanceof Operation.LoopTime)) {
                continue;
            }
            Operation two = steps.get(i - 2);
            if (two instanceof Operation.RunUntilComplete) {
                Double delay = i >= 3 && steps.get(i - 3) instanceof Operation.CallSoon scheduler
                        ? scheduler.then().stream().filter(t -> t instanceof Operation.CallLater c
                                && when.handle().equals(c.handle())).map(t -> ((Operation.CallLater) t).delay())
                                .findFirst().orElse(null) : null;
                if (delay != null) {
                    sites.add(new RunEnd(i - 2, i - 1, i, when.handle(), delay));
                }
            } else if (i >= 3 && steps.get(i - 3) instanceof Operation.LoopTime) {
                if (two instanceof Operation.CallLater t && when.handle().equals(t.handle())) {
                    sites.add(new Deadline(i - 3, i - 2, i - 1, i, t.label(), t.delay()));
                } else if (two instanceof Operation.CallAt t && when.handle().equals(t.handle())) {
                    sites.add(new Deadline(i - 3, i - 2, i - 1, i, t.label(), t.delay()));
                }
            }
        }
        return sites;
    }

    /** A check that one loop's readings break: the rule and what was read. */
    record Breach(String rule, String guarantee, String detail) {}

    /**
     * What a site's readings on one loop break, if anything. A reading that raised (uvloop's call_later() with a
     * delay of 0 or less returns a Handle, which has no when()) is not a clock's: the outcomes compare it.
     */
    static Optional<Breach> broken(Site site, List<Outcome> outcomes) {
        if (site instanceof Deadline d) {
            Double before = number(outcomes.get(d.before()));
            Double after = number(outcomes.get(d.after()));
            Double when = number(outcomes.get(d.when()));
            if (before == null || after == null || when == null || outcomes.get(d.timer()).isError()) {
                return Optional.empty();
            }
            double from = before + d.delay();
            double to = after + d.delay();
            double slack = DEADLINE_ULPS * Math.ulp(Math.max(Math.abs(from), Math.abs(to)));
            if (from - slack <= when && when <= to + slack) {
                return Optional.empty();
            }
            boolean far = d.delay() >= FAR_FROM_SECONDS;
            return Optional.of(new Breach(far ? "CLOCK-2" : "TIMER-1", (far ? "call_later() and call_at() accept any"
                    + " finite delay, however large: the timer is due that far away; " : "")
                    + "call_later() and call_at() return a TimerHandle whose when() is"
                    + " the time the callback is scheduled for: the delay after loop.time() at the call",
                    String.format(Locale.ROOT, "when() of timer '%s' (delay %s) is %s, not between %s and %s"
                    + " (loop.time() %s before the call and %s after it, plus the delay; operation %d)", d.label(),
                    d.delay(), when, from, to, before, after, d.when() + 1)));
        }
        RunEnd r = (RunEnd) site;
        Double time = number(outcomes.get(r.time()));
        Double when = number(outcomes.get(r.when()));
        if (time == null || when == null || outcomes.get(r.run()).isError() || time >= when - EARLY_TOLERANCE_SECONDS) {
            return Optional.empty();
        }
        String detail = String.format(Locale.ROOT, "loop.time() right after the timed run (operation %d) is %s,"
                + " %.6f s before when() %s of the timer '%s' (delay %s) whose callback ended it (tolerance %s s)",
                r.run() + 1, time, when - time, when, r.handle(), r.delay(), EARLY_TOLERANCE_SECONDS);
        if (time < when - r.delay() - EARLY_TOLERANCE_SECONDS) {
            // Before even the time at which the run's callback scheduled the timer: the clock went back, whenever
            // the timer ran (the gallery's clock_rewound_when_timers_fire)
            return Optional.of(new Breach("TIMER-5", "loop.time() never goes backwards: the time after a run is not"
                    + " before the time at which the run scheduled its timer (its when() minus its delay)", detail));
        }
        return Optional.of(new Breach("TIMER-3", "a timer never runs before its deadline on the loop's clock: a run"
                + " that its timer ends ends no earlier than the timer's when()", detail));
    }

    /** Whether the readings of loop.time(), in program order, ever decrease on one loop (TIMER-5). */
    static Optional<Breach> backwards(Program program, List<Outcome> outcomes) {
        double latest = Double.NEGATIVE_INFINITY;
        int at = -1;
        for (int i = 0; i < program.size(); i++) {
            Double time = program.steps().get(i) instanceof Operation.LoopTime ? number(outcomes.get(i)) : null;
            if (time == null) {
                continue;
            }
            if (time < latest) {
                return Optional.of(new Breach("TIMER-5", "loop.time() never goes backwards", String.format(Locale.ROOT,
                        "loop.time() is %s at operation %d, after %s at operation %d", time, i + 1, latest, at + 1)));
            }
            latest = time;
            at = i;
        }
        return Optional.empty();
    }

    /**
     * Whether a spending callback's two readings of loop.time() are at least what it spent apart, within the tolerance
     * a timer may run early by (CLOCK-1: the clock is read when asked, not once per iteration). A reading that raised
     * is the outcomes' to compare.
     */
    static Optional<Breach> spent(Trace trace) {
        Map<String, Double> first = new HashMap<>();
        for (Event event : trace.events()) {
            if (!isClockNote(event.label()) || !(event.value() instanceof Number n)) {
                continue;
            }
            String callback = event.label().substring(0, event.label().length() - 3);
            if (event.label().endsWith(".t0")) {
                first.put(callback, n.doubleValue());
            } else if (first.containsKey(callback)
                    && n.doubleValue() - first.get(callback) < SPENT_SECONDS - EARLY_TOLERANCE_SECONDS) {
                return Optional.of(new Breach("CLOCK-1", "loop.time() moves on while a callback runs: it is read when"
                        + " asked, not once per iteration", String.format(Locale.ROOT, "callback '%s' read loop.time() as"
                        + " %s, computed for %s s, and read it as %s (tolerance %s s)", callback, first.get(callback),
                        SPENT_SECONDS, n.doubleValue(), EARLY_TOLERANCE_SECONDS)));
            }
        }
        return Optional.empty();
    }

    /**
     * Every check the trace breaks: monotonicity first, then the ordinary sites in program order, then the spending
     * callbacks, then the far timers (a loop whose when() is wrong for every delay breaks TIMER-1 first).
     */
    private static List<Breach> breaches(Program program, List<Site> sites, Trace trace) {
        List<Outcome> outcomes = trace.outcomes();
        List<Breach> breaches = new ArrayList<>();
        backwards(program, outcomes).ifPresent(breaches::add);
        List<Breach> far = new ArrayList<>();
        for (Site site : sites) {
            broken(site, outcomes).ifPresent(b -> ("CLOCK-2".equals(b.rule()) ? far : breaches).add(b));
        }
        spent(trace).ifPresent(breaches::add);
        breaches.addAll(far);
        return breaches;
    }

    /** The first clock check the reference loop breaks: the kit's error (its virtual clock must keep them too). */
    static Optional<Divergence> reference(Program program, Trace expected) {
        return breaches(program, sites(program), expected).stream().findFirst()
                .map(b -> new Divergence("the reference loop keeps what its own clock guarantees (the kit's error if"
                        + " not): " + b.guarantee(), b.rule(), "the reference loop: " + b.detail(),
                        "reference-clock|" + b.rule()));
    }

    /**
     * The first clock check the loop under test breaks; compared after {@link #reference}, so the reference loop
     * keeps every check here.
     */
    static Optional<Divergence> compare(Program program, Trace expected, Trace observed) {
        return breaches(program, sites(program), observed).stream().findFirst()
                .map(b -> new Divergence(b.guarantee(), b.rule(), b.detail(), "clock|" + b.rule()));
    }

    private static Double number(Outcome outcome) {
        return outcome.kind() == Outcome.Kind.VALUE && outcome.value() instanceof Number n ? n.doubleValue() : null;
    }
}
