package org.asynciotck.steps;

import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import java.util.ArrayList;
import java.util.List;
import org.asynciotck.spi.Event;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Operation.AsyncgenHooksKind;

/**
 * Steps about async generators and the loop's hooks for them (AGEN-1 to AGEN-5). The kit's generator named
 * "g" records "g closed" when its {@code finally} runs, with where it ran: "in a task" or "outside a task".
 */
public final class AsyncGeneratorSteps {

    /** What {@code asyncgen_hooks} answers for hooks that are neither the program's nor none: the loop's. */
    static final String LOOP_HOOKS = "other";
    private static final String IN_A_TASK = "in a task";

    private final ScenarioContext context;

    public AsyncGeneratorSteps(ScenarioContext context) {
        this.context = context;
    }

    /** The event a generator's {@code finally} records. */
    static String closedLabel(String generator) {
        return generator + " closed";
    }

    /** The note a callback's "let go of" line records once the letting go has returned. */
    static String letGoNote(String generator) {
        return "returned from letting go of " + generator;
    }

    @Given("the program has installed async generator hooks of its own")
    public void programHooks() {
        context.performExpectingSuccess(new Operation.SetAsyncgenHooks(AsyncgenHooksKind.PROGRAM));
    }

    @Given("the program has no async generator hooks")
    public void noHooks() {
        context.performExpectingSuccess(new Operation.SetAsyncgenHooks(AsyncgenHooksKind.NONE));
    }

    @Given("async generator(s) {labels}")
    public void generators(List<String> names) {
        for (String name : names) {
            context.performExpectingSuccess(new Operation.CreateAsyncGenerator(name, closedLabel(name), List.of(), false, false));
        }
    }

    @Given("async generator {string}, which stops the loop when it is closed")
    public void generatorThatStops(String name) {
        context.performExpectingSuccess(new Operation.CreateAsyncGenerator(name, closedLabel(name),
                List.of(new Operation.Stop()), false, false));
    }

    @Given("async generator {string}, which raises when it is closed")
    public void generatorThatRaises(String name) {
        context.performExpectingSuccess(new Operation.CreateAsyncGenerator(name, closedLabel(name), List.of(), true, false));
    }

    @Given("async generator {string}, which raises CancelledError when it is closed")
    public void generatorThatIsCancelled(String name) {
        context.performExpectingSuccess(new Operation.CreateAsyncGenerator(name, closedLabel(name), List.of(), false, true));
    }

    @When("the program lets go of async generator {string}")
    public void letGo(String name) {
        for (Operation operation : CallbackScript.lettingGo(name)) {
            context.performExpectingSuccess(operation);
        }
    }

    /** Its outcome is checked by "it succeeds". */
    @When("the loop shuts down its async generators")
    public void shutdown() {
        context.perform(new Operation.ShutdownAsyncgens());
    }

    /**
     * Runs the loop until a generator's {@code finally} stops it, which a loop that never closes the generator
     * never does: a timer stops the run after the wake-up bound instead (docs/threads-and-time.md).
     */
    @When("the loop runs until it is stopped, or the wake-up bound has passed")
    public void runBounded() {
        context.performExpectingSuccess(new Operation.CallLater(Bounds.WAKE_BOUND_SECONDS, "the wake-up bound passed",
                List.of(new Operation.Stop()), null));
        context.performExpectingSuccess(new Operation.RunForever());
    }

    @Then("note {string} names the loop's own async generator hooks")
    public void noteNamesTheLoopsHooks(String note) {
        Object kind = Recording.of(context).note(note, context);
        Expectation.check(context, LOOP_HOOKS.equals(kind),
                "the loop's own async generator hooks installed while it runs (\"" + LOOP_HOOKS
                        + "\": neither the program's nor none)", describeHooks(kind));
    }

    @Then("the async generator hooks are the program's own again")
    public void programHooksAgain() {
        expectHooks("program");
    }

    @Then("there are no async generator hooks again")
    public void noHooksAgain() {
        expectHooks("none");
    }

    @Then("async generator(s) {labels} was/were closed, each in a task of the loop")
    public void closedInATask(List<String> names) {
        Recording recording = Recording.of(context);
        List<String> notClosed = new ArrayList<>();
        for (String name : names) {
            Event closed = closing(recording, name);
            if (closed == null || !IN_A_TASK.equals(closed.value())) {
                notClosed.add(closed == null ? name + ": never closed" : name + ": closed " + closed.value());
            }
        }
        Expectation.check(context, notClosed.isEmpty(), "async generators " + names + " closed, each in a task of the loop",
                notClosed + " (what was recorded: " + recording.all() + ")");
    }

    @Then("async generator {string} was closed in a task of the loop, after the code that let go of it had returned")
    public void closedAfterLettingGo(String name) {
        Recording recording = Recording.of(context);
        List<String> labels = recording.all().stream().map(Event::label).toList();
        int closedAt = labels.indexOf(closedLabel(name));
        int returnedAt = labels.indexOf(Recording.NOTE_PREFIX + letGoNote(name));
        Event closed = closedAt < 0 ? null : recording.all().get(closedAt);
        boolean holds = closed != null && IN_A_TASK.equals(closed.value()) && returnedAt >= 0 && closedAt > returnedAt;
        String observed = closed == null ? "it was never closed (the run ended by the wake-up bound)"
                : returnedAt >= 0 && closedAt < returnedAt ? "it was closed inside the call that let go of it, " + closed.value()
                : "it was closed " + closed.value();
        Expectation.check(context, holds, "async generator \"" + name
                + "\" closed by the loop in a task of its own, after the code that let go of it had returned",
                observed + " (what was recorded: " + recording.all() + ")");
    }

    private void expectHooks(String kind) {
        Object observed = context.performExpectingSuccess(new Operation.AsyncgenHooks()).value();
        Expectation.check(context, kind.equals(observed), "the async generator hooks of before the run ("
                + describeHooks(kind) + ")", describeHooks(observed));
    }

    private static Event closing(Recording recording, String name) {
        return recording.all().stream().filter(event -> event.label().equals(closedLabel(name))).findFirst().orElse(null);
    }

    private static String describeHooks(Object kind) {
        if ("program".equals(kind)) {
            return "the program's own hooks";
        }
        if ("none".equals(kind)) {
            return "no hooks";
        }
        if (LOOP_HOOKS.equals(kind)) {
            return "hooks other than the program's: the loop's";
        }
        return String.valueOf(kind);
    }
}
