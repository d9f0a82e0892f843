package org.asynciotck.steps;

import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import java.util.List;
import org.asynciotck.spi.Event;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;

/** Steps about the default executor: the kit's jobs, its executors, and shutting the loop's down (EXEC-1 to EXEC-7). */
public final class ExecutorSteps {

    private static final String OFF_THE_LOOP_THREAD = "off the loop's thread";
    private static final String SHUTDOWN_WARNINGS = "shutdown_default_executor warnings";

    private final ScenarioContext context;

    public ExecutorSteps(ScenarioContext context) {
        this.context = context;
    }

    @Given("job {string} is run in the default executor as future {string}, and returns 42")
    public void jobReturns(String job, String future) {
        context.performExpectingSuccess(new Operation.RunInExecutor(job, future, 0, false));
    }

    @Given("job {string} is run in the default executor as future {string}, and returns 42 after {duration}")
    public void jobReturnsAfter(String job, String future, Seconds seconds) {
        context.performExpectingSuccess(new Operation.RunInExecutor(job, future, seconds.value(), false));
    }

    @Given("job {string} is run in the default executor as future {string}, and raises")
    public void jobRaises(String job, String future) {
        context.performExpectingSuccess(new Operation.RunInExecutor(job, future, 0, true));
    }

    @When("job {string} is run in the default executor as future {string}, which may be refused")
    public void jobMayBeRefused(String job, String future) {
        context.perform(new Operation.RunInExecutor(job, future, 0, false));
    }

    @Given("executor {string} of the program is set as the loop's default executor")
    public void setDefaultExecutor(String executor) {
        context.performExpectingSuccess(new Operation.SetDefaultExecutor(executor, false));
    }

    @When("an executor of the program that is not a ThreadPoolExecutor is set as the loop's default executor, which may be refused")
    public void setNotAThreadPool() {
        context.perform(new Operation.SetDefaultExecutor("not a thread pool", true));
    }

    @When("the loop runs shutdown_default_executor\\(\\)")
    public void shutdown() {
        shutdownWith(null);
    }

    @When("the loop runs shutdown_default_executor\\(timeout={double}\\)")
    public void shutdownWithin(double timeout) {
        shutdownWith(timeout);
    }

    private void shutdownWith(Double timeout) {
        context.remember(SHUTDOWN_WARNINGS,
                context.performExpectingSuccess(new Operation.ShutdownDefaultExecutor(timeout)).value());
    }

    @Then("job {string} ran off the loop's thread")
    public void ranOffTheLoopThread(String job) {
        Object where = Recording.of(context).all().stream().filter(event -> event.label().equals(job))
                .map(Event::value).findFirst().orElse("it never ran");
        Expectation.check(context, OFF_THE_LOOP_THREAD.equals(where), "job \"" + job + "\" to run "
                + OFF_THE_LOOP_THREAD, where);
    }

    /**
     * A done callback records its label before it performs its note, so the wait for the callback can end before
     * the note is recorded: this waits for the note itself, within the same bound.
     */
    @Then("note {string} is recorded within the wake-up bound")
    public void noteRecordedWithinWakeBound(String name) {
        Object seen = context.performExpectingSuccess(
                new Operation.WaitFor(Recording.NOTE_PREFIX + name, Bounds.WAKE_BOUND_SECONDS)).value();
        Expectation.check(context, Boolean.TRUE.equals(seen), "note \"" + name + "\" to be recorded within "
                + Bounds.WAKE_BOUND_SECONDS + " s", "it was not recorded");
    }

    @Then("future {string} holds the result {int}")
    public void holdsTheResult(String future, int expected) {
        Outcome outcome = context.perform(new Operation.FutureResult(future));
        Expectation.check(context, !outcome.isError() && Recording.sameValue(outcome.value(), expected),
                "future \"" + future + "\" to hold the result " + expected, outcome);
    }

    @Then("future {string} holds an exception of type {word}")
    public void holdsAnException(String future, String errorType) {
        Object exception = context.performExpectingSuccess(new Operation.FutureException(future)).value();
        Expectation.check(context, exception instanceof String text && text.startsWith(errorType + ":"),
                "future \"" + future + "\" to hold an exception of type " + errorType, exception);
    }

    @Then("executor {string} received {int} job(s)")
    public void executorReceived(String executor, int expected) {
        Object count = context.performExpectingSuccess(new Operation.ExecutorSubmissions(executor)).value();
        Expectation.check(context, Recording.sameValue(count, expected),
                "executor \"" + executor + "\" to have received " + expected + " job(s)", count);
    }

    @Then("job {string} had ended when shutdown_default_executor returned")
    public void endedBeforeShutdownReturned(String job) {
        List<String> labels = labels();
        int ended = labels.indexOf(job + ":end");
        int returned = labels.indexOf(Operation.ShutdownDefaultExecutor.RETURNED);
        Expectation.check(context, ended >= 0 && ended < returned, "job \"" + job
                + "\" to end before shutdown_default_executor() returned (it waits for the executor's threads)",
                ended < 0 ? "the job had not ended when it returned" : labels);
    }

    @Then("shutdown_default_executor returned while job {string} was still running")
    public void returnedBeforeTheJobEnded(String job) {
        List<String> labels = labels();
        int ended = labels.indexOf(job + ":end");
        int returned = labels.indexOf(Operation.ShutdownDefaultExecutor.RETURNED);
        Expectation.check(context, returned >= 0 && (ended < 0 || returned < ended),
                "shutdown_default_executor(timeout=) to return before job \"" + job + "\" ended",
                "it returned after the job ended: " + labels);
    }

    @Then("shutdown_default_executor warned nothing")
    public void warnedNothing() {
        Object warnings = context.recall(SHUTDOWN_WARNINGS);
        Expectation.check(context, warnings instanceof List<?> list && list.isEmpty(),
                "shutdown_default_executor() to emit no RuntimeWarning", warnings);
    }

    @Then("shutdown_default_executor warned with a RuntimeWarning")
    public void warnedWithARuntimeWarning() {
        Object warnings = context.recall(SHUTDOWN_WARNINGS);
        Expectation.check(context, warnings instanceof List<?> list && list.size() == 1
                        && String.valueOf(list.get(0)).startsWith("RuntimeWarning:"),
                "shutdown_default_executor(timeout=) to emit one RuntimeWarning (the threads did not join in time)",
                warnings);
    }

    private List<String> labels() {
        return Recording.of(context).all().stream().map(Event::label).toList();
    }
}
