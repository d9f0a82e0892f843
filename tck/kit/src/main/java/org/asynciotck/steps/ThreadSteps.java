package org.asynciotck.steps;

import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import java.util.List;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;

/** Steps with the loop running on its own thread and the kit calling it from another. */
public final class ThreadSteps {

    private final ScenarioContext context;

    public ThreadSteps(ScenarioContext context) {
        this.context = context;
    }

    @Given("the loop is running on its own thread and is idle")
    public void loopOnItsOwnThread() {
        context.performExpectingSuccess(new Operation.StartLoopThread());
    }

    /** THREAD-1: asyncio does not promise it, so a loop that refuses fails only that INFO rule. */
    @When("the loop runs one iteration on a thread other than the one that made it")
    public void runOnceOnAnotherThread() {
        context.performExpectingSuccess(new Operation.RunOnceOnAnotherThread());
    }

    @When("callback {string} is scheduled with call_soon from another thread")
    public void callSoonFromAnotherThread(String label) {
        Outcome outcome = context.perform(new Operation.CallSoon(label, List.of(), label));
        if (outcome.isError()) {
            throw new AssertionError(Expectation.message(context, "call_soon from another thread to be accepted",
                    outcome.errorType() + ": " + outcome.message() + ProfileHints.refusedAsInDebugMode(context.info())));
        }
    }

    @When("callback {string} is scheduled with call_soon from another thread, which may refuse it")
    public void callSoonFromAnotherThreadMayBeRefused(String label) {
        context.perform(new Operation.CallSoon(label, List.of(), label));
    }

    @When("callback {string} is scheduled with call_soon_threadsafe from another thread")
    public void callSoonThreadsafeFromAnotherThread(String label) {
        context.performExpectingSuccess(new Operation.CallSoonThreadsafe(label, List.of(), label));
    }

    @When("callback {string} is scheduled with call_soon_threadsafe from another thread and, when it runs, does:")
    public void callSoonThreadsafeDoing(String label, io.cucumber.datatable.DataTable actions) {
        context.performExpectingSuccess(new Operation.CallSoonThreadsafe(label, CallbackScript.parse(actions.asList()), label));
    }

    @Then("callback {string} does not run within the stall bound")
    public void doesNotRunWithinStallBound(String label) {
        Object ran = context.performExpectingSuccess(new Operation.WaitFor(label, Bounds.STALL_BOUND_SECONDS)).value();
        Expectation.check(context, Boolean.FALSE.equals(ran), "callback \"" + label + "\" not to run within "
                + Bounds.STALL_BOUND_SECONDS + " s (the loop is blocked in select and nothing woke it)",
                Boolean.TRUE.equals(ran) ? "it ran: the loop woke on a plain call_soon" : ran);
    }

    @Then("callback {string} runs within the wake-up bound")
    public void runsWithinWakeBound(String label) {
        Object ran = context.performExpectingSuccess(new Operation.WaitFor(label, Bounds.WAKE_BOUND_SECONDS)).value();
        Expectation.check(context, Boolean.TRUE.equals(ran), "callback \"" + label + "\" to run within "
                + Bounds.WAKE_BOUND_SECONDS + " s", "it did not run: the loop stayed blocked");
    }
}
