package org.asynciotck.steps;

import io.cucumber.datatable.DataTable;
import io.cucumber.java.en.Given;
import io.cucumber.java.en.When;
import java.util.List;
import org.asynciotck.spi.Operation;

/** Steps of I/O readiness callbacks on a socket pair (IO-n). */
public final class WatcherSteps {

    private final ScenarioContext context;

    public WatcherSteps(ScenarioContext context) {
        this.context = context;
    }

    @Given("a socket pair {string}")
    public void socketPair(String socket) {
        context.performExpectingSuccess(new Operation.SocketPair(socket));
    }

    @Given("a byte waits on socket {string}")
    @When("a byte arrives on socket {string}")
    public void readable(String socket) {
        context.performExpectingSuccess(new Operation.MakeReadable(socket));
    }

    @Given("reader {string} watches socket {string}")
    @When("reader {string} starts watching socket {string}")
    public void reader(String label, String socket) {
        context.performExpectingSuccess(new Operation.AddReader(socket, label, List.of()));
    }

    @Given("reader {string} watches socket {string} and, when it runs, does:")
    public void readerDoing(String label, String socket, DataTable actions) {
        context.performExpectingSuccess(new Operation.AddReader(socket, label, CallbackScript.parse(actions.asList())));
    }

    @Given("writer {string} watches socket {string} and, when it runs, does:")
    public void writerDoing(String label, String socket, DataTable actions) {
        context.performExpectingSuccess(new Operation.AddWriter(socket, label, CallbackScript.parse(actions.asList())));
    }

    /** The outcome (a closed loop refuses, CLOSED-3) is checked by a "Then it ..." step. */
    @When("reader {string} starts watching socket {string}, which may be refused")
    public void readerMayBeRefused(String label, String socket) {
        context.perform(new Operation.AddReader(socket, label, List.of()));
    }

    /** The outcome (a closed loop refuses, CLOSED-3) is checked by a "Then it ..." step. */
    @When("writer {string} starts watching socket {string}, which may be refused")
    public void writerMayBeRefused(String label, String socket) {
        context.perform(new Operation.AddWriter(socket, label, List.of()));
    }

    @Given("writer {string} watches socket {string}")
    public void writer(String label, String socket) {
        context.performExpectingSuccess(new Operation.AddWriter(socket, label, List.of()));
    }

    /** The value (asyncio: whether a reader was registered) is checked by "it answers ...". */
    @When("the reader of socket {string} is removed")
    public void removeReader(String socket) {
        context.perform(new Operation.RemoveReader(socket));
    }

    @When("the writer of socket {string} is removed")
    public void removeWriter(String socket) {
        context.perform(new Operation.RemoveWriter(socket));
    }
}
