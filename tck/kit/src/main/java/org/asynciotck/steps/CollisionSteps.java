package org.asynciotck.steps;

import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import java.util.ArrayList;
import java.util.List;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Operation.TaskConstruction;

/** Steps about awaiting tasks, sentinel tasks and what the loop reports to its exception handler. */
public final class CollisionSteps {

    private final ScenarioContext context;

    public CollisionSteps(ScenarioContext context) {
        this.context = context;
    }

    @Given("task {string} is created with the Task constructor, awaiting future {string}")
    public void taskAwaiting(String task, String future) {
        context.performExpectingSuccess(new Operation.CreateTask(task, task, future, TaskConstruction.TASK_CONSTRUCTOR, false));
    }

    @When("{int} sentinel tasks are created with the Task constructor")
    public void sentinelTasks(int count) {
        for (String name : Sentinels.names(count)) {
            context.performExpectingSuccess(Tasks.create(name, TaskConstruction.TASK_CONSTRUCTOR, false));
        }
    }

    @Then("all {int} sentinel coroutines started and finished in iteration {int}")
    public void allSentinelsRan(int count, int iteration) {
        Recording recording = Recording.of(context);
        List<String> wrong = new ArrayList<>();
        for (String name : Sentinels.names(count)) {
            Integer started = recording.runOf(Tasks.started(name));
            Integer finished = recording.runOf(Tasks.finished(name));
            if (!Integer.valueOf(iteration).equals(started) || !Integer.valueOf(iteration).equals(finished)) {
                wrong.add(name + " (start in " + RunNames.of(started) + ", finish in " + RunNames.of(finished) + ")");
            }
        }
        Expectation.check(context, wrong.isEmpty(),
                "all " + count + " sentinel coroutines to start and finish in iteration " + iteration, wrong);
    }

    @Then("the coroutine of task {string} finished in iteration {int}")
    public void finishedIn(String task, int iteration) {
        Integer finished = Recording.of(context).runOf(Tasks.finished(task));
        String hint = Integer.valueOf(0).equals(finished) ? ProfileHints.ranSynchronously(context.info())
                : finished == null ? ProfileHints.didNotRunSynchronously(context.info()) : "";
        Expectation.check(context, Integer.valueOf(iteration).equals(finished),
                "the coroutine of task \"" + task + "\" to finish in iteration " + iteration,
                "finished in " + RunNames.of(finished) + hint);
    }

    @Then("the coroutine of task {string} finished outside any iteration")
    public void finishedOutside(String task) {
        finishedIn(task, 0);
    }

    @Then("the coroutine of task {string} has not finished")
    public void notFinished(String task) {
        Integer finished = Recording.of(context).runOf(Tasks.finished(task));
        Expectation.check(context, finished == null,
                "the coroutine of task \"" + task + "\" not to have finished yet", "finished in " + RunNames.of(finished));
    }

    /**
     * The scenario's rule is about what the loop runs, not about what it reports: whether an error reaches the
     * exception handler is another rule's claim (ERROR-1), so a loop that drops errors fails that rule alone and
     * not every scenario that makes a callback raise. Naming the scenario's own rule would switch its check off.
     */
    @Given("what the loop reports is left to rule {word}")
    public void reportsLeftTo(String otherRule) {
        if (otherRule.equals(context.rule().id())) {
            throw new IllegalStateException("kit defect in " + context.rule().location()
                    + ": a scenario cannot leave what the loop reports to its own rule " + otherRule);
        }
        context.reportsAreChecked();
    }

    @Then("the loop reported {word} {string}")
    public void loopReported(String errorType, String template) {
        List<String> reported = reportedErrors();
        boolean found = reported.stream().anyMatch(text -> text.startsWith(errorType + ": ")
                && MessageTemplate.matches(template, text.substring(errorType.length() + 2)));
        Expectation.check(context, found, "the loop to report " + errorType + " \"" + template + "\"", reported);
    }

    @Then("the loop reported no error")
    public void loopReportedNothing() {
        List<String> reported = reportedErrors();
        Expectation.check(context, reported.isEmpty(), "no error reported by the loop", reported);
    }

    @SuppressWarnings("unchecked")
    private List<String> reportedErrors() {
        context.reportsAreChecked();
        Object value = context.performExpectingSuccess(new Operation.ReportedErrors()).value();
        return value == null ? List.of() : ((List<Object>) value).stream().map(String::valueOf).toList();
    }
}
