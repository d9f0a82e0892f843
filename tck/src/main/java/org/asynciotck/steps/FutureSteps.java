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

    /** set_result (to 42), set_exception (a RuntimeError) or cancel: the three ways a future completes. */
    @When("future {string} is completed with {word}")
    public void complete(String future, String completion) {
        Operation operation = switch (completion) {
            case "set_result" -> new Operation.SetResult(future, 42);
            case "set_exception" -> new Operation.SetException(future);
            case "cancel" -> new Operation.CancelFuture(future);
            default -> throw new IllegalArgumentException("kit defect: unknown completion [" + completion
                    + "]; use set_result, set_exception or cancel");
        };
        context.performExpectingSuccess(operation);
    }

    @Then("future {string} is done")
    public void futureIsDone(String future) {
        Object done = context.performExpectingSuccess(new Operation.FutureDone(future)).value();
        Expectation.check(context, Boolean.TRUE.equals(done), "future \"" + future + "\" to be done", "done() = " + done);
    }
}
