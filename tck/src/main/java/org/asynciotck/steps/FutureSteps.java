package org.asynciotck.steps;

import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
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

    @Given("the result of future {string} is set to {int}")
    public void setResult(String future, int value) {
        context.performExpectingSuccess(new Operation.SetResult(future, value));
    }

    @Then("future {string} is done")
    public void futureIsDone(String future) {
        Object done = context.performExpectingSuccess(new Operation.FutureDone(future)).value();
        Expectation.check(context, Boolean.TRUE.equals(done), "future \"" + future + "\" to be done", "done() = " + done);
    }
}
