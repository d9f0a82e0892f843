package org.asynciotck.steps;

import io.cucumber.datatable.DataTable;
import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import java.util.List;
import org.asynciotck.spi.Operation;

/** Steps of task cancellation and the current task (CANCEL-n, CURRENT-n). */
public final class CancellationSteps {

    private final ScenarioContext context;

    public CancellationSteps(ScenarioContext context) {
        this.context = context;
    }

    @When("task {string} is cancelled with the message {string}")
    public void cancelWithMessage(String task, String message) {
        context.perform(new Operation.CancelTask(task, message));
    }

    /** {@code task.cancel()}, as a scenario that exploration wrote says it (its answer is not checked). */
    @When("task {string} is cancelled with task.cancel\\(\\)")
    public void cancelTask(String task) {
        context.perform(new Operation.CancelTask(task, null));
    }

    @Given("task {string} is created with loop.create_task, awaiting future {string}, and catches its cancellation")
    public void catchingTask(String task, String future) {
        context.performExpectingSuccess(new Operation.CreateScriptedTask(task, task, List.of(), future, true));
    }

    @Given("task {string} is created with loop.create_task, awaiting future {string}")
    public void awaitingTask(String task, String future) {
        context.performExpectingSuccess(new Operation.CreateScriptedTask(task, task, List.of(), future, false));
    }

    @Given("task {string} is created with loop.create_task and, in its first step, does:")
    public void taskDoing(String task, DataTable actions) {
        context.performExpectingSuccess(new Operation.CreateScriptedTask(task, task,
                CallbackScript.parse(actions.asList()), null, false));
    }

    @Given("task {string} is created with loop.create_task, awaiting future {string}, and, in its first step, does:")
    public void awaitingTaskDoing(String task, String future, DataTable actions) {
        context.performExpectingSuccess(new Operation.CreateScriptedTask(task, task,
                CallbackScript.parse(actions.asList()), future, false));
    }

    @Then("note {string} is no task")
    public void noteIsNoTask(String name) {
        Object noted = Recording.of(context).note(name, context);
        Expectation.check(context, noted == null, "note \"" + name + "\" to be no task (None)", noted);
    }

    /** Its ":end" was recorded: the coroutine resumed at its await (with whatever it raised) and ended. */
    @Then("the coroutine of task {string} resumed and finished")
    public void resumedAndFinished(String task) {
        Recording recording = Recording.of(context);
        Expectation.check(context, recording.contains(Tasks.finished(task)),
                "the coroutine of task \"" + task + "\" to resume at its await and finish", recording.callbackLabels());
    }

    @Then("the coroutine of task {string} caught its cancellation")
    public void caught(String task) {
        Recording recording = Recording.of(context);
        Expectation.check(context, recording.contains(task + ":caught"),
                "the coroutine of task \"" + task + "\" to catch CancelledError at its await",
                recording.callbackLabels());
    }
}
