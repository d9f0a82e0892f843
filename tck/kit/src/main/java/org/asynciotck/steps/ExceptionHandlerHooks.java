package org.asynciotck.steps;

import io.cucumber.java.After;
import io.cucumber.java.Scenario;
import io.cucumber.java.Status;
import java.util.List;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;

/**
 * After every scenario that passed its own steps: the loop reported nothing to its exception
 * handler that the scenario did not expect. A callback that raised, a cancelled handle that ran
 * anyway, an InvalidStateError inside the loop: each is a defect the scenario's own assertions may
 * not see, so it fails the scenario's rule with the reports quoted. A scenario that expects
 * reports checks them itself ("the loop reported ...") and is left alone here.
 */
public final class ExceptionHandlerHooks {

    /** Cucumber runs After hooks from the highest order down: this one before the loop is closed. */
    private static final int BEFORE_THE_LOOP_IS_CLOSED = 20_000;

    private final ScenarioContext context;

    public ExceptionHandlerHooks(ScenarioContext context) {
        this.context = context;
    }

    @After(order = BEFORE_THE_LOOP_IS_CLOSED)
    public void theLoopReportedNothingUnexpected(Scenario scenario) {
        if (scenario.getStatus() != Status.PASSED || !context.hasSession() || context.reportsWereChecked()) {
            return;
        }
        Outcome outcome = context.perform(new Operation.ReportedErrors());
        List<?> reported = outcome.isError() || !(outcome.value() instanceof List<?> list) ? List.of() : list;
        if (!reported.isEmpty()) {
            throw new AssertionError(Expectation.message(context,
                    "nothing reported to the loop's exception handler", reported));
        }
    }
}
