package org.asynciotck.steps;

import io.cucumber.java.Scenario;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.asynciotck.spi.ImplementationFailure;
import org.asynciotck.spi.ImplementationInfo;
import org.asynciotck.spi.LoopImplementation;
import org.asynciotck.spi.LoopSession;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.OperationUnsupported;
import org.asynciotck.spi.Outcome;

/**
 * The state of one scenario: which rule it verifies, the session on the
 * implementation's fresh loop, and the outcome of the last action. Cucumber
 * (picocontainer) makes one per scenario and hands it to every step class.
 */
public final class ScenarioContext {

    /** The tag of the core rules (docs/core.md), inherited by their scenarios. */
    private static final String CORE_TAG = "@core";

    private final RunScope run = RunScope.current();
    private final LoopImplementation implementation = run.implementation();
    private ScenarioRule rule = ScenarioRule.UNKNOWN;
    /** The scenario belongs to a core rule (docs/core.md): an operation it needs may not be unsupported. */
    private boolean core;
    private String scenarioName = "";
    private boolean reportsChecked;
    private LoopSession session;
    private Outcome lastOutcome;
    private final Map<String, Object> remembered = new HashMap<>();

    void begin(Scenario scenario) {
        rule = ScenarioRule.of(scenario);
        scenarioName = scenario.getName();
        core = scenario.getSourceTagNames().contains(CORE_TAG);
    }

    ScenarioRule rule() {
        return rule;
    }

    ImplementationInfo info() {
        return implementation.info();
    }

    /** The run this scenario belongs to. */
    RunScope run() {
        return run;
    }

    void openSession() {
        if (session == null) {
            session = implementation.openSession();
        }
    }

    /** Performs one operation on the scenario's loop and returns what it produced. */
    Outcome perform(Operation operation) {
        Set<String> missing = new TreeSet<>(RequiredCapabilities.of(operation));
        missing.removeAll(info().capabilities());
        if (!missing.isEmpty()) {
            throw new IllegalStateException("kit defect in " + rule.location() + ": the scenario sends "
                    + operation.wireName() + ", which needs " + missing
                    + ", but has no @needs-" + missing.iterator().next() + " tag");
        }
        if (session == null) {
            throw new IllegalStateException("kit defect in " + rule.location()
                    + ": no loop yet; start the scenario with 'Given a fresh event loop'");
        }
        run.lifecycle().blocking(operation, rule.id()).ifPresent(why -> {
            throw new BlockedScenario(why);
        });
        try {
            lastOutcome = session.perform(run.lifecycle().driven(operation, rule.id()));
        } catch (ImplementationFailure failure) {
            run.lifecycle().failedIn(rule.id(), scenarioName, operation, failure);
            throw failure;
        } catch (OperationUnsupported unsupported) {
            throw notSupported(unsupported);
        }
        return lastOutcome;
    }

    /**
     * An operation the implementation declares unsupported: the scenario is not applicable, with the
     * implementation's reason; in a core rule it fails, as every loop must be able to run those.
     */
    private RuntimeException notSupported(OperationUnsupported unsupported) {
        if (core) {
            throw new AssertionError(Expectation.message(this, "an answer to " + unsupported.operation()
                    + ": " + rule.id() + " is a core rule, which every loop must be able to run (docs/core.md)",
                    "no answer: " + unsupportedOperation(unsupported)));
        }
        return new NotApplicable("needs " + unsupportedOperation(unsupported));
    }

    private String unsupportedOperation(OperationUnsupported unsupported) {
        return "the operation '" + unsupported.operation() + "', which " + info().id() + " does not support ("
                + unsupported.reason() + ")";
    }

    /** Performs an operation that must succeed; a refusal is a failure of the rule. */
    Outcome performExpectingSuccess(Operation operation) {
        Outcome outcome = perform(operation);
        if (outcome.isError()) {
            throw new AssertionError(Expectation.message(this, "no error from " + describe(operation),
                    outcome.errorType() + ": " + outcome.message()));
        }
        return outcome;
    }

    Outcome lastOutcome() {
        if (lastOutcome == null) {
            throw new IllegalStateException("kit defect in " + rule.location() + ": no action was performed yet");
        }
        return lastOutcome;
    }

    /** The scenario looks at what the loop reported to its exception handler itself. */
    void reportsAreChecked() {
        reportsChecked = true;
    }

    boolean reportsWereChecked() {
        return reportsChecked;
    }

    /** Whether the scenario has a loop that can still be asked something. */
    boolean hasSession() {
        return session != null;
    }

    void remember(String key, Object value) {
        remembered.put(key, value);
    }

    Object recall(String key) {
        if (!remembered.containsKey(key)) {
            throw new IllegalStateException("kit defect in " + rule.location() + ": nothing remembered as " + key);
        }
        return remembered.get(key);
    }

    void end() {
        if (session != null) {
            LoopSession closing = session;
            session = null;
            closing.close(); // may blame this scenario for what the implementation sent after its close
        }
    }

    /** For messages: the wire name and the fields, e.g. {@code enter_task[task=b]}. */
    static String describe(Operation operation) {
        String fields = operation.toString();
        int open = fields.indexOf('[');
        return operation.wireName() + (open < 0 ? "" : fields.substring(open)).replace("[]", "");
    }
}
