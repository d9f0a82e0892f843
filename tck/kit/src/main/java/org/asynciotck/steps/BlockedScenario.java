package org.asynciotck.steps;

import org.opentest4j.TestAbortedException;

/**
 * A scenario that did not run because a run-lifecycle rule it relies on did not pass in this
 * run. The verdict is "blocked"; the lifecycle rule carries the real failure, once.
 */
public final class BlockedScenario extends TestAbortedException {

    BlockedScenario(String message) {
        super(message);
    }
}
