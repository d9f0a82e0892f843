package org.asynciotck.steps;

import java.util.List;
import java.util.Objects;
import org.asynciotck.spi.Event;
import org.asynciotck.spi.Operation;

/** Reads back what callbacks, coroutines and notes recorded on the scenario's loop. */
final class Recording {

    /** Label of the event a callback leaves when one of its operations raised. */
    static final String ERROR_LABEL = "!error";
    /**
     * Prefix the kit gives the names of notes, so that a note (whose value may be null, e.g.
     * "no current task") is never mistaken for a callback's own record.
     */
    static final String NOTE_PREFIX = "note:";

    private final List<Event> events;

    private Recording(List<Event> events) {
        this.events = events;
    }

    /** What a loop recorded, as given (for tests of what the kit reads from it). */
    static Recording of(List<Event> events) {
        return new Recording(List.copyOf(events));
    }

    static Recording of(ScenarioContext context) {
        Object value = context.performExpectingSuccess(new Operation.Recorded()).value();
        if (!(value instanceof List<?> list) || !list.stream().allMatch(Event.class::isInstance)) {
            // An adapter's bug, not the loop's: the SPI says recorded is a list of events.
            throw new IllegalStateException("the adapter answered recorded with " + value
                    + ", not a list of events (see Operation.Recorded)");
        }
        return new Recording(list.stream().map(Event.class::cast).toList());
    }

    List<Event> all() {
        return events;
    }

    /** What callbacks and coroutines recorded, in order: everything but notes and errors. */
    List<String> callbackLabels() {
        return events.stream().filter(Recording::isCallbackRecord).map(Event::label).toList();
    }

    List<String> callbackLabelsIn(int run) {
        return events.stream().filter(event -> isCallbackRecord(event) && event.run() == run).map(Event::label).toList();
    }

    private static boolean isCallbackRecord(Event event) {
        return !event.label().startsWith(NOTE_PREFIX) && !event.label().equals(ERROR_LABEL);
    }

    List<Event> errors() {
        return events.stream().filter(event -> ERROR_LABEL.equals(event.label())).toList();
    }

    boolean contains(String label) {
        return events.stream().anyMatch(event -> event.label().equals(label));
    }

    Integer runOf(String label) {
        return events.stream().filter(event -> event.label().equals(label)).map(Event::run).findFirst().orElse(null);
    }

    /**
     * Whether the coroutine of task {@code task} started inside the call that made it: its {@code :start}
     * comes before the note recorded as that call returned (a task made by a callback or a coroutine), or,
     * for a task made by a step, before any iteration ran. False when it did not start.
     */
    boolean startedInsideCreation(String task) {
        List<String> labels = events.stream().map(Event::label).toList();
        int start = labels.indexOf(Tasks.started(task));
        if (start < 0) {
            return false;
        }
        int made = labels.indexOf(NOTE_PREFIX + Tasks.madeNote(task));
        return made >= 0 ? start < made : events.get(start).run() == 0;
    }

    Object note(String name, ScenarioContext context) {
        return events.stream()
                .filter(event -> event.label().equals(NOTE_PREFIX + name))
                .findFirst()
                .orElseThrow(() -> new AssertionError(Expectation.message(context,
                        "a note named \"" + name + "\" (its callback should have run)", events)))
                .value(); // a note may hold null ("no current task"): present, with no value
    }

    static boolean sameValue(Object a, Object b) {
        if (a instanceof Number x && b instanceof Number y) {
            return x.doubleValue() == y.doubleValue();
        }
        return Objects.equals(a, b);
    }
}
