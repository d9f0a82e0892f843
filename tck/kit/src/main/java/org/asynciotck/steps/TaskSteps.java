package org.asynciotck.steps;

import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Operation.TaskConstruction;

/** Steps about tasks: creating them, entering and leaving them by hand, and what their coroutines did. */
public final class TaskSteps {

    private final ScenarioContext context;

    public TaskSteps(ScenarioContext context) {
        this.context = context;
    }

    @Given("task {string} is created with {construction}")
    public void createTask(String task, TaskConstruction construction) {
        context.performExpectingSuccess(Tasks.create(task, construction, false));
    }

    @When("task {string} is created with eager start")
    public void createEagerTask(String task) {
        context.performExpectingSuccess(Tasks.create(task, TaskConstruction.TASK_CONSTRUCTOR, true));
    }

    @Given("a task object {string} whose initialiser never ran")
    public void uninitialisedTask(String task) {
        context.performExpectingSuccess(new Operation.CreateUninitialisedTask(task));
    }

    @Given("task {string} has been entered by hand")
    public void hasBeenEntered(String task) {
        context.performExpectingSuccess(new Operation.EnterTask(task));
    }

    @Given("task {string} has been left by hand")
    public void hasBeenLeft(String task) {
        context.performExpectingSuccess(new Operation.LeaveTask(task));
    }

    @When("task {string} is entered by hand")
    public void enter(String task) {
        context.perform(new Operation.EnterTask(task));
    }

    @When("task {string} is left by hand")
    public void leave(String task) {
        context.perform(new Operation.LeaveTask(task));
    }

    @When("the current task is swapped for task {string}")
    public void swapCurrentTask(String task) {
        context.perform(new Operation.SwapCurrentTask(task));
    }

    @When("task {string} is asked whether it is done")
    public void askDone(String task) {
        context.perform(new Operation.TaskDone(task));
    }

    @When("task {string} is asked for its coroutine")
    public void askCoroutine(String task) {
        context.perform(new Operation.TaskCoroutine(task));
    }

    @When("task {string} is asked for its name")
    public void askName(String task) {
        context.perform(new Operation.TaskName(task));
    }

    @Then("the coroutine of task {string} has not started")
    public void notStarted(String task) {
        Recording recording = Recording.of(context);
        boolean started = recording.contains(Tasks.started(task));
        Expectation.check(context, !started, "the coroutine of task \"" + task + "\" not to have started",
                recording.callbackLabels() + eagerHint(recording, task));
    }

    @Then("the coroutine of task {string} started and finished in iteration {int}")
    public void startedAndFinishedIn(String task, int iteration) {
        Recording recording = Recording.of(context);
        Integer started = recording.runOf(Tasks.started(task));
        Integer finished = recording.runOf(Tasks.finished(task));
        Expectation.check(context, Integer.valueOf(iteration).equals(started) && Integer.valueOf(iteration).equals(finished),
                "the coroutine of task \"" + task + "\" to start and finish in iteration " + iteration,
                "start in " + RunNames.of(started) + ", finish in " + RunNames.of(finished)
                        + (started != null && started < iteration ? eagerHint(recording, task) : ""));
    }

    @Then("task {string} is done")
    public void taskDone(String task) {
        expectDone(task, true);
    }

    @Then("task {string} is not done")
    public void taskNotDone(String task) {
        expectDone(task, false);
    }

    @Then("the current task is {string}")
    public void currentTaskIs(String task) {
        Object current = context.performExpectingSuccess(new Operation.CurrentTask()).value();
        Expectation.check(context, task.equals(current), "the current task to be \"" + task + "\"", current);
    }

    @Then("the swap returned task {string}")
    public void swapReturned(String task) {
        Object previous = context.lastOutcome().value();
        Expectation.check(context, !context.lastOutcome().isError() && task.equals(previous),
                "the swap to succeed and return task \"" + task + "\"", context.lastOutcome());
    }

    private void expectDone(String task, boolean expected) {
        Object done = context.performExpectingSuccess(new Operation.TaskDone(task)).value();
        Expectation.check(context, Boolean.valueOf(expected).equals(done),
                "task \"" + task + "\" " + (expected ? "to be done" : "not to be done"), "done() = " + done);
    }

    /**
     * The eager-task-factory hint of a TASK rule, only when the observation is an eager start: the coroutine
     * ran inside the call that made the task. A coroutine that ran later in the same iteration (a loop that
     * runs what a callback schedules in the same batch) is another defect, and gets no hint.
     */
    private String eagerHint(Recording recording, String task) {
        return context.rule().id().startsWith("TASK-") && recording.startedInsideCreation(task)
                ? ProfileHints.startedEagerly(context.info()) : "";
    }
}
