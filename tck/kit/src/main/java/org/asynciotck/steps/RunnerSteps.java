package org.asynciotck.steps;

import io.cucumber.java.ParameterType;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import java.util.ArrayList;
import java.util.List;
import org.asynciotck.spi.Event;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Operation.MainEnding;
import org.asynciotck.spi.Operation.RunnerEntry;

/**
 * Steps about asyncio.Runner and asyncio.run given the loop's factory (RUNNER-2). The program's main
 * leaves a task, a live async generator and a default executor behind; each records its part of the
 * ending ("task cancelled", "generator closed", "executor shut down") with whether the runner's loop was
 * closed then, and "loop closed" comes last when the loop is closed after the runner returned.
 */
public final class RunnerSteps {

    private static final String LOOP_OPEN = "loop open";
    private static final String LOOP_CLOSED = "loop closed";
    /** What main records when it ends (or, interrupted, when it is cancelled): the ending starts after it. */
    private static final String MAIN_CANCELLED = "main cancelled";
    private static final List<String> MAIN_EVENTS = List.of("main", MAIN_CANCELLED, "main cancelled in the cleanup");

    private final ScenarioContext context;

    public RunnerSteps(ScenarioContext context) {
        this.context = context;
    }

    @ParameterType("returns|raises RuntimeError|raises KeyboardInterrupt|is interrupted by Ctrl-C")
    public MainEnding mainEnding(String text) {
        return switch (text) {
            case "returns" -> MainEnding.RETURNS;
            case "raises RuntimeError" -> MainEnding.RAISES;
            case "raises KeyboardInterrupt" -> MainEnding.RAISES_KEYBOARD_INTERRUPT;
            default -> MainEnding.INTERRUPTED;
        };
    }

    @ParameterType("asyncio\\.Runner|asyncio\\.run")
    public RunnerEntry runnerEntry(String text) {
        return text.equals("asyncio.Runner") ? RunnerEntry.RUNNER : RunnerEntry.ASYNCIO_RUN;
    }

    /** Its outcome (main's result, or what the runner raised) is checked by "it returns" or "it is refused". */
    @When("a main that {mainEnding} is run by {runnerEntry}, given the loop's factory")
    public void runMain(MainEnding ending, RunnerEntry entry) {
        context.perform(new Operation.RunUnderRunner(entry, ending));
    }

    @Then("the runner's ending came in the order {labels}, each while the loop was open, and then the loop was closed")
    public void endingInOrder(List<String> expected) {
        List<Event> all = Recording.of(context).all();
        List<Event> ending = all.stream().filter(event -> !MAIN_EVENTS.contains(event.label())).toList();
        List<String> observed = ending.stream().map(Event::label).toList();
        List<String> whileClosed = ending.stream()
                .filter(event -> !event.label().equals(LOOP_CLOSED) && !LOOP_OPEN.equals(event.value()))
                .map(Event::label).toList();
        List<String> wanted = new ArrayList<>(expected);
        wanted.add(LOOP_CLOSED);
        Expectation.check(context, observed.equals(wanted) && whileClosed.isEmpty(),
                "after main, " + wanted + " in that order, each before the loop was closed",
                observed + (whileClosed.isEmpty() ? "" : ", " + whileClosed + " after the loop was closed")
                        + " (what was recorded: " + all + ")");
    }

    @Then("main was cancelled by the interrupt, before the ending")
    public void mainCancelled() {
        List<String> labels = Recording.of(context).all().stream().map(Event::label).toList();
        Expectation.check(context, !labels.isEmpty() && labels.get(0).equals(MAIN_CANCELLED),
                "main cancelled by the runner's SIGINT handler before the cleanup began (\"" + MAIN_CANCELLED + "\")",
                labels);
    }
}
