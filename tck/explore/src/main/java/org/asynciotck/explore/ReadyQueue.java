package org.asynciotck.explore;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiPredicate;
import org.asynciotck.spi.Event;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;

/**
 * What programs say about the ready queue itself, and what the model makes of it (docs/exploration.md):
 * {@code len(loop._ready)} in callbacks' notes and right before and after a cancel, and a burst of callbacks
 * larger than any batch budget. Both are said by arguments of existing kinds (a program that uses neither is
 * the program it was), and the length only where the implementation declares the {@code ready-queue}
 * capability.
 */
final class ReadyQueue {

    /**
     * A callback's IS_RUNNING note with an argument at or above this (modulo 12) notes len(loop._ready) instead;
     * a CANCEL_HANDLE choice with one asks for len(loop._ready) right before and right after the cancel.
     */
    static final int LENGTH_ARG = 8;
    /** A top-level SOON choice with this argument and no children is a burst. */
    static final int BURST_ARG = 11;
    /** How many leaf callbacks a burst schedules: more than a batch budget a loop may keep (32). */
    static final int BURST_SIZE = 40;

    private ReadyQueue() {}

    /**
     * Whether the program's length arguments (a callback's IS_RUNNING note, a CANCEL_HANDLE) ask for the ready
     * queue's length: where the implementation declares the capability, and never in a program with a timed
     * run or a loop thread. What is queued there depends on real time: a timed run's timers fall due on CPython's
     * clock, and a loop thread's thread-safe calls each write to the self-pipe, whose reader's handle is
     * queued in whichever iteration the byte arrives before (and may be left for a later run).
     */
    static boolean notesLengths(Sketch sketch, Allowed allowed) {
        return allowed.readyQueue() && !(allowed.timedRuns() && sketch.choices().stream()
                .anyMatch(c -> c.kind() == Sketch.Kind.TIMED_RUN || c.kind() == Sketch.Kind.CROSS_THREAD));
    }

    /** Whether a top-level choice is a burst. */
    static boolean isBurst(Sketch.Choice choice) {
        return choice.kind() == Sketch.Kind.SOON && choice.arg() == BURST_ARG && choice.then().isEmpty();
    }

    /**
     * The burst's callback: it schedules {@link #BURST_SIZE} leaf callbacks with call_soon, so the next
     * iteration's batch holds that many handles (NTODO-1: one iteration runs all of them). One step, however
     * many leaves it has, which a shrunk program counts as one.
     */
    static List<Operation> burst(String label, Map<String, String> kinds) {
        List<Operation> leaves = new ArrayList<>(BURST_SIZE);
        for (int i = 1; i <= BURST_SIZE; i++) {
            String leaf = label + "." + i;
            kinds.put(leaf, "call_soon");
            leaves.add(new Operation.CallSoon(leaf, List.of(), null));
        }
        return leaves;
    }

    /**
     * The guarantee a note of the ready queue's length that saw another number breaks, by what the program
     * does that the number counts: fewer handles with a handle cancelled while queued ahead of the note's
     * run (it stays queued until the drain skips it: HANDLE-1), fewer with done callbacks (each is queued as
     * a handle of its own: FUTURE-1), more with a timer cancelled (a cancelled timer at the head of the
     * heap is dropped, not moved to the ready queue: TIMEOUT-4) or with a task made (its first step is the
     * one handle it queues: TASK-1); else no rule.
     */
    static String[] misnoted(Program program, String label, int run, String expected, String observed) {
        int difference = compare(observed, expected);
        if (difference < 0 && cancelledWhileQueued(program, label, run)) {
            return new String[] {"a cancelled handle stays in the ready queue until the iteration that meets it"
                    + " skips it: len(loop._ready) counts it", "HANDLE-1"};
        }
        if (difference < 0 && registersDoneCallbacks(program)) {
            return new String[] {"completing a future queues each of its done callbacks as a handle of its own",
                    "FUTURE-1"};
        }
        if (difference > 0 && cancelsATimer(program)) {
            return new String[] {"cancelled timers at the head of the timer queue are dropped before the due ones"
                    + " are moved to the ready queue", "TIMEOUT-4"};
        }
        if (difference > 0 && makesTasks(program)) {
            return new String[] {"creating a task queues exactly one handle, its first step, and nothing else",
                    "TASK-1"};
        }
        return new String[] {"len(loop._ready) counts every handle queued and not yet run or skipped", null};
    }

    /**
     * The divergence of a top-level {@code len(loop._ready)} that answered another number: right after a
     * cancel that the same question right before it answered alike, the cancel changed the length (a cancelled
     * handle stays queued: HANDLE-1); else named as a note's ({@link #misnoted}), under the same signature, so
     * one cause makes one group whether a note or a top-level question showed it.
     */
    static Divergence lengthDiffers(Program program, int index, Object expected, Object observed) {
        List<Operation> steps = program.steps();
        boolean fewer = compare(RunOrder.noted(expected), RunOrder.noted(observed)) > 0;
        String[] guarantee = index >= 2 && steps.get(index - 1) instanceof Operation.CancelHandle
                && steps.get(index - 2) instanceof Operation.ReadyQueueLength
                || fewer && cancelledSinceTheLastRun(steps, index)
                ? new String[] {"cancel() leaves the handle in the ready queue: len(loop._ready) counts it until the"
                        + " iteration that meets it skips it", "HANDLE-1"}
                : misnoted(program, "", -1, RunOrder.noted(expected), RunOrder.noted(observed));
        return new Divergence(guarantee[0], guarantee[1], "operation " + (index + 1) + " (ready_queue_length):"
                + " expected " + RunOrder.noted(expected) + ", observed " + RunOrder.noted(observed),
                "note|" + (guarantee[1] == null ? "no-rule" : guarantee[1]));
    }

    /**
     * Whether a top-level call_soon's or call_soon_threadsafe's handle was cancelled before any run reached
     * it, and the note is one of a top-level callback's own operations in the run that meets that handle (its
     * first iteration runs the callbacks queued before it, the note's among them): so the reference loop
     * counted the cancelled handle there.
     */
    private static boolean cancelledWhileQueued(Program program, String label, int run) {
        int dot = label.indexOf('.');
        if (dot < 0 || label.indexOf('.', dot + 1) >= 0) {
            return false; // not a top-level callback's own operation
        }
        String parentKind = program.kinds().get(label.substring(0, dot));
        if (!"call_soon".equals(parentKind) && !"call_soon_threadsafe".equals(parentKind)
                && !"done_callback".equals(parentKind) && !"task".equals(parentKind)) {
            return false;
        }
        List<Operation> steps = program.steps();
        int runs = 0;
        for (int i = 0; i < steps.size(); i++) {
            String handle = steps.get(i) instanceof Operation.CallSoon c ? c.handle()
                    : steps.get(i) instanceof Operation.CallSoonThreadsafe c ? c.handle() : null;
            if (Steps.startsRun(steps.get(i))) {
                runs++;
            }
            if (handle != null && runs + 1 == run && cancelledBeforeARun(steps, i, handle)) {
                return true;
            }
        }
        return false;
    }

    /** How two noted counts compare (0 when either is no number). */
    private static int compare(String a, String b) {
        try {
            return Integer.compare(Integer.parseInt(a), Integer.parseInt(b));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** Whether a top-level handle scheduled since the last run was cancelled before step {@code index}. */
    private static boolean cancelledSinceTheLastRun(List<Operation> steps, int index) {
        for (int i = index - 1; i >= 0 && !Steps.startsRun(steps.get(i)); i--) {
            String handle = steps.get(i) instanceof Operation.CallSoon c ? c.handle()
                    : steps.get(i) instanceof Operation.CallSoonThreadsafe c ? c.handle() : null;
            for (int j = i + 1; handle != null && j < index; j++) {
                if (steps.get(j) instanceof Operation.CancelHandle c && c.handle().equals(handle)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean cancelledBeforeARun(List<Operation> steps, int scheduled, String handle) {
        for (int j = scheduled + 1; j < steps.size() && !Steps.startsRun(steps.get(j)); j++) {
            if (steps.get(j) instanceof Operation.CancelHandle c && c.handle().equals(handle)) {
                return true;
            }
        }
        return false;
    }

    private static boolean registersDoneCallbacks(Program program) {
        return Steps.everyOperation(program.steps()).stream().anyMatch(op -> op instanceof Operation.AddDoneCallback
                || op instanceof Operation.RunUntilComplete
                || op instanceof Operation.CreateTask t && t.awaits() != null
                || op instanceof Operation.CreateScriptedTask t && t.awaits() != null);
    }

    /** Whether the program cancels a timer's handle (at top level, where handles are cancelled). */
    private static boolean cancelsATimer(Program program) {
        return cancelledTimers(program) > 0;
    }

    /** How many timers' handles the program cancels (at top level, where handles are cancelled). */
    private static long cancelledTimers(Program program) {
        return program.steps().stream().filter(op -> op instanceof Operation.CancelHandle c && c.handle().length() > 1
                && Steps.isTimer(program.kinds().get(c.handle().substring(1)))).count();
    }

    private static boolean makesTasks(Program program) {
        return Steps.everyOperation(program.steps()).stream().anyMatch(op -> op instanceof Operation.CreateTask
                || op instanceof Operation.CreateScriptedTask || op instanceof Operation.RunCoroutineUntilComplete);
    }

    /**
     * {@code observed} with each length of the ready queue that is fewer than the reference loop's by no more
     * than the handles CPython queues where asyncio promises nothing, read as the reference's:
     * <ul>
     *   <li>one in a program that calls call_soon_threadsafe. CPython's call_soon_threadsafe writes to the
     *       self-pipe from any thread, its own too, and the pipe's reader queues a handle in the next poll; the
     *       reference loop counts that handle as CPython does. A loop that wakes another way (a condition
     *       variable, as DequeLoop does) never queues it, and how a loop wakes is not what asyncio guarantees.</li>
     *   <li>one for each timer the program cancels (at the top level, so while it waits in the timer queue).
     *       CPython pops only the cancelled timers at the head of its heap and moves a due cancelled timer
     *       behind a live one into the ready queue, where the drain skips it (errata E-3); a loop that drops
     *       every cancelled timer before it queues the due ones (DequeLoop, found by the exploration stage on
     *       seed 1) counts fewer.</li>
     * </ul>
     * Any other difference stays: more than the reference's (a cancelled head timer queued: TIMEOUT-4), or
     * fewer than those handles explain.
     */
    static Trace forgivingWhatOnlyCPythonQueues(Program program, Trace expected, Trace observed) {
        long selfPipe = Steps.everyOperation(program.steps()).stream()
                .anyMatch(op -> op instanceof Operation.CallSoonThreadsafe) ? 1 : 0;
        long most = selfPipe + cancelledTimers(program);
        if (most == 0) {
            return observed;
        }
        return readingAsTheReference(program, expected, observed, (reference, counted) -> fewerBy(reference, counted, most));
    }

    /** {@code observed} with each length of the ready queue that {@code forgiven} accepts read as the reference's. */
    private static Trace readingAsTheReference(Program program, Trace expected, Trace observed,
            BiPredicate<Object, Object> forgiven) {
        Set<String> lengthNotes = new HashSet<>();
        Steps.everyOperation(program.steps()).forEach(op -> {
            if (op instanceof Operation.Note note && note.of() instanceof Operation.ReadyQueueLength) {
                lengthNotes.add(note.name());
            }
        });
        Map<String, Object> reference = new HashMap<>();
        expected.events().stream().filter(e -> lengthNotes.contains(e.label()))
                .forEach(e -> reference.putIfAbsent(e.label(), e.value()));
        List<Event> events = new ArrayList<>(observed.events().size());
        for (Event event : observed.events()) {
            Object value = reference.get(event.label());
            events.add(lengthNotes.contains(event.label()) && forgiven.test(value, event.value())
                    ? new Event(event.label(), event.run(), value) : event);
        }
        List<Outcome> outcomes = new ArrayList<>(observed.outcomes());
        for (int i = 0; i < outcomes.size() && i < expected.outcomes().size(); i++) {
            Outcome e = expected.outcomes().get(i);
            if (program.steps().get(i) instanceof Operation.ReadyQueueLength && !e.isError()
                    && !outcomes.get(i).isError() && forgiven.test(e.value(), outcomes.get(i).value())) {
                outcomes.set(i, e);
            }
        }
        return new Trace(outcomes, events, observed.reported(), observed.contexts(), observed.failure());
    }

    /** Whether {@code counted} is a count 1 to {@code most} fewer than {@code reference}. */
    private static boolean fewerBy(Object reference, Object counted, long most) {
        if (!(reference instanceof Number r) || !(counted instanceof Number c)) {
            return false;
        }
        long fewer = r.longValue() - c.longValue();
        return fewer >= 1 && fewer <= most;
    }
}
