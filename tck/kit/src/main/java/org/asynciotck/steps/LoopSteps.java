package org.asynciotck.steps;

import io.cucumber.datatable.DataTable;
import io.cucumber.java.en.Given;
import io.cucumber.java.en.When;
import java.util.List;
import org.asynciotck.spi.Operation;

/** Steps that schedule callbacks and timers and run the loop. */
public final class LoopSteps {

    /**
     * The delay of "already due" and "due at once" timers: 0, so call_later(0) and call_at(loop.time()).
     * CPython runs such a timer in the next iteration (_run_once runs every timer whose deadline is before
     * time() + clock resolution, and time() is monotonic); uvloop turns a zero delay into call_soon. A
     * negative delay is not used for this: what a loop does with one is TIMER-4's own claim, and a loop that
     * refuses one would fail every scenario that merely needs a due timer. The scenarios that need one
     * declare TIMER-4 as their prerequisite ({@code @needs-TIMER-4}), as the zero delay is TIMER-4's too.
     */
    static final double ALREADY_DUE_SECONDS = 0.0;

    private final ScenarioContext context;

    public LoopSteps(ScenarioContext context) {
        this.context = context;
    }

    @Given("a fresh event loop")
    public void aFreshEventLoop() {
        context.openSession();
    }

    @Given("callback(s) {labels} is/are scheduled with call_soon")
    public void scheduledWithCallSoon(List<String> labels) {
        for (String label : labels) {
            callSoon(label, List.of());
        }
    }

    @Given("callback {string} is scheduled with call_soon_threadsafe")
    public void scheduledWithCallSoonThreadsafe(String label) {
        context.performExpectingSuccess(new Operation.CallSoonThreadsafe(label, List.of(), label));
    }

    @Given("callback {string} is scheduled with call_soon as handle {string}")
    public void scheduledAsHandle(String label, String handle) {
        context.performExpectingSuccess(new Operation.CallSoon(label, List.of(), handle));
    }

    @Given("callback {string} is scheduled with call_soon and, when it runs, schedules callback {string} with call_soon")
    public void scheduledAndSchedules(String label, String next) {
        callSoon(label, CallbackScript.parse(List.of("schedule callback \"" + next + "\" with call_soon")));
    }

    @Given("callback {string} is scheduled with call_soon and, when it runs, stops the loop")
    public void scheduledAndStops(String label) {
        callSoon(label, CallbackScript.parse(List.of("stop the loop")));
    }

    @Given("callback {string} is scheduled with call_soon and, when it runs, stops the loop and schedules callback {string} with call_soon")
    public void scheduledAndStopsAndSchedules(String label, String next) {
        callSoon(label, CallbackScript.parse(List.of("stop the loop", "schedule callback \"" + next + "\" with call_soon")));
    }

    @Given("callback {string} is scheduled with call_soon and, when it runs, does:")
    public void scheduledAndDoes(String label, DataTable actions) {
        callSoon(label, CallbackScript.parse(actions.asList()));
    }

    @Given("timer {string} is scheduled with call_later in {duration}")
    public void timerIn(String label, Seconds delay) {
        context.performExpectingSuccess(new Operation.CallLater(delay.value(), label, List.of(), label));
    }

    @Given("timer {string} is scheduled with call_later in {duration} and, when it runs, stops the loop")
    public void timerInAndStops(String label, Seconds delay) {
        context.performExpectingSuccess(new Operation.CallLater(delay.value(), label, List.of(new Operation.Stop()), label));
    }

    @Given("{int} timers are scheduled with call_later in {duration} and cancelled")
    public void cancelledTimers(int count, Seconds delay) {
        for (int i = 1; i <= count; i++) {
            String name = "cancelled-timer-" + i;
            context.performExpectingSuccess(new Operation.CallLater(delay.value(), name, List.of(), name));
            context.performExpectingSuccess(new Operation.CancelHandle(name));
        }
    }

    @Given("timer(s) {labels} is/are scheduled with {timerCall}, overdue by {duration}")
    public void timersOverdue(List<String> labels, Scheduler call, Seconds overdue) {
        for (String label : labels) {
            context.performExpectingSuccess(call.schedule(label, List.of(), label, -overdue.value()));
        }
    }

    @Given("timer(s) {labels} is/are scheduled with {timerCall}, due at once")
    public void timersDueAtOnce(List<String> labels, Scheduler call) {
        for (String label : labels) {
            context.performExpectingSuccess(call.schedule(label, List.of(), label, ALREADY_DUE_SECONDS));
        }
    }

    /** An already due callback: for the timer calls, a timer with the delay {@link #ALREADY_DUE_SECONDS}. */
    @Given("callback {string} is scheduled with {scheduler} as handle {string}, already due")
    public void scheduledAsHandleAlreadyDue(String label, Scheduler scheduler, String handle) {
        context.performExpectingSuccess(scheduler.schedule(label, List.of(), handle, ALREADY_DUE_SECONDS));
    }

    @Given("callback {string} is scheduled with {scheduler}, already due, and raises when it runs")
    public void scheduledAndRaises(String label, Scheduler scheduler) {
        context.performExpectingSuccess(scheduler.schedule(label, List.of(new Operation.Raise()), label,
                ALREADY_DUE_SECONDS));
    }

    @Given("callbacks {labels} are scheduled with call_soon, of which {string} raises")
    public void scheduledOneRaising(List<String> labels, String raising) {
        for (String label : labels) {
            callSoon(label, label.equals(raising) ? List.of(new Operation.Raise()) : List.of());
        }
    }

    @Given("a reader {string} whose socket is already readable")
    public void readyReader(String label) {
        context.performExpectingSuccess(new Operation.AddReadyReader(label));
    }

    @Given("the handle of {string} is cancelled")
    @When("the handle {string} is cancelled")
    public void cancelHandle(String handle) {
        context.performExpectingSuccess(new Operation.CancelHandle(handle));
    }

    @When("handle {string} is removed from the ready queue")
    public void removeFromReadyQueue(String handle) {
        context.performExpectingSuccess(new Operation.RemoveFromReadyQueue(handle));
    }

    @Given("the loop has been asked to stop")
    public void askedToStop() {
        context.performExpectingSuccess(new Operation.Stop());
    }

    @When("the loop runs one iteration")
    public void runOnce() {
        context.performExpectingSuccess(new Operation.RunOnce());
    }

    @When("the loop runs until it is stopped")
    public void runForever() {
        context.performExpectingSuccess(new Operation.RunForever());
    }

    /** The outcome (the future's result, or its exception as an error) is checked by "it returns ...". */
    @When("the loop runs until future {string} is done")
    public void runUntilComplete(String future) {
        context.perform(new Operation.RunUntilComplete(future));
    }

    @When("the loop computes its select timeout")
    public void computeSelectTimeout() {
        context.remember(ObservationSteps.SELECT_TIMEOUT, context.performExpectingSuccess(new Operation.SelectTimeout()).value());
    }

    private void callSoon(String label, List<Operation> then) {
        context.performExpectingSuccess(new Operation.CallSoon(label, then, label));
    }
}
