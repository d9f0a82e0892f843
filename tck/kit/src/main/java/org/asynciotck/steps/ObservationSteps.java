package org.asynciotck.steps;

import static org.assertj.core.api.Assertions.assertThat;

import io.cucumber.java.en.Then;
import java.util.List;
import java.util.regex.Pattern;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;

/** Steps that observe the loop: what ran when, the ready queue, the select timeout, notes, refusals. */
public final class ObservationSteps {

    /** INIT-1: what a message says when it names the cause ("initialised", "initialized"). */
    private static final Pattern UNINITIALISED = Pattern.compile("initiali[sz]", Pattern.CASE_INSENSITIVE);

    static final String SELECT_TIMEOUT = "select timeout";

    /**
     * How far below the expected value an observed select timeout may be. A real loop's clock
     * moves between scheduling the timer and computing the timeout, so the timeout is slightly
     * smaller than the delay; never larger. Half a second covers a slow machine without
     * confusing a 5-second timeout with anything else a loop might choose.
     */
    static final double TIMEOUT_TOLERANCE_SECONDS = 0.5;

    private final ScenarioContext context;
    /** What this scenario's steps expected per iteration so far, for the timeline of a failure. */
    private final java.util.Map<Integer, List<String>> expectedByIteration = new java.util.TreeMap<>();

    public ObservationSteps(ScenarioContext context) {
        this.context = context;
    }

    @Then("exactly the callbacks {labels} ran in iteration {int}, in any order")
    public void exactlyRanIn(List<String> labels, int iteration) {
        Recording recording = Recording.of(context);
        List<String> observed = recording.callbackLabelsIn(iteration);
        expectedByIteration.put(iteration, List.copyOf(labels));
        try {
            assertThat(observed)
                    .withFailMessage(() -> Expectation.message(context,
                            "exactly " + labels + " to run in iteration " + iteration, observed))
                    .containsExactlyInAnyOrderElementsOf(labels);
        } catch (AssertionError broken) {
            throw new TimelineFailure(broken, expectedByIteration, recording.all(), iteration, List.of());
        }
    }

    @Then("exactly the callbacks {labels} ran outside any iteration, in any order")
    public void exactlyRanOutside(List<String> labels) {
        exactlyRanIn(labels, 0);
    }

    @Then("the callbacks ran in the order {labels}")
    public void ranInOrder(List<String> labels) {
        Recording recording = Recording.of(context);
        List<String> observed = recording.callbackLabels();
        try {
            assertThat(observed)
                    .withFailMessage(() -> Expectation.message(context, "callbacks to run in the order " + labels,
                            observed + (observed.isEmpty() ? ProfileHints.didNotRunSynchronously(context.info()) : "")))
                    .containsExactlyElementsOf(labels);
        } catch (AssertionError broken) {
            throw new TimelineFailure(broken, expectedByIteration, recording.all(), -1, labels);
        }
    }

    /** Of callbacks that each stop the other, whichever the loop runs first (their order is not promised). */
    @Then("exactly one of the callbacks {labels} ran")
    public void exactlyOneRan(List<String> labels) {
        List<String> observed = Recording.of(context).callbackLabels();
        long ran = labels.stream().filter(observed::contains).count();
        Expectation.check(context, ran == 1, "exactly one of " + labels + " to run", observed);
    }

    @Then("no callback has run")
    public void noCallbackHasRun() {
        List<String> observed = Recording.of(context).callbackLabels();
        assertThat(observed)
                .withFailMessage(() -> Expectation.message(context, "no callback to have run yet", observed))
                .isEmpty();
    }

    @Then("no done callback has run yet")
    public void noDoneCallbackHasRun() {
        List<String> observed = Recording.of(context).callbackLabels();
        assertThat(observed)
                .withFailMessage(() -> Expectation.message(context, "no done callback to have run yet",
                        observed + ProfileHints.ranSynchronously(context.info())))
                .isEmpty();
    }

    @Then("no operation inside a callback failed")
    public void noCallbackOperationFailed() {
        Recording recording = Recording.of(context);
        assertThat(recording.errors())
                .withFailMessage(() -> Expectation.message(context, "no error inside callbacks", recording.errors()))
                .isEmpty();
    }

    @Then("the ready queue holds {int} handle(s)")
    public void readyQueueHolds(int expected) {
        Object length = context.performExpectingSuccess(new Operation.ReadyQueueLength()).value();
        Expectation.check(context, Recording.sameValue(length, expected),
                expected + " handle(s) in the ready queue", length);
    }

    @Then("the select timeout is {double} seconds")
    public void selectTimeoutIs(double expected) {
        Object timeout = context.recall(SELECT_TIMEOUT);
        Expectation.check(context, Recording.sameValue(timeout, expected),
                "a select timeout of " + expected + " s", timeout == null ? "none (block)" : timeout + " s");
    }

    @Then("the select timeout is about {duration}")
    public void selectTimeoutIsAbout(Seconds expected) {
        Object timeout = context.recall(SELECT_TIMEOUT);
        boolean close = timeout instanceof Number number
                && number.doubleValue() <= expected.value()
                && number.doubleValue() >= expected.value() - TIMEOUT_TOLERANCE_SECONDS;
        Expectation.check(context, close, "a select timeout of " + expected.value() + " s (at most "
                + TIMEOUT_TOLERANCE_SECONDS + " s less)", timeout == null ? "none (block)" : timeout + " s");
    }

    @Then("the select timeout is none, so the loop blocks until I\\/O or a wake-up")
    public void selectTimeoutIsNone() {
        Object timeout = context.recall(SELECT_TIMEOUT);
        Expectation.check(context, timeout == null, "no select timeout (block until I/O or a wake-up)", timeout + " s");
    }

    @Then("note {string} is {bool}")
    public void noteIsBoolean(String name, Boolean expected) {
        Object value = Recording.of(context).note(name, context);
        Expectation.check(context, expected.equals(value), "note \"" + name + "\" to be " + expected, value);
    }

    @Then("note {string} is {string}")
    public void noteIsText(String name, String expected) {
        Object value = Recording.of(context).note(name, context);
        Expectation.check(context, expected.equals(value), "note \"" + name + "\" to be \"" + expected + "\"", value);
    }

    /** A note of a count, such as the ready queue's length. */
    @Then("note {string} is {int}")
    public void noteIsNumber(String name, int expected) {
        Object value = Recording.of(context).note(name, context);
        Expectation.check(context, Recording.sameValue(value, expected), "note \"" + name + "\" to be " + expected,
                value);
    }

    /** A note of an operation that raised holds "Type: message"; the message differs between loops. */
    @Then("note {string} is an error of type {word}")
    public void noteIsAnError(String name, String errorType) {
        Object value = Recording.of(context).note(name, context);
        Expectation.check(context, isNotedError(value, errorType), "note \"" + name + "\" to be a " + errorType, value);
    }

    /**
     * A run of the loop that one of its own callbacks attempted (LIFE-3, RUN-3, ...). A note that holds no error
     * means the call ran the loop again and returned: a nested run, which the failure names, since a loop that is
     * reentrant by design declares it.
     */
    @Then("the nested run noted as {string} was refused with {word}")
    public void nestedRunRefused(String name, String errorType) {
        Object value = Recording.of(context).note(name, context);
        boolean refused = isNotedError(value, errorType);
        boolean returned = !(value instanceof String text && NOTED_ERROR.matcher(text).lookingAt());
        Expectation.check(context, refused, "the nested run noted as \"" + name + "\" to be refused with " + errorType,
                (returned ? "a nested run that returned " + value + ProfileHints.ranNested(context.info()) : value));
    }

    /** How a note records an operation that raised: "Type: message". */
    private static final Pattern NOTED_ERROR = Pattern.compile("[A-Za-z_][\\w.]*:");

    /** Whether a note holds an error of type {@code errorType} ("Type: message"). */
    private static boolean isNotedError(Object value, String errorType) {
        return value instanceof String text && text.startsWith(errorType + ":");
    }

    @Then("notes {string} and {string} are equal")
    public void notesAreEqual(String first, String second) {
        Recording recording = Recording.of(context);
        Object a = recording.note(first, context);
        Object b = recording.note(second, context);
        Expectation.check(context, Recording.sameValue(a, b),
                "notes \"" + first + "\" and \"" + second + "\" to be equal", first + "=" + a + ", " + second + "=" + b);
    }

    @Then("it is refused with {word} {string}")
    public void refusedWith(String errorType, String template) {
        Outcome outcome = context.lastOutcome();
        boolean matches = outcome.isError() && errorType.equals(outcome.errorType())
                && MessageTemplate.matches(template, outcome.message());
        Expectation.check(context, matches, errorType + " \"" + template + "\"", outcome);
    }

    @Then("it is refused with an error of type {word}")
    public void refusedWithType(String errorType) {
        Outcome outcome = context.lastOutcome();
        Expectation.check(context, outcome.isError() && errorType.equals(outcome.errorType()), "a " + errorType, outcome);
    }

    /**
     * Refused by the loop: any error but the kit's own {@code KitError} (docs/protocol.md, "Names"), which
     * says the kit asked about something that does not exist, not that the loop refused anything (INIT-1).
     */
    @Then("it is refused with an error")
    public void refusedWithAnError() {
        Outcome outcome = context.lastOutcome();
        Expectation.check(context, refusedByTheLoop(outcome), "an error raised by the loop", outcome);
    }

    /**
     * INIT-1: refused with an error whose message says what is wrong, that the task was never initialised
     * ("initialised" or "initialized"), not one that answers as if the task were merely pending.
     */
    @Then("it is refused with an error that says the task is not initialised")
    public void refusedAsUninitialised() {
        Outcome outcome = context.lastOutcome();
        boolean namesTheCause = refusedByTheLoop(outcome) && outcome.message() != null
                && UNINITIALISED.matcher(outcome.message()).find();
        Expectation.check(context, namesTheCause, "an error whose message says the task is not initialised", outcome);
    }

    private static boolean refusedByTheLoop(Outcome outcome) {
        return outcome.isError() && !"KitError".equals(outcome.errorType());
    }

    /** "answers" for a question to the loop, "returns" for what a run of it gave back; one check. */
    @Then("it answers {string}")
    @Then("it returns {string}")
    public void answers(String expected) {
        Outcome outcome = context.lastOutcome();
        Expectation.check(context, !outcome.isError() && expected.equals(outcome.value()), "the answer \"" + expected + "\"", outcome);
    }

    @Then("it returns {int}")
    public void returnsNumber(int expected) {
        Outcome outcome = context.lastOutcome();
        Expectation.check(context, !outcome.isError() && outcome.value() instanceof Number n && n.longValue() == expected
                && n.doubleValue() == expected, "the value " + expected, outcome);
    }

    /**
     * Not true, and not refused: what remove_reader() of a closed loop must answer (CLOSED-5).
     * False on CPython; uvloop answers None from every remove_reader() (errata U-3, IO-3's business).
     */
    @Then("it does not answer true")
    public void doesNotAnswerTrue() {
        Outcome outcome = context.lastOutcome();
        Expectation.check(context, !outcome.isError() && !Boolean.TRUE.equals(outcome.value()),
                "an answer other than true, without an error", outcome);
    }

    @Then("it answers {bool}")
    public void answersBoolean(Boolean expected) {
        Outcome outcome = context.lastOutcome();
        Expectation.check(context, !outcome.isError() && expected.equals(outcome.value()), "the answer " + expected, outcome);
    }

    /** get_coro() answers the coroutine's type name; which name differs between loops. */
    @Then("it answers with a coroutine")
    public void answersWithACoroutine() {
        Outcome outcome = context.lastOutcome();
        Expectation.check(context, !outcome.isError() && outcome.value() instanceof String,
                "a coroutine", outcome);
    }

    @Then("it succeeds")
    public void succeeds() {
        Outcome outcome = context.lastOutcome();
        Expectation.check(context, !outcome.isError(), "success", outcome);
    }

    @Then("handle {string} is cancelled")
    public void handleIsCancelled(String handle) {
        expectCancelled(handle, true);
    }

    @Then("handle {string} is not cancelled")
    public void handleIsNotCancelled(String handle) {
        expectCancelled(handle, false);
    }

    @Then("the removal found the handle in the ready queue")
    public void removalFoundHandle() {
        expectRemovalFound(true);
    }

    @Then("the removal did not find the handle in the ready queue")
    public void removalDidNotFindHandle() {
        expectRemovalFound(false);
    }

    @Then("handle {string} still holds its callback")
    public void handleHoldsCallback(String handle) {
        Object holds = context.performExpectingSuccess(new Operation.HandleHoldsCallback(handle)).value();
        Expectation.check(context, Boolean.TRUE.equals(holds), "handle \"" + handle + "\" to hold its callback",
                "holds it: " + holds);
    }

    @Then("the callback of handle {string} has not been freed")
    public void callbackNotFreed(String handle) {
        Object freed = context.performExpectingSuccess(new Operation.CallbackFreed(handle)).value();
        Expectation.check(context, Boolean.FALSE.equals(freed), "the callback of handle \"" + handle
                + "\" to be alive while the handle is queued", "freed: " + freed);
    }

    @Then("the callback of handle {string} has been freed")
    public void callbackFreed(String handle) {
        Object freed = context.performExpectingSuccess(new Operation.CallbackFreed(handle)).value();
        Expectation.check(context, Boolean.TRUE.equals(freed), "the callback of handle \"" + handle
                + "\" to be freed once the handle is cancelled", "freed: " + freed);
    }

    @Then("handle {string} no longer holds its callback")
    public void handleReleasedCallback(String handle) {
        Object holds = context.performExpectingSuccess(new Operation.HandleHoldsCallback(handle)).value();
        Expectation.check(context, Boolean.FALSE.equals(holds), "handle \"" + handle + "\" to have dropped its callback",
                "still holds it: " + holds);
    }

    private void expectRemovalFound(boolean expected) {
        Object found = context.lastOutcome().value();
        Expectation.check(context, Boolean.valueOf(expected).equals(found),
                "the removal " + (expected ? "to find the handle in the ready queue" : "not to find the handle in the ready queue"),
                "found = " + found);
    }

    private void expectCancelled(String handle, boolean expected) {
        Object cancelled = context.performExpectingSuccess(new Operation.HandleCancelled(handle)).value();
        Expectation.check(context, Boolean.valueOf(expected).equals(cancelled),
                "handle \"" + handle + "\" " + (expected ? "to be cancelled" : "not to be cancelled"), "cancelled() = " + cancelled);
    }
}
