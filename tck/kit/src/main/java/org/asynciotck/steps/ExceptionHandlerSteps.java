package org.asynciotck.steps;

import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import java.util.List;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Operation.ExceptionHandlerKind;

/** Steps about the loop's exception handler (EXC-1 to EXC-5). */
public final class ExceptionHandlerSteps {

    private final ScenarioContext context;

    public ExceptionHandlerSteps(ScenarioContext context) {
        this.context = context;
    }

    @Given("callback {string} is scheduled with {scheduler}, already due, and raises {word} when it runs")
    public void scheduledAndRaisesBase(String label, Scheduler scheduler, String error) {
        context.performExpectingSuccess(scheduler.schedule(label,
                List.of(new Operation.RaiseBaseException(BaseErrors.named(error))), label, LoopSteps.ALREADY_DUE_SECONDS));
    }

    @Given("callback {string} is added as a done callback of future {string}, and raises {word} when it runs")
    public void doneCallbackRaisesBase(String label, String future, String error) {
        context.performExpectingSuccess(new Operation.AddDoneCallback(future, label,
                List.of(new Operation.RaiseBaseException(BaseErrors.named(error)))));
    }

    /** One iteration whose outcome a "Then it ..." step checks: a BaseException may leave it (EXC-2). */
    @When("the loop runs one iteration, which may end with an error")
    public void runOnceLettingErrorsThrough() {
        context.perform(new Operation.RunOnce());
    }

    @Given("the loop's exception handler is set to None")
    @When("the loop's exception handler is set to None again")
    public void setDefault() {
        context.performExpectingSuccess(new Operation.SetExceptionHandler(ExceptionHandlerKind.DEFAULT));
    }

    /** Back to the handler every session starts with, which records each report (exploration writes this). */
    @Given("the loop's exception handler is the kit's recording handler again")
    public void setRecording() {
        context.performExpectingSuccess(new Operation.SetExceptionHandler(ExceptionHandlerKind.RECORDING));
    }

    @Given("the loop's exception handler is one that raises")
    public void setRaising() {
        context.performExpectingSuccess(new Operation.SetExceptionHandler(ExceptionHandlerKind.RAISING));
    }

    @When("the loop is asked for its exception handler")
    public void askHandler() {
        context.performExpectingSuccess(new Operation.GetExceptionHandler());
    }

    @When("the loop is asked to report {string} to its exception handler")
    public void callHandler(String message) {
        context.perform(new Operation.CallExceptionHandler(message));
    }

    /** EXC-1: each context the handler received has at least these keys. */
    @Then("every report to the exception handler names {labels}")
    @SuppressWarnings("unchecked")
    public void everyReportNames(List<String> keys) {
        context.reportsAreChecked();
        Object value = context.performExpectingSuccess(new Operation.ReportedContexts()).value();
        List<List<String>> contexts = value == null ? List.of() : (List<List<String>>) value;
        boolean holds = !contexts.isEmpty() && contexts.stream().allMatch(reported -> reported.containsAll(keys));
        Expectation.check(context, holds, "every context passed to the exception handler to name " + keys,
                contexts.isEmpty() ? "no report" : "the keys of each report: " + contexts);
    }
}
