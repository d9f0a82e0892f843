package org.asynciotck.steps;

import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import java.util.List;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Operation.TaskConstruction;

/** Steps of the run lifecycle beyond one iteration and of a closed loop (RUN-n, CLOSED-n). */
public final class LifecycleSteps {

    private final ScenarioContext context;

    public LifecycleSteps(ScenarioContext context) {
        this.context = context;
    }

    @When("the loop is asked whether it is running")
    public void askRunning() {
        context.perform(new Operation.IsRunning());
    }

    @When("the loop is asked whether it is closed")
    public void askClosed() {
        context.perform(new Operation.IsClosed());
    }

    @Given("the loop is closed")
    public void closed() {
        context.performExpectingSuccess(new Operation.Close());
    }

    @When("the loop is closed again")
    public void closedAgain() {
        context.perform(new Operation.Close());
    }

    /** The outcome (what the coroutine returned, or its exception) is checked by "it returns ...". */
    @When("the loop runs coroutine {string} until it is complete")
    public void runCoroutine(String label) {
        context.perform(new Operation.RunCoroutineUntilComplete(label, null));
    }

    @When("the loop runs coroutine {string}, awaiting future {string}, until it is complete")
    public void runCoroutineAwaiting(String label, String future) {
        context.perform(new Operation.RunCoroutineUntilComplete(label, future));
    }

    /** Scheduling that the loop may refuse: the refusal is the outcome a Then step checks. */
    @When("callback {string} is scheduled with {scheduler}, which may be refused")
    public void scheduledMaybeRefused(String label, Scheduler scheduler) {
        context.perform(scheduler.schedule(label, List.of(), label, 0.0));
    }

    @When("task {string} is created with loop.create_task, which may be refused")
    public void createTaskMaybeRefused(String task) {
        context.perform(Tasks.create(task, TaskConstruction.CREATE_TASK, false));
    }

    @When("the loop is run with run_forever, which may be refused")
    public void runForeverMaybeRefused() {
        context.perform(new Operation.RunForever());
    }

    @Then("coroutine {string} never started")
    public void neverStarted(String label) {
        Recording recording = Recording.of(context);
        Expectation.check(context, !recording.contains(Tasks.started(label)),
                "coroutine \"" + label + "\" never to start", recording.callbackLabels());
    }
}
