package org.asynciotck.explore;

import java.util.ArrayList;
import java.util.List;
import org.asynciotck.spi.Event;
import org.asynciotck.spi.ImplementationFailure;
import org.asynciotck.spi.LoopImplementation;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;

/**
 * What one program did on one loop: the outcome of each top-level operation, the events its callbacks
 * recorded (each tagged with its run), how many callback errors the loop reported to its exception
 * handler, and the failure that ended the session early, if any.
 */
public record Trace(List<Outcome> outcomes, List<Event> events, List<String> reported, List<List<String>> contexts,
        String failure) {

    /** The text of a callback error the kit raised ({@code Raise}), as the recording handler reports it. */
    static final String KIT_ERROR = "RuntimeError: raised by the kit";
    /** The text of what the kit reports with {@code call_exception_handler}, as the recording handler reports it. */
    static final String KIT_REPORT = "RuntimeError: " + Program.REPORTED_MESSAGE;

    /** A trace whose reports' contexts are not known (each report's keys: none). */
    public Trace(List<Outcome> outcomes, List<Event> events, List<String> reported, String failure) {
        this(outcomes, events, reported, List.of(), failure);
    }

    /**
     * Runs {@code program} on a loop of its own ({@link LoopImplementation#runProgram}: one hand-off to the
     * reference loop's thread, one round trip to an agent), then asks what was recorded and reported.
     */
    public static Trace of(LoopImplementation implementation, Program program) {
        List<Operation> operations = new ArrayList<>(program.steps());
        operations.add(new Operation.Recorded());
        operations.add(new Operation.ReportedErrors());
        operations.add(new Operation.ReportedContexts());
        List<Outcome> outcomes;
        try {
            outcomes = implementation.runProgram(operations);
        } catch (ImplementationFailure e) {
            return new Trace(List.of(), List.of(), List.of(), e.kind() + ": " + e.getMessage());
        }
        int n = program.size();
        return new Trace(List.copyOf(outcomes.subList(0, n)), events(outcomes.get(n)), strings(outcomes.get(n + 1)),
                keyLists(outcomes.get(n + 2)), null);
    }

    private static List<Event> events(Outcome outcome) {
        List<Event> events = new ArrayList<>();
        if (outcome.value() instanceof List<?> list) {
            for (Object item : list) {
                if (item instanceof Event event) {
                    events.add(event);
                }
            }
        }
        return events;
    }

    private static List<String> strings(Outcome outcome) {
        List<String> strings = new ArrayList<>();
        if (outcome.value() instanceof List<?> list) {
            for (Object item : list) {
                strings.add(String.valueOf(item));
            }
        }
        return strings;
    }

    private static List<List<String>> keyLists(Outcome outcome) {
        List<List<String>> lists = new ArrayList<>();
        if (outcome.value() instanceof List<?> list) {
            for (Object item : list) {
                List<String> keys = new ArrayList<>();
                if (item instanceof List<?> inner) {
                    inner.forEach(key -> keys.add(String.valueOf(key)));
                }
                lists.add(List.copyOf(keys));
            }
        }
        return lists;
    }

    /** How many reports of {@code call_exception_handler} the recording handler received. */
    public long kitReportsReceived() {
        return reported.stream().filter(KIT_REPORT::equals).count();
    }

    /**
     * How many of the kit's callback errors were reported with a context that names 'message', 'exception' and
     * 'handle' (EXC-1). A report's context is the one at its position; with no contexts known, none.
     */
    public long kitErrorsWithFullContext() {
        long full = 0;
        for (int i = 0; i < reported.size() && i < contexts.size(); i++) {
            if (KIT_ERROR.equals(reported.get(i)) && contexts.get(i).containsAll(List.of("message", "exception", "handle"))) {
                full++;
            }
        }
        return full;
    }

    /** How many callback errors raised by the kit the loop reported (other reports, e.g. of garbage, vary). */
    public long kitErrorsReported() {
        return reported.stream().filter(KIT_ERROR::equals).count();
    }
}
