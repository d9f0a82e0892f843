package org.asynciotck.steps;

import java.util.Objects;

/**
 * The one template for a broken expectation:
 * {@code [NTODO-1] reference: expected <x>, observed <y> (features/01-ntodo-snapshot.feature:31)}.
 */
final class Expectation {

    private Expectation() {}

    static String message(ScenarioContext context, String expected, Object observed) {
        ScenarioRule rule = context.rule();
        return "[" + rule.id() + "] " + context.info().id() + ": expected " + expected + ", observed "
                + Objects.toString(observed) + " (" + rule.location() + ")";
    }

    /** Fails the rule unless {@code holds}. */
    static void check(ScenarioContext context, boolean holds, String expected, Object observed) {
        if (!holds) {
            throw new AssertionError(message(context, expected, observed));
        }
    }
}
