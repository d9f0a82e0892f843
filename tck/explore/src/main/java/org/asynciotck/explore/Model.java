package org.asynciotck.explore;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.asynciotck.spi.Event;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;

/**
 * What asyncio guarantees about a program's trace, and nothing more (docs/exploration.md). Compares what
 * the reference loop did (expected) with what the implementation under test did (observed) and names the
 * first guarantee the observed trace breaks.
 *
 * <p>Guaranteed: the outcome of every top-level operation (kind, error type, simple values); which run each
 * event happened in (run_once is one iteration, so this is the ntodo batch boundary); the order of the
 * events of a run (the ready queue is FIFO, call_soon_threadsafe from the loop's own thread shares it, done
 * callbacks are queued in registration order, due timers are moved in deadline order); how many callback
 * errors reach the exception handler; each loop's clock against itself ({@link ClockChecks}: the values of
 * loop.time() and when() are never compared between the loops). Not guaranteed: the order among leaf timers with equal delays
 * (compared as a set: their positions are kept, the labels at them are sorted); the text of error messages
 * (but a CancelledError's message where CPython guarantees it: {@link CancelMessages}, CANCEL-7);
 * reports other than the kit's own callback errors (a task's "exception was never retrieved" depends on
 * garbage collection).
 */
public final class Model {

    private Model() {}

    /** How the signature of a program that the loop did not complete (it hung, crashed, broke the protocol) begins. */
    static final String FAILURE_SIGNATURE = "failure|";

    /**
     * Every rule a divergence can name (here, in {@link ReadyQueue}, {@link ClockChecks}, {@link TimeoutProbe},
     * {@link CancelMessages}, {@link EagerStarts}): the rules whose behaviour generated programs lean on
     * (ModelRulesTest keeps the list true to the sources).
     */
    public static final Set<String> RULES = Set.of("CANCEL-5", "CANCEL-6", "CANCEL-7", "CLOSED-1", "CLOSED-2", "CLOSED-3",
            "CLOSED-4", "CURRENT-1", "CURRENT-2", "EAGER-4", "ERROR-1", "EXC-1", "EXC-2", "EXC-3", "EXC-4", "EXC-5",
            "FUTURE-1", "FUTURE-3", "FUTURE-4", "FUTURE-5", "FUTURE-6", "HANDLE-1", "HANDLE-4", "IO-1", "IO-2", "IO-3",
            "IO-4", "IO-5", "LIFE-1", "LIFE-2", "LIFE-5", "NTODO-1", "NTODO-2", "NTODO-3", "NTODO-4", "ORDER-1",
            "ORDER-2", "RUN-1", "RUN-2", "RUN-3", "RUN-4", "RUN-6", "RUN-7", "TASK-1", "TIMEOUT-1", "TIMEOUT-2", "TIMEOUT-3",
            "TIMEOUT-4", "TIMER-1", "TIMER-2", "TIMER-3", "TIMER-4", "TIMER-5", "TIMER-6");

    /**
     * The first guarantee {@code given}, what the implementation did, breaks, if any (what CPython does that
     * asyncio does not promise left out: {@link ReadyQueue#forgivingWhatOnlyCPythonQueues}).
     */
    public static Optional<Divergence> compare(Program program, Trace expected, Trace given) {
        if (expected.failure() != null) {
            return Optional.of(new Divergence("the reference loop completes every generated program", null,
                    "the reference loop failed: " + expected.failure(), "reference-failed"));
        }
        if (given.failure() != null) {
            String kind = given.failure().split(":", 2)[0];
            return Optional.of(new Divergence("the loop completes every bounded program within the operation bound",
                    null, "after " + given.outcomes().size() + " of " + program.size() + " operations: "
                    + given.failure(), FAILURE_SIGNATURE + kind));
        }
        Trace observed = ReadyQueue.forgivingWhatOnlyCPythonQueues(program, expected, given);
        Optional<Divergence> clock = ClockChecks.reference(program, expected);
        if (clock.isPresent()) {
            return clock;
        }
        // A run that an error ended on one loop and not on the other: the events after it differ because of it,
        // so the error names the cause (a base exception let through, a handler's error that escaped).
        Optional<Divergence> ending = runEndings(program, expected, observed);
        if (ending.isPresent()) {
            return ending;
        }
        // Events first: an operation's outcome that differs is most often what a difference in the events
        // before it caused (a future a late stop() let complete), and the events name that cause.
        Optional<Divergence> events = events(program, expected, observed);
        if (events.isPresent()) {
            return events;
        }
        Optional<Divergence> outcome = outcomes(program, expected, observed);
        if (outcome.isPresent()) {
            return outcome;
        }
        // Each loop's clock against itself: times are never compared between the loops (ClockChecks)
        clock = ClockChecks.compare(program, expected, observed);
        if (clock.isPresent()) {
            return clock;
        }
        Optional<Divergence> message = CancelMessages.compare(program, expected.outcomes(), observed.outcomes());
        if (message.isPresent()) {
            return message;
        }
        boolean handlerSet = program.steps().stream().anyMatch(Operation.SetExceptionHandler.class::isInstance);
        if (handlerSet && expected.kitErrorsReported() != observed.kitErrorsReported()) {
            return Optional.of(new Divergence("reports go to the handler set last; set_exception_handler(None) restores"
                    + " the default handler", "EXC-3", "expected " + expected.kitErrorsReported() + " reports of '"
                    + Trace.KIT_ERROR + "' to the kit's recording handler, observed " + observed.kitErrorsReported(),
                    "reports|handler|" + Long.compare(observed.kitErrorsReported(), expected.kitErrorsReported())));
        }
        if (expected.kitReportsReceived() != observed.kitReportsReceived()) {
            return Optional.of(new Divergence("call_exception_handler() hands the context to the handler that was set",
                    handlerSet ? "EXC-3" : "EXC-5", "expected " + expected.kitReportsReceived() + " reports of '"
                    + Trace.KIT_REPORT + "' to the kit's recording handler, observed " + observed.kitReportsReceived(),
                    "reports|called|" + Long.compare(observed.kitReportsReceived(), expected.kitReportsReceived())));
        }
        if (expected.kitErrorsReported() == observed.kitErrorsReported()
                && expected.kitErrorsWithFullContext() != observed.kitErrorsWithFullContext()) {
            return Optional.of(new Divergence("the context of a callback's error names 'message', 'exception' and"
                    + " 'handle'", "EXC-1", "of " + expected.kitErrorsReported() + " reports of '" + Trace.KIT_ERROR
                    + "', expected " + expected.kitErrorsWithFullContext() + " with all three keys, observed "
                    + observed.kitErrorsWithFullContext() + "; the keys observed: " + observed.contexts(),
                    "reports|context|EXC-1"));
        }
        if (expected.kitErrorsReported() != observed.kitErrorsReported()) {
            return Optional.of(new Divergence("the error of a callback that raises goes to the loop's exception handler",
                    "ERROR-1", "expected " + expected.kitErrorsReported() + " reports of '" + Trace.KIT_ERROR
                    + "', observed " + observed.kitErrorsReported(), "reports|" + Long.compare(
                    observed.kitErrorsReported(), expected.kitErrorsReported())));
        }
        return Optional.empty();
    }

    private static Optional<Divergence> outcomes(Program program, Trace expected, Trace observed) {
        for (int i = 0; i < program.size(); i++) {
            Outcome e = expected.outcomes().get(i);
            Outcome o = observed.outcomes().get(i);
            Operation step = program.steps().get(i);
            if (step instanceof Operation.SelectTimeout && !e.isError() && !o.isError()) {
                // Compared within a tolerance: CPython's clock is real, the reference loop's virtual
                int run = runOf(program, i);
                Optional<Divergence> timeout = TimeoutProbe.compare(program, i, e.value(), o.value(), expected.events()
                        .stream().filter(event -> event.run() == run).map(event -> kind(program, event.label())).toList());
                if (timeout.isPresent()) {
                    return timeout;
                }
                continue;
            }
            if (!summary(step, e).equals(summary(step, o))) {
                String[] closed = closedGuarantee(program, i);
                if (closed == null && holdsStopIteration(program, step)) {
                    closed = new String[] {"a future never holds a StopIteration: set_exception() refuses it or holds"
                            + " a RuntimeError caused by it (errata E-19)", "FUTURE-6"};
                }
                if (closed == null && step instanceof Operation.RunCoroutineUntilComplete) {
                    boolean stopped = e.isError() && "RuntimeError".equals(e.errorType()) && !o.isError();
                    closed = stopped ? new String[] {"run_until_complete() stopped before its future is done raises"
                            + " RuntimeError", "RUN-4"}
                            : new String[] {"run_until_complete() of a coroutine returns what it returned", "RUN-1"};
                }
                if (closed == null && step instanceof Operation.ReadyQueueLength && !e.isError() && !o.isError()) {
                    return Optional.of(ReadyQueue.lengthDiffers(program, i, e.value(), o.value()));
                }
                if (closed == null && catchesCancellation(program, step)) {
                    closed = new String[] {"a task whose coroutine catches CancelledError and returns ends with its"
                            + " result, not cancelled", "CANCEL-5"};
                }
                if (closed == null && step instanceof Operation.CancelTask && Boolean.FALSE.equals(e.value())
                        && Boolean.TRUE.equals(o.value())) {
                    closed = new String[] {"cancel() of a task that is done returns False and leaves the task as it"
                            + " was", "CANCEL-6"};
                }
                if (closed == null && startsRun(step) && stoppedRuns(program, expected).contains(runOf(program, i))) {
                    return Optional.of(lateStop("operation " + (i + 1) + " (" + step.wireName() + "), a run that"
                            + " stop() ends: expected " + e + ", observed " + o));
                }
                String[] guarantee = closed != null ? closed : outcomeGuarantee(step);
                return Optional.of(new Divergence(guarantee[0], guarantee[1], "operation " + (i + 1) + " ("
                        + step.wireName() + "): expected " + e + ", observed " + o,
                        "outcome|" + step.wireName() + "|" + kindOf(e) + "|" + kindOf(o)));
            }
        }
        return Optional.empty();
    }

    private static String[] outcomeGuarantee(Operation step) {
        if (step instanceof Operation.RunUntilComplete) {
            return new String[] {"run_until_complete() returns the future's result or raises its exception", "LIFE-5"};
        } else if (step instanceof Operation.RunOnce) {
            return new String[] {"stop() before run_forever() runs one iteration and returns", "LIFE-1"};
        } else if (step instanceof Operation.RunForever) {
            return new String[] {"run_forever() runs until stop() and returns", "LIFE-2"};
        } else if (step instanceof Operation.CancelHandle) {
            return new String[] {"cancel() is idempotent and has no effect on a handle that ran", "HANDLE-4"};
        } else if (step instanceof Operation.SetResult || step instanceof Operation.SetException
                || step instanceof Operation.CancelFuture) {
            return new String[] {"a future is completed once: a done future refuses set_result()/set_exception()"
                    + " (InvalidStateError) and cancel() answers False", "FUTURE-3"};
        }
        if (step instanceof Operation.FutureResult) {
            return new String[] {"result() of a pending future raises InvalidStateError, of a cancelled one"
                    + " CancelledError", "FUTURE-3"};
        } else if (step instanceof Operation.FutureException) {
            return new String[] {"exception() of a pending future raises InvalidStateError, of a cancelled one"
                    + " CancelledError", "FUTURE-4"};
        } else if (step instanceof Operation.SetStopIteration) {
            return new String[] {"set_exception() refuses a StopIteration (TypeError)", "FUTURE-6"};
        } else if (step instanceof Operation.RemoveDoneCallback) {
            return new String[] {"remove_done_callback() removes every registration of the callback and answers"
                    + " how many", "FUTURE-5"};
        } else if (step instanceof Operation.RemoveReader || step instanceof Operation.RemoveWriter) {
            return new String[] {"remove_reader() and remove_writer() return whether a callback was registered",
                    "IO-3"};
        } else if (step instanceof Operation.HandleWhen) {
            return new String[] {"call_later() and call_at() return a TimerHandle, whose when() is the time the callback"
                    + " is scheduled for", "TIMER-1"};
        } else if (step instanceof Operation.IsClosed) {
            return new String[] {"is_closed() is True once close() returned", "CLOSED-2"};
        } else if (step instanceof Operation.GetExceptionHandler || step instanceof Operation.SetExceptionHandler) {
            return new String[] {"get_exception_handler() answers the handler set, and set_exception_handler(None)"
                    + " restores the default", "EXC-3"};
        } else if (step instanceof Operation.CallExceptionHandler) {
            return new String[] {"an exception handler that raises does not stop the loop: call_exception_handler()"
                    + " does not raise what it raises", "EXC-4"};
        }
        return new String[] {"the operation " + step.wireName() + " has the same outcome as on asyncio", null};
    }

    /** Whether {@code step} runs until, or looks at, a task of the program whose coroutine catches its cancellation. */
    private static boolean catchesCancellation(Program program, Operation step) {
        String future = step instanceof Operation.RunUntilComplete r ? r.future()
                : step instanceof Operation.FutureResult r ? r.future()
                : step instanceof Operation.FutureException r ? r.future() : null;
        return future != null && program.steps().stream().anyMatch(s -> s instanceof Operation.CreateScriptedTask t
                && t.catchesCancellation() && t.task().equals(future));
    }

    /**
     * A run that an error ended on one loop and not on the other (or with another error). KeyboardInterrupt and
     * SystemExit leave the run and are not reported (EXC-2); what a raising exception handler raises does not
     * leave the loop (EXC-4). Compared before the events, which differ after it because of it.
     */
    private static Optional<Divergence> runEndings(Program program, Trace expected, Trace observed) {
        boolean raisingHandler = program.steps().stream().anyMatch(s -> s instanceof Operation.SetExceptionHandler h
                && h.handler() == Operation.ExceptionHandlerKind.RAISING);
        // A raising callback that ran in another run on one loop (a stop() a batch late let it in) ends the run
        // differently because of a difference in scheduling, which the events name (stop|late), not because of
        // how a base exception or a handler's error leaves the run.
        if (!raisersRanInTheSameRuns(program, expected, observed)) {
            return Optional.empty();
        }
        for (int i = 0; i < program.size(); i++) {
            Operation step = program.steps().get(i);
            Outcome e = expected.outcomes().get(i);
            Outcome o = observed.outcomes().get(i);
            if (!startsRun(step) || summary(e).equals(summary(o))) {
                continue;
            }
            String detail = "operation " + (i + 1) + " (" + step.wireName() + "): expected " + e + ", observed " + o;
            // One cause, one signature, whichever run and error showed it
            if (isBaseError(e) || isBaseError(o)) {
                return Optional.of(new Divergence("KeyboardInterrupt and SystemExit raised by a callback leave the run"
                        + " and are not reported to the exception handler", "EXC-2", detail, "run-ending|EXC-2"));
            }
            if (raisingHandler && !e.isError() && o.isError()) {
                return Optional.of(new Divergence("an exception handler that raises does not stop the loop: its error"
                        + " goes to the default handler and the loop goes on", "EXC-4", detail, "run-ending|EXC-4"));
            }
        }
        return Optional.empty();
    }

    /** Whether every callback that raises ran (first) in the same run on both loops, or on neither. */
    private static boolean raisersRanInTheSameRuns(Program program, Trace expected, Trace observed) {
        return raisingLabels(program).stream().allMatch(label -> firstRun(expected, label) == firstRun(observed, label));
    }

    /** The labels of the callbacks and tasks of {@code program} whose body raises (an error, or a base exception). */
    static List<String> raisingLabels(Program program) {
        return everyOperation(program.steps()).stream().flatMap(op -> scheduled(op).stream())
                .filter(body -> body.then().stream()
                        .anyMatch(o -> o instanceof Operation.RaiseBaseException || o instanceof Operation.Raise))
                .map(Scheduled::label).toList();
    }

    /** The run in which {@code label}'s first event was recorded, or -1 when it never ran. */
    private static int firstRun(Trace trace, String label) {
        return trace.events().stream().filter(event -> event.label().equals(label)).mapToInt(Event::run)
                .findFirst().orElse(-1);
    }

    private static boolean isBaseError(Outcome outcome) {
        return outcome.isError() && ("KeyboardInterrupt".equals(outcome.errorType())
                || "SystemExit".equals(outcome.errorType()));
    }

    /** Whether {@code step} runs until, or looks at, a future that the program set a StopIteration on. */
    private static boolean holdsStopIteration(Program program, Operation step) {
        String future = step instanceof Operation.RunUntilComplete r ? r.future()
                : step instanceof Operation.FutureResult r ? r.future()
                : step instanceof Operation.FutureException r ? r.future() : null;
        return future != null && program.steps().stream()
                .anyMatch(s -> s instanceof Operation.SetStopIteration stop && stop.future().equals(future));
    }

    /** What a closed loop guarantees of an operation after {@code close()}, if the step comes after one. */
    private static String[] closedGuarantee(Program program, int index) {
        boolean closed = false;
        for (int i = 0; i < index; i++) {
            closed |= program.steps().get(i) instanceof Operation.Close;
        }
        Operation step = program.steps().get(index);
        if (!closed) {
            return null;
        } else if (step instanceof Operation.CallSoon) {
            return new String[] {"a closed loop refuses call_soon() (RuntimeError)", "CLOSED-3"};
        } else if (startsRun(step)) {
            return new String[] {"a closed loop refuses to run (RuntimeError)", "CLOSED-4"};
        }
        return null;
    }

    private static String kindOf(Outcome outcome) {
        return outcome.kind() == Outcome.Kind.ERROR ? "error " + outcome.errorType() : outcome.kind().wireName();
    }

    /**
     * What of {@code step}'s outcome is compared: for a reading of the clock (loop.time(), when()) its kind and its
     * error's type, never its value (the reference loop's clock is virtual: ClockChecks checks each loop's own);
     * for the others {@link #summary(Outcome)}.
     */
    static String summary(Operation step, Outcome outcome) {
        return ClockChecks.readsTheClock(step) && !outcome.isError() ? outcome.kind().wireName() : summary(outcome);
    }

    /** What of an outcome is compared: its kind, its error's type, a simple value (numbers as doubles). */
    static String summary(Outcome outcome) {
        return switch (outcome.kind()) {
            case ERROR -> "error " + outcome.errorType();
            case NOTHING -> "nothing";
            case VALUE -> "value " + (outcome.value() == null ? "None"
                    : outcome.value() instanceof Number n ? Double.toString(n.doubleValue())
                    : outcome.value() instanceof Boolean || outcome.value() instanceof String ? outcome.value() : "?");
        };
    }

    /** The events of each run, as compared: labels, "!error Type" for an operation that raised in a callback. */
    static Map<Integer, List<String>> canonical(Program program, Trace trace) {
        Map<Integer, List<String>> runs = new TreeMap<>();
        for (Event event : trace.events()) {
            runs.computeIfAbsent(event.run(), r -> new ArrayList<>()).add(token(program, event));
        }
        for (List<String> run : runs.values()) {
            // Where a timer with a positive delay (a timed run's) runs among the run's callbacks is not
            // guaranteed: CPython's clock is real, and on a loaded machine the callbacks ready before it may
            // take longer than its delay (seen on 3.13 py at a load average of 9: a 3 ms timer before the
            // third callback of a chain). Those timers are compared at the end of their run, in their order.
            List<String> timed = new ArrayList<>();
            for (String token : run) {
                Double delay = program.delays().get(base(token));
                if (delay != null && delay > 0) {
                    timed.add(token);
                }
            }
            if (!timed.isEmpty()) {
                run.removeAll(timed);
                run.addAll(timed);
            }
            Map<String, List<Integer>> positions = new HashMap<>();
            for (int i = 0; i < run.size(); i++) {
                String group = program.equalGroups().get(run.get(i));
                if (group != null) {
                    positions.computeIfAbsent(group, g -> new ArrayList<>()).add(i);
                }
            }
            for (List<Integer> at : positions.values()) {
                List<String> labels = new ArrayList<>();
                at.forEach(i -> labels.add(run.get(i)));
                labels.sort(null);
                for (int k = 0; k < at.size(); k++) {
                    run.set(at.get(k), labels.get(k));
                }
            }
        }
        return runs;
    }

    private static String token(Program program, Event event) {
        if ("!error".equals(event.label())) {
            String value = String.valueOf(event.value());
            return "!error " + value.split(":", 2)[0];
        }
        if ("note".equals(program.kinds().get(event.label()))) {
            // A note: what it saw is compared along with where it ran (an error by its type only, as above)
            return event.label() + ":" + noted(event.value());
        }
        return event.label();
    }

    /** A noted value as Python writes it (so the replay script compares the same text). */
    static String noted(Object value) {
        if (value == null) {
            return "None";
        }
        if (value instanceof Boolean b) {
            return b ? "True" : "False";
        }
        if (value instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())) {
            return Long.toString(n.longValue()); // a count (the ready queue's length), as Python prints it
        }
        String text = String.valueOf(value);
        return text.matches("[A-Za-z]*(Error|Exception|Interrupt|Exit|Iteration)(: .*)?") ? text.split(":", 2)[0] : text;
    }

    /** One event as compared: its run and its token. */
    private record At(int run, String token) {}

    private static List<At> flat(Map<Integer, List<String>> runs) {
        List<At> flat = new ArrayList<>();
        runs.forEach((run, tokens) -> tokens.forEach(t -> flat.add(new At(run, t))));
        return flat;
    }

    /** The first position where the traces part, in run order: classified by what happened to what was expected there. */
    private static Optional<Divergence> events(Program program, Trace expected, Trace observed) {
        Map<Integer, List<String>> e = canonical(program, expected);
        Map<Integer, List<String>> o = canonical(program, observed);
        List<At> ef = flat(e);
        List<At> of = flat(o);
        int i = 0;
        while (i < ef.size() && i < of.size() && ef.get(i).equals(of.get(i))) {
            i++;
        }
        if (i == ef.size() && i == of.size()) {
            return Optional.empty();
        }
        Optional<Divergence> refused = refusedRunStarted(program, ef, of, e, o);
        if (refused.isPresent()) {
            return refused;
        }
        if (i == of.size()) {
            return Optional.of(misplaced(program, ef.get(i).token(), ef.get(i).run(), null, "missing", e, o));
        }
        if (i == ef.size()) {
            return Optional.of(misplaced(program, of.get(i).token(), null, of.get(i).run(), "extra", e, o));
        }
        At x = ef.get(i);
        At y = of.get(i);
        if (x.token().equals(y.token())) {
            return Optional.of(misplaced(program, x.token(), x.run(), y.run(),
                    y.run() > x.run() ? "later" : "earlier", e, o));
        }
        if (x.run() == y.run() && base(x.token()).equals(base(y.token()))
                && "note".equals(program.kinds().get(base(x.token())))) {
            return Optional.of(misnoted(program, x, y, e, o));
        }
        if (find(ef, i, y.token()) == null && cancelled(program, y.token())) {
            // A cancelled handle that ran: the cause, whatever it displaced (HANDLE-1)
            return Optional.of(misplaced(program, y.token(), null, y.run(), "extra", e, o));
        }
        Integer xObserved = find(of, i, x.token());
        Integer yExpected = find(ef, i, y.token());
        if (y.run() == x.run() && yExpected != null && yExpected == x.run()
                && (xObserved != null || "stopper".equals(kind(program, y.token())))) {
            // The loop ran y where x was due, both of the same run, and x ran later (or y was a stop() that ended
            // the runs before x): it broke the run's order first, and where x went follows from that (NTODO-3,
            // FUTURE-1, ...). An x that never ran at all is missing, whatever ran in its place.
            return Optional.of(misordered(program, x.run(), x.token(), y.token(), e.get(x.run()),
                    o.getOrDefault(x.run(), List.of())));
        }
        if (xObserved != null && xObserved > x.run()) {
            return Optional.of(misplaced(program, x.token(), x.run(), xObserved, "later", e, o));
        }
        if (xObserved != null && xObserved == x.run() && y.run() == x.run()) {
            return Optional.of(misordered(program, x.run(), x.token(), y.token(), e.get(x.run()), o.get(x.run())));
        }
        if (yExpected == null) {
            return Optional.of(misplaced(program, y.token(), null, y.run(), "extra", e, o));
        }
        if (yExpected > y.run()) {
            return Optional.of(misplaced(program, y.token(), yExpected, y.run(), "earlier", e, o));
        }
        if (xObserved == null) {
            return Optional.of(misplaced(program, x.token(), x.run(), null, "missing", e, o));
        }
        return Optional.of(misordered(program, x.run(), x.token(), y.token(), e.get(x.run()),
                o.getOrDefault(x.run(), List.of())));
    }

    /** A note that ran where expected and saw something else: named by what it observed. */
    private static Divergence misnoted(Program program, At expected, At observed, Map<Integer, List<String>> e,
            Map<Integer, List<String>> o) {
        String label = base(expected.token());
        Operation of = noteOf(program, label);
        String seen = expected.token().substring(label.length() + 1);
        String saw = observed.token().substring(label.length() + 1);
        String[] guarantee = of instanceof Operation.ReadyQueueLength
                ? ReadyQueue.misnoted(program, label, expected.run(), seen, saw)
                : of instanceof Operation.IsRunning
                ? new String[] {"is_running() is True while the loop runs its callbacks", "RUN-2"}
                : of instanceof Operation.RunCoroutineUntilComplete
                ? new String[] {"a running loop refuses run_until_complete() from one of its callbacks, with"
                        + " RuntimeError", "RUN-3"}
                : "task".equals(program.kinds().get(label.substring(0, Math.max(0, label.lastIndexOf('.')))))
                ? new String[] {"asyncio.current_task() in a task's step is that task", "CURRENT-1"}
                : new String[] {"asyncio.current_task() in a plain callback is None, whoever scheduled it", "CURRENT-2"};
        String detail = "in " + runName(expected.run()) + ": note '" + label + "' (" + (of == null ? "?" : of.wireName())
                + ") expected '" + seen + "', observed '" + saw + "'; expected " + e + ", observed " + o;
        return new Divergence(guarantee[0], guarantee[1], detail, "note|" + (guarantee[1] == null ? "no-rule"
                : guarantee[1]));
    }

    /** Whether a callback of the program calls close(), which asyncio refuses while the loop runs. */
    private static boolean closesWhileRunning(Program program) {
        return everyOperation(program.steps().stream().flatMap(step -> thenOf(step).stream()).toList()).stream()
                .anyMatch(Operation.Close.class::isInstance);
    }

    /** What the note labelled {@code label} observes, wherever in the program it stands. */
    private static Operation noteOf(Program program, String label) {
        return everyOperation(program.steps()).stream()
                .flatMap(op -> op instanceof Operation.Note n && n.name().equals(label) ? Stream.of(n.of()) : Stream.empty())
                .findFirst().orElse(null);
    }

    /** {@code steps} and everything their callbacks and tasks do, at any depth. */
    static List<Operation> everyOperation(List<Operation> steps) {
        List<Operation> every = new ArrayList<>();
        List<Operation> pending = new ArrayList<>(steps);
        while (!pending.isEmpty()) {
            Operation op = pending.remove(pending.size() - 1);
            every.add(op);
            pending.addAll(thenOf(op));
        }
        return every;
    }

    /** A callback, a task or a watcher that the program schedules: its label, and what it does when it runs. */
    private record Scheduled(String label, List<Operation> then) {}

    private static Optional<Scheduled> scheduled(Operation op) {
        if (op instanceof Operation.CallSoon c) {
            return Optional.of(new Scheduled(c.label(), c.then()));
        } else if (op instanceof Operation.CallSoonThreadsafe c) {
            return Optional.of(new Scheduled(c.label(), c.then()));
        } else if (op instanceof Operation.CallLater c) {
            return Optional.of(new Scheduled(c.label(), c.then()));
        } else if (op instanceof Operation.CallAt c) {
            return Optional.of(new Scheduled(c.label(), c.then()));
        } else if (op instanceof Operation.AddDoneCallback c) {
            return Optional.of(new Scheduled(c.label(), c.then()));
        } else if (op instanceof Operation.CreateTask c) {
            return Optional.of(new Scheduled(c.label(), c.then()));
        } else if (op instanceof Operation.CreateScriptedTask c) {
            return Optional.of(new Scheduled(c.label(), c.then()));
        }
        return Optional.empty();
    }

    /** What {@code op} does when it runs, if it schedules a body (a callback, a task). */
    static List<Operation> thenOf(Operation op) {
        return scheduled(op).map(Scheduled::then).orElse(List.of());
    }

    private static Integer find(List<At> flat, int from, String token) {
        for (int k = from; k < flat.size(); k++) {
            if (flat.get(k).token().equals(token)) {
                return flat.get(k).run();
            }
        }
        return null;
    }

    /**
     * A coroutine that a callback handed to {@code run_until_complete()} on the running loop ran on the loop
     * under test and not on the reference loop: the refused call wrapped it in a task anyway (RUN-6, errata
     * U-6). It is the cause of whatever else the run then did differently, so it is named first.
     */
    private static Optional<Divergence> refusedRunStarted(Program program, List<At> ef, List<At> of,
            Map<Integer, List<String>> e, Map<Integer, List<String>> o) {
        Set<String> refused = new HashSet<>();
        for (Operation step : program.steps()) {
            for (Operation op : everyOperation(thenOf(step))) {
                if (op instanceof Operation.Note n && n.of() instanceof Operation.RunCoroutineUntilComplete r) {
                    refused.add(r.label());
                }
            }
        }
        for (At at : of) {
            String label = base(at.token());
            if (refused.contains(label) && ef.stream().noneMatch(x -> base(x.token()).equals(label))) {
                return Optional.of(new Divergence("a running loop refuses run_until_complete(coro) before it wraps"
                        + " the coroutine: the coroutine never starts (errata U-6)", "RUN-6", "'" + at.token()
                        + "' (the coroutine of a refused run_until_complete) observed in " + runName(at.run())
                        + "; expected " + e + ", observed " + o, "run|RUN-6"));
            }
        }
        return Optional.empty();
    }

    private static Divergence misplaced(Program program, String token, Integer expectedRun, Integer observedRun,
            String where, Map<Integer, List<String>> e, Map<Integer, List<String>> o) {
        String kind = kind(program, token);
        if ("reader".equals(kind) || "writer".equals(kind)) {
            // A watcher's block (Program: watch) has no stop() of its own and nothing it queues: where its
            // callback went is what the loop does with readiness, whatever else the iterations ran
            String[] rule = watcherGuarantee(program, kind, base(token), where, expectedRun, e);
            return new Divergence(rule[0], rule[1], "'" + token + "' (" + kind + ") expected in "
                    + runName(expectedRun) + ", observed in " + runName(observedRun) + "; expected " + e
                    + ", observed " + o, "io|" + where + "|" + rule[1]);
        }
        Set<Integer> stoppedRuns = stopped(program, e);
        boolean cancelledRan = "extra".equals(where) && cancelled(program, token);
        if (!cancelledRan && ("earlier".equals(where) || "extra".equals(where)) && observedRun != null
                && stoppedRuns.contains(observedRun) && ranOneBatchMore(e, o, observedRun)) {
            return lateStop("'" + token + "' (" + kind + ") expected in " + runName(expectedRun) + ", observed in "
                    + runName(observedRun) + ", a run that stop() ends; expected " + e + ", observed " + o);
        }
        if (("later".equals(where) || "missing".equals(where)) && expectedRun != null
                && staleStopBefore(program, e, expectedRun) && cutShort(e, o, expectedRun)) {
            return new Divergence("a stop() called in a run that is stopping anyway changes nothing: the next run"
                    + " is not cut short (errata U-7)", "NTODO-4", "'" + token + "' (" + kind + ") expected in "
                    + runName(expectedRun) + ", observed in " + runName(observedRun) + ", after a run_once in"
                    + " which a callback called stop() again; expected " + e + ", observed " + o, "stop|stale");
        }
        if (("later".equals(where) || "missing".equals(where)) && expectedRun != null
                && returnedBeforeItsLastIteration(program, expectedRun, e, o)) {
            return new Divergence("run_until_complete() returns after the iteration that runs the future's done"
                    + " callbacks, and that iteration runs its whole batch and the timers due in it (errata N-7)",
                    "RUN-7", "'" + token + "' (" + kind + ") expected in " + runName(expectedRun) + ", observed in "
                    + runName(observedRun) + ", after a run_until_complete() that ran less than its last iteration;"
                    + " expected " + e + ", observed " + o, "run|RUN-7");
        }
        if ("missing".equals(where) && token.equals("!error RuntimeError") && closesWhileRunning(program)) {
            return new Divergence("close() while the loop runs raises RuntimeError and leaves the loop open",
                    "CLOSED-1", "'" + token + "' expected in " + runName(expectedRun) + ", observed in "
                    + runName(observedRun) + "; expected " + e + ", observed " + o, "run|missing|CLOSED-1");
        }
        if (Integer.valueOf(0).equals(observedRun) && isTimer(kind)) {
            return new Divergence("a timer, whatever its delay, is never run by call_later() or call_at() itself: the"
                    + " loop runs it in an iteration", "TIMER-4", "'" + token + "' (" + kind + ") expected in "
                    + runName(expectedRun) + ", observed outside any iteration; expected " + e + ", observed " + o,
                    "run|TIMER-4");
        }
        if (("earlier".equals(where) || "extra".equals(where)) && observedRun != null
                && endedByABaseException(program, e.get(observedRun))) {
            return new Divergence("KeyboardInterrupt and SystemExit raised by a callback leave run_forever() at once:"
                    + " the rest of the batch stays queued for the next run (errata U-5)", "EXC-2", "'" + token + "' ("
                    + kind + ") expected in " + runName(expectedRun) + ", observed in " + runName(observedRun)
                    + ", which a callback's BaseException ends; expected " + e + ", observed " + o, "run|EXC-2");
        }
        String[] guarantee = switch (where) {
            case "earlier" -> switch (kind) {
                case "done_callback" -> new String[] {"completing a future queues its done callbacks with call_soon;"
                        + " they run in the next iteration", "FUTURE-1"};
                case "task" -> new String[] {"creating a task queues one step and starts nothing", "TASK-1"};
                case "call_later", "call_at" -> new String[] {"a timer that falls due while an iteration runs its"
                        + " callbacks waits for the next iteration", "ORDER-2"};
                default -> new String[] {"a callback scheduled during an iteration runs in the next iteration;"
                        + " stop() lets the current batch finish and no more", "NTODO-2"};
            };
            case "later" -> switch (kind) {
                case "call_later", "call_at" -> new String[] {"a due timer runs in the iteration that finds it due",
                        "NTODO-1"};
                default -> new String[] {"one iteration runs every handle that is in the ready queue when its"
                        + " drain starts; stop() lets that batch finish", "NTODO-1"};
            };
            case "extra" -> cancelled(program, token)
                    ? new String[] {"a cancelled handle never runs", "HANDLE-1"}
                    : removed(program, token)
                    ? new String[] {"remove_done_callback() removes every registration of the callback: none runs",
                            "FUTURE-5"}
                    : "done_callback".equals(kind) && Integer.valueOf(0).equals(observedRun)
                    ? new String[] {"a done callback is queued with call_soon, never called at once: it runs in an"
                            + " iteration", "FUTURE-1"}
                    : new String[] {"stop() lets the current batch finish and no more: what the batch scheduled"
                            + " waits for the next run", "NTODO-4"};
            default -> expectedRun != null && ranThePrefixOf(e.get(expectedRun), o.get(expectedRun))
                    ? new String[] {"one iteration runs every handle that is in the ready queue when its drain starts",
                            "NTODO-1"}
                    : new String[] {"every callback scheduled and not cancelled runs", null};
        };
        String detail = "'" + token + "' (" + kind + ") expected in " + runName(expectedRun)
                + ", observed in " + runName(observedRun)
                + "; expected " + e + ", observed " + o;
        // Grouped by where the event went and the guarantee that names it, not by what kind of callback
        // showed it first: one cause, one group.
        return new Divergence(guarantee[0], guarantee[1], detail, "run|" + where + "|" + (guarantee[1] == null
                ? "no-rule" : guarantee[1]));
    }

    /** Whether the last callback of {@code run} (expected) raises KeyboardInterrupt or SystemExit, ending the run. */
    private static boolean endedByABaseException(Program program, List<String> run) {
        if (run == null || run.isEmpty()) {
            return false;
        }
        String last = base(run.get(run.size() - 1));
        return everyOperation(program.steps()).stream().map(Model::scheduled).flatMap(Optional::stream)
                .anyMatch(s -> s.label().equals(last) && s.then().stream()
                        .anyMatch(Operation.RaiseBaseException.class::isInstance));
    }

    /**
     * Whether {@code run} is a top-level run_until_complete() that ran a strict prefix (perhaps nothing) of
     * what the reference loop's ran: it returned before its last iteration was done.
     */
    private static boolean returnedBeforeItsLastIteration(Program program, int run, Map<Integer, List<String>> e,
            Map<Integer, List<String>> o) {
        Operation step = stepOfRun(program, run);
        if (!(step instanceof Operation.RunUntilComplete) && !(step instanceof Operation.RunCoroutineUntilComplete)) {
            return false;
        }
        List<String> expected = e.get(run);
        List<String> observed = o.getOrDefault(run, List.of());
        return expected != null && observed.size() < expected.size()
                && expected.subList(0, observed.size()).equals(observed);
    }

    /** The top-level step that starts run {@code run} (the first is 1), or null. */
    private static Operation stepOfRun(Program program, int run) {
        int n = 0;
        for (Operation step : program.steps()) {
            if (startsRun(step) && ++n == run) {
                return step;
            }
        }
        return null;
    }

    /**
     * Whether {@code observed} is a non-empty strict prefix of {@code expected}: the run began its batch as
     * asyncio does and left the rest of it undone.
     */
    private static boolean ranThePrefixOf(List<String> expected, List<String> observed) {
        return expected != null && observed != null && !observed.isEmpty() && observed.size() < expected.size()
                && expected.subList(0, observed.size()).equals(observed);
    }

    /**
     * The guarantee a reader or writer's misplaced callback breaks: one that runs where none should (a replaced
     * one: IO-4; a reader of a socket with nothing to read: IO-1), or one that is missing (a writer: IO-5; a
     * reader in its first iteration: IO-1, in a later one, while its socket stays readable: IO-2).
     */
    private static String[] watcherGuarantee(Program program, String kind, String label, String where,
            Integer expectedRun, Map<Integer, List<String>> e) {
        boolean replaced = replaced(program, label);
        if (replaced) {
            return new String[] {"add_reader() for a descriptor that already has a reader replaces it (add_writer() a"
                    + " writer)", "IO-4"};
        }
        if ("writer".equals(kind)) {
            return new String[] {"a writer runs in each iteration while its descriptor is writable", "IO-5"};
        }
        Integer first = e.entrySet().stream().filter(run -> run.getValue().contains(label)).map(Map.Entry::getKey)
                .findFirst().orElse(null);
        if (("missing".equals(where) || "later".equals(where)) && first != null && !first.equals(expectedRun)) {
            return new String[] {"a reader runs again in every iteration while its descriptor stays readable", "IO-2"};
        }
        return new String[] {"a reader runs in the iteration whose poll finds its descriptor readable, and not before",
                "IO-1"};
    }

    /** Whether a later add_reader()/add_writer() of the same socket replaced the watcher labelled {@code label}. */
    private static boolean replaced(Program program, String label) {
        String socket = null;
        for (Operation step : program.steps()) {
            if (step instanceof Operation.AddReader r && socket == null && r.label().equals(label)) {
                socket = "reader " + r.socket();
            } else if (step instanceof Operation.AddWriter w && socket == null && w.label().equals(label)) {
                socket = "writer " + w.socket();
            } else if (socket != null && (step instanceof Operation.AddReader r && socket.equals("reader " + r.socket())
                    || step instanceof Operation.AddWriter w && socket.equals("writer " + w.socket()))) {
                return true;
            }
        }
        return false;
    }

    /**
     * One root cause, one signature: a loop on which {@code stop()} takes effect a batch late (uvloop, errata
     * U-1) shows it as events that ran earlier than expected or that should not have run at all, in a run that
     * a stop() ends, or as a run's outcome that differs because of it. All of these are grouped under
     * {@code stop|late}, whatever kind of callback showed it first.
     */
    private static Divergence lateStop(String detail) {
        return new Divergence("stop() lets the current batch finish and no more: what the batch scheduled waits"
                + " for the next run", "NTODO-4", detail, "stop|late");
    }

    /** The runs (of the expected trace) that a stop() ends: one of its callbacks called stop(), or stop() came first. */
    static Set<Integer> stoppedRuns(Program program, Trace expected) {
        Set<String> stoppers = new HashSet<>();
        for (Operation step : program.steps()) {
            collectStoppers(step, stoppers);
        }
        Set<Integer> runs = new HashSet<>();
        for (Event event : expected.events()) {
            if (stoppers.contains(base(event.label()))) {
                runs.add(event.run());
            }
        }
        int started = 0;
        boolean stopFirst = false;
        for (Operation step : program.steps()) {
            if (step instanceof Operation.Stop) {
                stopFirst = true;
            } else if (startsRun(step)) {
                started++;
                // run_once is stop() then run_forever() (docs/protocol.md), select_timeout one iteration as well,
                // and run_until_complete() stops the loop from the future's done callback: runs that a stop() ends too
                if (stopFirst || step instanceof Operation.RunOnce || step instanceof Operation.SelectTimeout
                        || step instanceof Operation.RunUntilComplete
                        || step instanceof Operation.RunCoroutineUntilComplete) {
                    runs.add(started);
                }
                stopFirst = false;
            }
        }
        return runs;
    }

    private static Set<Integer> stopped(Program program, Map<Integer, List<String>> expectedRuns) {
        List<Event> events = new ArrayList<>();
        expectedRuns.forEach((run, tokens) -> tokens.forEach(t -> events.add(Event.of(t, run))));
        return stoppedRuns(program, new Trace(List.of(), events, List.of(), null));
    }

    /**
     * Whether the run before {@code run} was a run_once (stop() then run_forever()) in which a callback called
     * stop() again: a loop that queues each stop() (uvloop) keeps the second and cuts {@code run} short.
     */
    private static boolean staleStopBefore(Program program, Map<Integer, List<String>> e, int run) {
        Set<String> stoppers = new HashSet<>();
        program.steps().forEach(step -> collectStoppers(step, stoppers));
        int started = 0;
        for (Operation step : program.steps()) {
            if (startsRun(step) && ++started == run - 1) {
                // Only a run_once: with stop() written before a run_forever, a cut-short run is too easily
                // something else (the gallery's clock_rewound_when_timers_fire looked like it).
                return step instanceof Operation.RunOnce && e.getOrDefault(run - 1, List.of())
                        .stream().anyMatch(t -> stoppers.contains(base(t)));
            }
        }
        return false;
    }

    /** Whether observed run {@code run} is the expected one cut short: a proper prefix of it (errors left out). */
    private static boolean cutShort(Map<Integer, List<String>> e, Map<Integer, List<String>> o, int run) {
        List<String> expected = e.getOrDefault(run, List.of()).stream().filter(t -> !t.startsWith("!error")).toList();
        List<String> observed = o.getOrDefault(run, List.of()).stream().filter(t -> !t.startsWith("!error")).toList();
        return observed.size() < expected.size() && expected.subList(0, observed.size()).equals(observed);
    }

    /**
     * Whether observed run {@code run} is the expected one with more at its end: every event expected in it
     * first, then only events expected later or never. That is the shape of a stop() that takes effect a batch
     * late; a loop that runs new callbacks in the batch that scheduled them mixes them in before the end.
     */
    private static boolean ranOneBatchMore(Map<Integer, List<String>> e, Map<Integer, List<String>> o, int run) {
        // Errors reported by callbacks are left out: the extra batch may raise what the expected one raised.
        List<String> expected = e.getOrDefault(run, List.of()).stream().filter(t -> !t.startsWith("!error")).toList();
        List<String> observed = o.getOrDefault(run, List.of()).stream().filter(t -> !t.startsWith("!error")).toList();
        if (observed.size() <= expected.size()) {
            return false;
        }
        List<String> head = new ArrayList<>(observed.subList(0, expected.size()));
        List<String> want = new ArrayList<>(expected);
        head.sort(null);
        want.sort(null);
        return head.equals(want) && observed.subList(expected.size(), observed.size()).stream()
                .noneMatch(expected::contains);
    }

    private static void collectStoppers(Operation op, Set<String> stoppers) {
        String label = null;
        List<Operation> then = List.of();
        if (op instanceof Operation.CallSoon c) {
            label = c.label();
            then = c.then();
        } else if (op instanceof Operation.CallSoonThreadsafe c) {
            label = c.label();
            then = c.then();
        } else if (op instanceof Operation.CallLater c) {
            label = c.label();
            then = c.then();
        } else if (op instanceof Operation.CallAt c) {
            label = c.label();
            then = c.then();
        } else if (op instanceof Operation.AddDoneCallback c) {
            label = c.label();
            then = c.then();
        } else if (op instanceof Operation.CreateTask c) {
            label = c.label();
            then = c.then();
        } else if (op instanceof Operation.CreateScriptedTask c) {
            label = c.label();
            then = c.then();
        }
        if (label != null && then.stream().anyMatch(Operation.Stop.class::isInstance)) {
            stoppers.add(label);
        }
        then.forEach(inner -> collectStoppers(inner, stoppers));
    }

    /** Whether a top-level operation starts a run (the agent and the reference tag events with it). */
    static boolean startsRun(Operation step) {
        return step instanceof Operation.RunOnce || step instanceof Operation.RunForever
                || step instanceof Operation.RunUntilComplete || step instanceof Operation.StartLoopThread
                || step instanceof Operation.RunCoroutineUntilComplete || step instanceof Operation.SelectTimeout;
    }

    /** The run that top-level step {@code index} starts (1, 2, ...), counting the runs before it. */
    private static int runOf(Program program, int index) {
        int run = 0;
        for (int i = 0; i <= index; i++) {
            if (startsRun(program.steps().get(i))) {
                run++;
            }
        }
        return run;
    }

    private static String runName(Integer run) {
        return run == null ? "no run" : run == 0 ? "no run (outside any iteration)" : "run " + run;
    }

    private static Divergence misordered(Program program, int run, String expectedFirst, String observedFirst,
            List<String> er, List<String> or) {
        String a = kind(program, expectedFirst);
        String b = kind(program, observedFirst);
        String guarantee;
        String rule;
        Double da = program.delays().get(base(expectedFirst));
        Double db = program.delays().get(base(observedFirst));
        if (da != null && db != null && !Objects.equals(da, db)) {
            if (da <= 0 && db <= 0) {
                guarantee = "overdue timers with different deadlines run in the order of their deadlines";
                rule = "TIMER-6";
            } else {
                guarantee = "timers with different deadlines run in the order of their deadlines";
                rule = "TIMER-2";
            }
        } else if (isTimer(b) && !isTimer(a)) {
            guarantee = "due timers are queued after the callbacks already ready in the same iteration"
                    + " (errata E-1; uvloop runs due timers first)";
            rule = "ORDER-1";
        } else if ("done_callback".equals(a) && "done_callback".equals(b)
                && Objects.equals(program.doneOf().get(expectedFirst), program.doneOf().get(observedFirst))) {
            guarantee = "a future's done callbacks are queued in registration order";
            rule = "FUTURE-1";
        } else {
            guarantee = "the ready queue is first in, first out";
            rule = "NTODO-3";
        }
        String detail = "in " + runName(run) + ": expected '" + expectedFirst + "' (" + a + ") where '" + observedFirst
                + "' (" + b + ") ran; expected " + er + ", observed " + or;
        return new Divergence(guarantee, rule, detail, "order|" + rule);
    }

    static boolean isTimer(String kind) {
        return "call_later".equals(kind) || "call_at".equals(kind);
    }

    /** Whether the program removes the done callback that recorded {@code token}. */
    private static boolean removed(Program program, String token) {
        String label = base(token);
        return program.steps().stream().anyMatch(op -> op instanceof Operation.RemoveDoneCallback r
                && r.label().equals(label));
    }

    /** Whether the program cancels the handle of what recorded {@code token}. */
    private static boolean cancelled(Program program, String token) {
        String handle = "h" + base(token);
        return program.steps().stream().anyMatch(op -> op instanceof Operation.CancelHandle c
                && c.handle().equals(handle));
    }

    private static String base(String token) {
        int colon = token.indexOf(':');
        return colon < 0 ? token : token.substring(0, colon);
    }

    /** The kind of what recorded a token: a label's kind, "task" for task events, "error" for !error. */
    static String kind(Program program, String token) {
        if (token.startsWith("!error")) {
            return "error";
        }
        return program.kinds().getOrDefault(base(token), "?");
    }
}
