package org.asynciotck.steps;

import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.asynciotck.spi.Event;

/**
 * A broken expectation about which callbacks ran in which iteration, with what the scenario
 * expected per iteration and what the loop recorded, so that the reports can draw it as a
 * timeline. The message is the one template ({@link Expectation#message}), unchanged; the
 * runner reads the rest (runner.VerdictClassifier).
 *
 * @see ObservationSteps#exactlyRanIn
 */
public final class TimelineFailure extends AssertionError {

    private static final long serialVersionUID = 1L;

    /** Iteration → labels the scenario expected there (0 = outside any iteration). */
    private final transient SortedMap<Integer, List<String>> expected;
    /** Iteration → labels the loop recorded there, in the order they ran. */
    private final transient SortedMap<Integer, List<String>> observed;
    /** The iteration of the expectation that broke, or -1 when it named an order, not an iteration. */
    private final int focus;
    /** For "the callbacks ran in the order ...": the expected order; empty otherwise. */
    private final transient List<String> expectedOrder;

    TimelineFailure(AssertionError broken, Map<Integer, List<String>> expected, List<Event> recorded, int focus,
            List<String> expectedOrder) {
        super(broken.getMessage(), broken);
        this.expected = new TreeMap<>(expected);
        this.observed = new TreeMap<>();
        for (Event event : recorded) {
            if (!event.label().startsWith(Recording.NOTE_PREFIX) && !event.label().equals(Recording.ERROR_LABEL)) {
                observed.computeIfAbsent(event.run(), run -> new java.util.ArrayList<>()).add(event.label());
            }
        }
        this.focus = focus;
        this.expectedOrder = List.copyOf(expectedOrder);
    }

    public SortedMap<Integer, List<String>> expected() {
        return java.util.Collections.unmodifiableSortedMap(expected);
    }

    public SortedMap<Integer, List<String>> observed() {
        return java.util.Collections.unmodifiableSortedMap(observed);
    }

    public int focus() {
        return focus;
    }

    public List<String> expectedOrder() {
        return expectedOrder;
    }
}
