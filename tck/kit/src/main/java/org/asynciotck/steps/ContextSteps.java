package org.asynciotck.steps;

import io.cucumber.datatable.DataTable;
import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import java.util.ArrayList;
import java.util.List;
import org.asynciotck.spi.Operation;

/**
 * Steps about the context callbacks and tasks run in (CTX-n): the kit's context variable, contexts the kit
 * names (copies of the current one) and where what a callback or a task step set ends up.
 */
public final class ContextSteps {

    /** The name under which the context a handle returns from get_context() is kept (CTX-7). */
    private static final String HANDLE_CONTEXT_SUFFIX = ":get_context";

    private final ScenarioContext context;

    public ContextSteps(ScenarioContext context) {
        this.context = context;
    }

    @Given("the context variable is set to {string}")
    public void setHere(String value) {
        context.performExpectingSuccess(new Operation.SetContextValue(value));
    }

    @Given("a copy of the current context named {string}")
    public void copyContext(String name) {
        context.performExpectingSuccess(new Operation.CopyContext(name));
    }

    @Given("callback {string} is scheduled with {scheduler}, already due, and, when it runs, does:")
    public void scheduledDoing(String label, Scheduler scheduler, DataTable actions) {
        context.performExpectingSuccess(scheduler.schedule(label, CallbackScript.parse(actions.asList()), label,
                LoopSteps.ALREADY_DUE_SECONDS));
    }

    @Given("callback {string} is scheduled with {scheduler} in context {string}, already due, and, when it runs, does:")
    public void scheduledInContextDoing(String label, Scheduler scheduler, String name, DataTable actions) {
        context.performExpectingSuccess(scheduler.schedule(label, CallbackScript.parse(actions.asList()), label,
                LoopSteps.ALREADY_DUE_SECONDS, name));
    }

    @Given("callback {string} is scheduled with {scheduler} in context {string} as handle {string}, already due")
    public void scheduledInContextAsHandle(String label, Scheduler scheduler, String name, String handle) {
        context.performExpectingSuccess(scheduler.schedule(label, List.of(), handle, LoopSteps.ALREADY_DUE_SECONDS, name));
    }

    @Given("callback {string} is added as a done callback of future {string} and, when it runs, does:")
    public void doneCallbackDoing(String label, String future, DataTable actions) {
        context.performExpectingSuccess(new Operation.AddDoneCallback(future, label, CallbackScript.parse(actions.asList())));
    }

    @Given("callback {string} is added as a done callback of future {string} in context {string} and, when it runs, does:")
    public void doneCallbackInContextDoing(String label, String future, String name, DataTable actions) {
        context.performExpectingSuccess(new Operation.AddDoneCallback(future, label,
                CallbackScript.parse(actions.asList()), name));
    }

    /** Each row says which step of the task performs it: "in its first step" or "after the await". */
    @Given("task {string} is created with loop.create_task, awaiting future {string}, and does:")
    public void twoStepTask(String task, String future, DataTable steps) {
        context.performExpectingSuccess(twoStepTask(task, null, future, steps));
    }

    @Given("task {string} is created with loop.create_task in context {string}, awaiting future {string}, and does:")
    public void twoStepTaskInContext(String task, String name, String future, DataTable steps) {
        context.performExpectingSuccess(twoStepTask(task, name, future, steps));
    }

    @Then("the context variable here is {string}")
    public void valueHere(String expected) {
        Object value = context.performExpectingSuccess(new Operation.ContextValue(null)).value();
        Expectation.check(context, expected.equals(value),
                "the context variable to be \"" + expected + "\" in the kit's own context", value);
    }

    @Then("the context variable in context {string} is {string}")
    public void valueIn(String name, String expected) {
        Object value = context.performExpectingSuccess(new Operation.ContextValue(name)).value();
        Expectation.check(context, expected.equals(value),
                "the context variable to be \"" + expected + "\" in context \"" + name + "\"", value);
    }

    @Then("the context of handle {string} is context {string}")
    public void handleContextIs(String handle, String name) {
        Object earlier = context.performExpectingSuccess(
                new Operation.HandleContext(handle, handle + HANDLE_CONTEXT_SUFFIX)).value();
        Expectation.check(context, name.equals(earlier),
                "get_context() of handle \"" + handle + "\" to return context \"" + name + "\"",
                earlier == null ? "a context the kit did not name" : "context \"" + earlier + "\"");
    }

    @Then("the context of handle {string} holds the value {string}")
    public void handleContextHolds(String handle, String expected) {
        String name = handle + HANDLE_CONTEXT_SUFFIX;
        context.performExpectingSuccess(new Operation.HandleContext(handle, name));
        Object value = context.performExpectingSuccess(new Operation.ContextValue(name)).value();
        Expectation.check(context, expected.equals(value),
                "the context variable to be \"" + expected + "\" in get_context() of handle \"" + handle + "\"", value);
    }

    private static Operation twoStepTask(String task, String name, String future, DataTable steps) {
        List<Operation> first = new ArrayList<>();
        List<Operation> afterAwait = new ArrayList<>();
        for (List<String> row : steps.asLists()) {
            if (row.size() != 2) {
                throw new IllegalArgumentException("a task step row has two cells, which step and what it does; got "
                        + row);
            }
            List<Operation> parsed = CallbackScript.parse(List.of(row.get(1)));
            switch (row.get(0).trim()) {
                case "in its first step" -> first.addAll(parsed);
                case "after the await" -> afterAwait.addAll(parsed);
                default -> throw new IllegalArgumentException("unknown task step [" + row.get(0)
                        + "]; the steps are \"in its first step\" and \"after the await\"");
            }
        }
        return new Operation.CreateTwoStepTask(task, task, name, first, future, afterAwait);
    }
}
