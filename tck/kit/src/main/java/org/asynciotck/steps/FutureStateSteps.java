package org.asynciotck.steps;

import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;

/** Steps about what a future answers about itself, and removing its done callbacks (FUTURE-3 to FUTURE-6). */
public final class FutureStateSteps {

    private final ScenarioContext context;

    public FutureStateSteps(ScenarioContext context) {
        this.context = context;
    }

    /** {@code fut.result()}; the outcome is checked by a "Then it ..." step. */
    @When("the result of future {string} is asked for")
    public void askResult(String future) {
        context.perform(new Operation.FutureResult(future));
    }

    /** {@code fut.exception()}; the outcome is checked by a "Then it ..." step. */
    @When("the exception of future {string} is asked for")
    public void askException(String future) {
        context.perform(new Operation.FutureException(future));
    }

    /** {@code fut.remove_done_callback(cb)}; the count is checked by "Then it answers N". */
    @When("done callback {string} is removed from future {string}")
    public void removeDoneCallback(String label, String future) {
        context.performExpectingSuccess(new Operation.RemoveDoneCallback(future, label));
    }

    /** {@code task.remove_done_callback(cb)}, which may be refused (INIT-1); checked by a "Then it ..." step. */
    @When("done callback {string} is removed from task {string}")
    public void removeDoneCallbackFromTask(String label, String task) {
        context.perform(new Operation.RemoveDoneCallback(task, label));
    }

    /** {@code fut.set_exception(StopIteration(...))}: refused or converted, as the version does (FUTURE-6). */
    @When("a StopIteration is set as the exception of future {string}")
    public void setStopIteration(String future) {
        context.perform(new Operation.SetStopIteration(future));
    }

    @Then("it answers {int}")
    public void answersNumber(int expected) {
        Outcome outcome = context.lastOutcome();
        Expectation.check(context, !outcome.isError() && outcome.value() instanceof Number n
                && n.doubleValue() == expected, "the answer " + expected, outcome);
    }

    @Then("it answers None")
    public void answersNone() {
        Outcome outcome = context.lastOutcome();
        Expectation.check(context, !outcome.isError() && outcome.value() == null, "the answer None", outcome);
    }

    /** Whether refused (pending) or converted, what exception() gives is never a StopIteration. */
    @Then("future {string} does not hold a StopIteration")
    public void holdsNoStopIteration(String future) {
        Outcome outcome = context.perform(new Operation.FutureException(future));
        boolean holdsOne = !outcome.isError() && outcome.value() instanceof String text && text.startsWith("StopIteration");
        Expectation.check(context, !holdsOne, "future \"" + future + "\" not to hold a StopIteration"
                + " (set_exception refuses it, or holds a RuntimeError caused by it)", outcome);
    }
}
