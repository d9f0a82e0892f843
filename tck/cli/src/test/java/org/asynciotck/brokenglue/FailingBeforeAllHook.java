package org.asynciotck.brokenglue;

import io.cucumber.java.BeforeAll;

/**
 * Glue whose run-wide hook throws: Cucumber's engine then fails as a whole and reports none of the
 * scenarios, which is how a run breaks down when the engine cannot start (ConformanceRunTest).
 */
public final class FailingBeforeAllHook {

    @BeforeAll
    public static void breakTheRun() {
        throw new IllegalStateException("the run-wide hook broke");
    }
}
