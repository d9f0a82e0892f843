package org.asynciotck.steps;

import io.cucumber.datatable.DataTable;
import io.cucumber.java.ParameterType;
import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import java.util.List;
import org.asynciotck.spi.Event;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Operation.TaskConstruction;

/**
 * Steps for the paths real programs take (issue 15): tasks whose coroutines make tasks and complete
 * futures inside their own step, and futures completed by a callback or by a task of the running loop.
 */
public final class RouteSteps {

    /** Who performs an operation while the loop runs: a callback, or the coroutine of a task. */
    public enum Performer {
        CALLBACK, TASK;

        /** The operation that makes the performer, named {@code name}, doing {@code then} when it runs. */
        Operation make(String name, List<Operation> then) {
            return this == CALLBACK
                    ? new Operation.CallSoon(name, then, name)
                    : Tasks.createDoing(name, TaskConstruction.TASK_CONSTRUCTOR, then);
        }
    }

    private final ScenarioContext context;

    public RouteSteps(ScenarioContext context) {
        this.context = context;
    }

    /** {@code a callback scheduled with call_soon} or {@code a task created with the Task constructor}. */
    @ParameterType("a callback scheduled with call_soon|a task created with the Task constructor")
    public Performer performer(String text) {
        return text.startsWith("a callback") ? Performer.CALLBACK : Performer.TASK;
    }

    @Given("task {string} is created with {construction} and, when its coroutine runs, does:")
    public void createdDoing(String task, TaskConstruction construction, DataTable actions) {
        context.performExpectingSuccess(Tasks.createDoing(task, construction, CallbackScript.parse(actions.asList())));
    }

    @Given("{performer} that completes future {string} with {word}")
    public void completer(Performer performer, String future, String completion) {
        context.performExpectingSuccess(performer.make("completer", List.of(FutureSteps.completion(future, completion))));
    }

    @Given("{performer} that adds callback {string} as a done callback of future {string}")
    public void adder(Performer performer, String label, String future) {
        context.performExpectingSuccess(performer.make("adder",
                List.of(new Operation.AddDoneCallback(future, label, List.of()))));
    }

    /**
     * The done callbacks ran in the iteration after the one in which the completer (or adder) ran,
     * in the order given: so not inside the completing call, and not in the completer's batch.
     * Relative to the completer, so a loop that runs the completer early is not blamed here.
     */
    @Then("callback(s) {labels} ran in the iteration after the one in which the {word} ran, in that order")
    public void ranInTheIterationAfter(List<String> labels, String performer) {
        ranInIterationInOrder(labels, performerRun(performer) + 1);
    }

    @Then("the coroutine of task {string} finished in the iteration after the one in which the {word} ran")
    public void finishedInTheIterationAfter(String task, String performer) {
        int performed = performerRun(performer);
        Integer finished = Recording.of(context).runOf(Tasks.finished(task));
        Expectation.check(context, Integer.valueOf(performed + 1).equals(finished),
                "the coroutine of task \"" + task + "\" to finish in the iteration after the " + performer + "'s ("
                        + RunNames.of(performed) + ")", "finished in " + RunNames.of(finished));
    }

    /**
     * The iteration in which the performer ({@code completer} or {@code adder}) ran: its label's, or
     * its task's start's. A performer that did not run in an iteration (a task whose loop started it
     * inside its constructor, which TASK-1 reports) has no iteration after it: the check fails and
     * says so.
     */
    private int performerRun(String performer) {
        Recording recording = Recording.of(context);
        Integer run = recording.runOf(performer);
        run = run != null ? run : recording.runOf(Tasks.started(performer));
        Expectation.check(context, run != null && run > 0, "the " + performer + " to run in an iteration of the loop",
                run == null ? "it never ran: " + recording.callbackLabels()
                        : "it ran outside any iteration (its task started inside its constructor)");
        return run;
    }

    private void ranInIterationInOrder(List<String> labels, int iteration) {
        List<Event> observed = Recording.of(context).all().stream().filter(event -> labels.contains(event.label()))
                .toList();
        boolean holds = observed.stream().map(Event::label).toList().equals(labels)
                && observed.stream().allMatch(event -> event.run() == iteration);
        Expectation.check(context, holds, labels + " to run in iteration " + iteration + ", in that order",
                observed.stream().map(event -> event.label() + " in " + RunNames.of(event.run())).toList());
    }
}
