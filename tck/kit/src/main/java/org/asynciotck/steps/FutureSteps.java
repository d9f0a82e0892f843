package org.asynciotck.steps;

import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import java.util.List;
import org.asynciotck.spi.Operation;

/** Steps about futures made by the loop. */
public final class FutureSteps {

    private final ScenarioContext context;

    public FutureSteps(ScenarioContext context) {
        this.context = context;
    }

    @Given("a future {string} made by the loop")
    public void aFuture(String future) {
        context.performExpectingSuccess(new Operation.CreateFuture(future));
    }

    @Given("callback {string} is added as a done callback of future {string}")
    public void addDoneCallback(String label, String future) {
        context.performExpectingSuccess(new Operation.AddDoneCallback(future, label, List.of()));
    }

    @Given("callback {string} is added as a done callback of future {string}, and raises when it runs")
    public void addRaisingDoneCallback(String label, String future) {
        context.performExpectingSuccess(new Operation.AddDoneCallback(future, label, List.of(new Operation.Raise())));
    }

    @Given("the result of future {string} is set to {int}")
    public void setResult(String future, int value) {
        context.performExpectingSuccess(new Operation.SetResult(future, value));
    }

    /**
     * set_result (to 42), set_exception (a RuntimeError) or cancel: the three ways a future
     * completes. cancel() of a pending future must answer true: this call cancelled it.
     */
    @When("future {string} is completed with {word}")
    public void complete(String future, String completion) {
        Object value = context.performExpectingSuccess(completion(future, completion)).value();
        if (completion.equals("cancel")) {
            Expectation.check(context, Boolean.TRUE.equals(value),
                    "cancel() of pending future \"" + future + "\" to answer true", value);
        }
    }

    /** Tries to complete a future again; the outcome is checked by a "Then it ..." step. */
    @When("future {string} is completed again with {word}")
    public void completeAgain(String future, String completion) {
        context.perform(completion(future, completion));
    }

    static Operation completion(String future, String completion) {
        return switch (completion) {
            case "set_result" -> new Operation.SetResult(future, 42);
            case "set_exception" -> new Operation.SetException(future);
            case "cancel" -> new Operation.CancelFuture(future);
            default -> throw new IllegalArgumentException("kit defect: unknown completion [" + completion
                    + "]; use set_result, set_exception or cancel");
        };
    }

    @When("a done callback {string} is added to task {string}")
    public void addDoneCallbackToTask(String label, String task) {
        context.perform(new Operation.AddDoneCallback(task, label, List.of()));
    }

    @When("task {string} is cancelled")
    public void cancelTask(String task) {
        context.perform(new Operation.CancelFuture(task));
    }

    @Then("future {string} is cancelled")
    public void futureIsCancelled(String future) {
        expectCancelled(future, true);
    }

    @Then("future {string} is not cancelled")
    public void futureIsNotCancelled(String future) {
        expectCancelled(future, false);
    }

    @When("task {string} is asked whether it is cancelled")
    public void askCancelled(String task) {
        context.perform(new Operation.FutureCancelled(task));
    }

    @When("the result of task {string} is set")
    public void setResultOfTask(String task) {
        context.perform(new Operation.SetResult(task, 42));
    }

    @When("an exception is set on task {string}")
    public void setExceptionOnTask(String task) {
        context.perform(new Operation.SetException(task));
    }

    private void expectCancelled(String future, boolean expected) {
        Object cancelled = context.performExpectingSuccess(new Operation.FutureCancelled(future)).value();
        Expectation.check(context, Boolean.valueOf(expected).equals(cancelled),
                "future \"" + future + "\" " + (expected ? "to be cancelled" : "not to be cancelled"),
                "cancelled() = " + cancelled);
    }

    @Then("future {string} is done")
    public void futureIsDone(String future) {
        Object done = context.performExpectingSuccess(new Operation.FutureDone(future)).value();
        Expectation.check(context, Boolean.TRUE.equals(done), "future \"" + future + "\" to be done", "done() = " + done);
    }
}
