package org.asynciotck.steps;

import io.cucumber.datatable.DataTable;
import io.cucumber.java.ParameterType;
import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
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

    @When("task {string} is created with {construction} while no loop runs")
    public void createdOutside(String task, TaskConstruction construction) {
        context.perform(Tasks.create(task, construction, false));
    }

    @Then("callback(s) {labels} has/have not run")
    public void notRun(List<String> labels) {
        List<String> observed = Recording.of(context).callbackLabels();
        Expectation.check(context, observed.stream().noneMatch(labels::contains),
                labels + " not to have run yet", observed + ProfileHints.ranSynchronously(context.info()));
    }

    @Then("callback {string} ran in iteration {int}")
    public void ranInIteration(String label, int iteration) {
        ranInIterationInOrder(List.of(label), iteration);
    }

    @Then("callback(s) {labels} ran in iteration {int}, in that order")
    public void ranInIterationInOrder(List<String> labels, int iteration) {
        List<Event> observed = Recording.of(context).all().stream().filter(event -> labels.contains(event.label()))
                .toList();
        boolean holds = observed.stream().map(Event::label).toList().equals(labels)
                && observed.stream().allMatch(event -> event.run() == iteration);
        Expectation.check(context, holds, labels + " to run in iteration " + iteration + ", in that order",
                observed.stream().map(event -> event.label() + " in " + RunNames.of(event.run())).toList());
    }
}
