package org.asynciotck.steps;

import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import io.cucumber.datatable.DataTable;
import java.util.List;
import org.asynciotck.spi.Operation;

/** Steps about timer deadlines and the loop's clock (TIMER-1 to TIMER-6). */
public final class TimerSteps {

    private final ScenarioContext context;

    public TimerSteps(ScenarioContext context) {
        this.context = context;
    }

    @Given("timer {string} is scheduled with call_at in {duration}")
    public void timerAt(String label, Seconds delay) {
        context.performExpectingSuccess(new Operation.CallAt(delay.value(), label, List.of(), label));
    }

    @Given("timer {string} is scheduled with call_later in {duration} and, when it runs, does:")
    public void timerDoes(String label, Seconds delay, DataTable actions) {
        context.performExpectingSuccess(new Operation.CallLater(delay.value(), label,
                CallbackScript.parse(actions.asList()), label));
    }

    /** How far, in units in the last place, two roundings of the same time plus a delay may differ. */
    static final int ROUNDING_ULPS = 4;

    /** {@code loop.time()} outside any callback, kept as a note. */
    @Given("the loop's time is noted as {string}")
    @When("the loop's time is noted again as {string}")
    public void noteTime(String name) {
        context.performExpectingSuccess(new Operation.Note(Recording.NOTE_PREFIX + name, new Operation.LoopTime()));
    }

    /**
     * TIMER-1: before + delay <= when() <= after + delay, the clock read on either side of the call. The
     * loop adds the delay to its own reading of the clock, the kit to the notes: the two sums of
     * doubles may round apart, so each bound has {@value #ROUNDING_ULPS} units in the last place of slack
     * (nanoseconds at most, far below any clock a loop reads).
     */
    @Then("the deadline of timer {string} is {duration} after a time between notes {string} and {string}")
    public void deadlineIs(String timer, Seconds delay, String before, String after) {
        deadlineBetween(timer, delay.value(), before, after);
    }

    /** TIMER-1 for an overdue timer: its when() stays in the past, by its delay (CPython keeps it as given). */
    @Then("the deadline of timer {string} is {duration} before a time between notes {string} and {string}")
    public void deadlineInThePast(String timer, Seconds overdue, String before, String after) {
        deadlineBetween(timer, -overdue.value(), before, after);
    }

    private void deadlineBetween(String timer, double delay, String before, String after) {
        double when = number(context.performExpectingSuccess(new Operation.HandleWhen(timer)).value(), "when()");
        Recording recording = Recording.of(context);
        double from = number(recording.note(before, context), before) + delay;
        double to = number(recording.note(after, context), after) + delay;
        double slack = ROUNDING_ULPS * Math.ulp(Math.max(Math.abs(from), Math.abs(to)));
        Expectation.check(context, from - slack <= when && when <= to + slack,
                "when() of timer \"" + timer + "\" between " + from + " and " + to, when);
    }

    /** TIMER-3: the time a timer's callback read is not before its when(), within the named tolerance. */
    @Then("note {string} is no earlier than the deadline of timer {string}")
    public void notEarly(String note, String timer) {
        double when = number(context.performExpectingSuccess(new Operation.HandleWhen(timer)).value(), "when()");
        double ranAt = number(Recording.of(context).note(note, context), note);
        Expectation.check(context, ranAt >= when - Bounds.TIMER_EARLY_TOLERANCE_SECONDS,
                "timer \"" + timer + "\" to run no earlier than its when() " + when + " (within "
                        + Bounds.TIMER_EARLY_TOLERANCE_SECONDS + " s)", "loop.time() " + ranAt + " in its callback");
    }

    /** IO-1: the time noted (by a reader) is before the timer's when(): the loop did not wait for the timer first. */
    @Then("note {string} is earlier than the deadline of timer {string}")
    public void earlier(String note, String timer) {
        double when = number(context.performExpectingSuccess(new Operation.HandleWhen(timer)).value(), "when()");
        double notedAt = number(Recording.of(context).note(note, context), note);
        Expectation.check(context, notedAt < when, "note \"" + note + "\" earlier than the when() " + when
                + " of timer \"" + timer + "\"", "loop.time() " + notedAt);
    }

    /** TIMER-5: the notes, in the order given, never decrease. */
    @Then("the times noted as {labels} do not go backwards")
    public void monotonic(List<String> notes) {
        Recording recording = Recording.of(context);
        double previous = Double.NEGATIVE_INFINITY;
        StringBuilder seen = new StringBuilder();
        boolean holds = true;
        for (String name : notes) {
            double time = number(recording.note(name, context), name);
            seen.append(name).append('=').append(time).append(' ');
            holds &= time >= previous;
            previous = time;
        }
        Expectation.check(context, holds, "loop.time() not to go backwards across " + notes, seen.toString().trim());
    }

    private double number(Object value, String what) {
        if (!(value instanceof Number n)) {
            throw new AssertionError(Expectation.message(context, what + " to be a number", value));
        }
        return n.doubleValue();
    }
}
