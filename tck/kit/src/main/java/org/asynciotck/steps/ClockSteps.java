package org.asynciotck.steps;

import io.cucumber.datatable.DataTable;
import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import java.util.List;
import org.asynciotck.spi.Operation;

/** Steps about how far the loop's clock moves: time spent in callbacks and sleeps (TIMER-3, CLOCK-1, CLOCK-2). */
public final class ClockSteps {

    private final ScenarioContext context;

    public ClockSteps(ScenarioContext context) {
        this.context = context;
    }

    @Given("task {string} sleeps with asyncio.sleep for {duration}")
    public void sleeps(String task, Seconds delay) {
        context.performExpectingSuccess(new Operation.CreateSleepingTask(task, delay.value(), List.of()));
    }

    @Given("task {string} sleeps with asyncio.sleep for {duration} and, when it wakes, does:")
    public void sleepsThenDoes(String task, Seconds delay, DataTable actions) {
        context.performExpectingSuccess(new Operation.CreateSleepingTask(task, delay.value(),
                CallbackScript.parse(actions.asList())));
    }

    /**
     * The clock moved on by at least {@code duration} between two notes, within the named tolerance a timer may
     * run early by (Bounds.TIMER_EARLY_TOLERANCE_SECONDS): a sleep's wake-up is a timer's, and a clock that
     * counts whole milliseconds may read a spent duration a tick short.
     */
    @Then("note {string} is at least {duration} after note {string}")
    public void atLeastAfter(String later, Seconds duration, String earlier) {
        Recording recording = Recording.of(context);
        double from = number(recording.note(earlier, context), earlier);
        double to = number(recording.note(later, context), later);
        Expectation.check(context, to - from >= duration.value() - Bounds.TIMER_EARLY_TOLERANCE_SECONDS,
                "note \"" + later + "\" at least " + duration.value() + " s after note \"" + earlier + "\" (within "
                        + Bounds.TIMER_EARLY_TOLERANCE_SECONDS + " s)",
                "loop.time() " + from + " then " + to + ", " + (to - from) + " s apart");
    }

    /** A timer's deadline counts from the clock at the call: at least {@code duration} after an earlier note. */
    @Then("the deadline of timer {string} is at least {duration} after note {string}")
    public void deadlineAtLeastAfter(String timer, Seconds duration, String earlier) {
        double when = number(context.performExpectingSuccess(new Operation.HandleWhen(timer)).value(), "when()");
        double from = number(Recording.of(context).note(earlier, context), earlier);
        Expectation.check(context, when - from >= duration.value() - Bounds.TIMER_EARLY_TOLERANCE_SECONDS,
                "when() of timer \"" + timer + "\" at least " + duration.value() + " s after note \"" + earlier
                        + "\" " + from + " (within " + Bounds.TIMER_EARLY_TOLERANCE_SECONDS + " s)",
                when + ", " + (when - from) + " s after it");
    }

    private double number(Object value, String what) {
        if (!(value instanceof Number n)) {
            throw new AssertionError(Expectation.message(context, what + " to be a number", value));
        }
        return n.doubleValue();
    }
}
