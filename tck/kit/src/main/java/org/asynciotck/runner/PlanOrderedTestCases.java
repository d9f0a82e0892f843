package org.asynciotck.runner;

import io.cucumber.messages.types.Attachment;
import io.cucumber.messages.types.Envelope;
import io.cucumber.messages.types.TestCaseFinished;
import io.cucumber.messages.types.TestCaseStarted;
import io.cucumber.messages.types.TestStepFinished;
import io.cucumber.messages.types.TestStepStarted;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Cucumber's messages of a run whose scenarios run side by side, with each test case's messages held
 * back and handed on at the end of the run in plan order: the feature files in name order, the
 * scenarios of each in the order Cucumber made their pickles (their order in the file).
 *
 * <p>Why: Cucumber's JUnit XML lists its test cases in the order they started, so side by side its
 * order would change from run to run. The HTML report is the same either way (it groups by pickle).
 * One at a time the messages are handed on as they come ({@link CucumberReports}), so those reports
 * stay what they were. Messages of no test case (the run's start, the features, the pickles, the
 * test case definitions) go on at once; a reader of a cut run gets the held ones at {@link #release}.
 * Not thread-safe: its one caller synchronises.
 */
final class PlanOrderedTestCases {

    /** Where a pickle is in the plan: its feature's file, and its place among that file's pickles. */
    private record Place(String uri, int index) {}

    private static final Comparator<Place> PLAN_ORDER = Comparator.comparing(Place::uri).thenComparingInt(Place::index);
    /** A test case whose pickle was never seen goes after every planned one, in the order it started. */
    private static final Place UNPLANNED = new Place("\uffff", Integer.MAX_VALUE);

    private final Map<String, Place> pickles = new HashMap<>();
    private final Map<String, Integer> picklesPerUri = new HashMap<>();
    /** Test case id to the id of its pickle. */
    private final Map<String, String> testCasePickles = new HashMap<>();
    /** The held messages of each test case, by the id of its start, in the order the test cases started. */
    private final Map<String, List<Envelope>> held = new LinkedHashMap<>();
    private final Map<String, Place> heldPlaces = new HashMap<>();

    /** What to hand on now: {@code envelope}, or nothing when it belongs to a test case and is held. */
    List<Envelope> accept(Envelope envelope) {
        envelope.getPickle().ifPresent(pickle -> pickles.put(pickle.getId(),
                new Place(pickle.getUri(), picklesPerUri.merge(pickle.getUri(), 1, Integer::sum))));
        envelope.getTestCase().ifPresent(testCase -> testCasePickles.put(testCase.getId(), testCase.getPickleId()));
        envelope.getTestCaseStarted().ifPresent(started -> heldPlaces.put(started.getId(),
                Optional.ofNullable(testCasePickles.get(started.getTestCaseId())).map(pickles::get).orElse(UNPLANNED)));
        Optional<String> testCase = testCaseStartedIdOf(envelope);
        if (testCase.isEmpty()) {
            return List.of(envelope);
        }
        held.computeIfAbsent(testCase.get(), id -> new ArrayList<>()).add(envelope);
        return List.of();
    }

    /** Every held message, test case by test case in plan order; they are forgotten. */
    List<Envelope> release() {
        List<String> order = new ArrayList<>(held.keySet());
        order.sort(Comparator.comparing(id -> heldPlaces.getOrDefault(id, UNPLANNED), PLAN_ORDER));
        List<Envelope> released = new ArrayList<>();
        order.forEach(id -> released.addAll(held.get(id)));
        held.clear();
        return released;
    }

    private static Optional<String> testCaseStartedIdOf(Envelope envelope) {
        return envelope.getTestCaseStarted().map(TestCaseStarted::getId)
                .or(() -> envelope.getTestStepStarted().map(TestStepStarted::getTestCaseStartedId))
                .or(() -> envelope.getTestStepFinished().map(TestStepFinished::getTestCaseStartedId))
                .or(() -> envelope.getTestCaseFinished().map(TestCaseFinished::getTestCaseStartedId))
                .or(() -> envelope.getAttachment().flatMap(Attachment::getTestCaseStartedId));
    }
}
