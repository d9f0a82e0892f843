package org.asynciotck.runner;

import java.util.Collection;
import java.util.Comparator;

/**
 * The verdict on one scenario, or on one rule (the worst of its scenarios).
 *
 * <p>Declared from worst to best: a crash says more about an implementation than
 * a failed assertion, a failure more than "blocked" (the scenario could not run because a
 * lifecycle rule it relies on did not pass, which that rule reports), and "not applicable"
 * says nothing at all, so it only wins when every scenario is not applicable.
 */
public enum Verdict {
    CRASHED("crashed"),
    TIMED_OUT("timed-out"),
    ERROR("error"),
    FAIL("fail"),
    BLOCKED("blocked"),
    /** The run was cut before this scenario (or one of the rule's scenarios) finished: never a pass. */
    NOT_RUN("not-run"),
    PASS("pass"),
    NOT_APPLICABLE("not-applicable");

    private final String wireName;

    Verdict(String wireName) {
        this.wireName = wireName;
    }

    /** The name used in conformance.json and on the console. */
    public String wireName() {
        return wireName;
    }

    /** Pass and not-applicable are fine; everything else counts against the rule. */
    public boolean isProblem() {
        return this != PASS && this != NOT_APPLICABLE;
    }

    /** The worst verdict of {@code verdicts}; not-applicable for an empty collection. */
    public static Verdict worstOf(Collection<Verdict> verdicts) {
        return verdicts.stream().min(Comparator.naturalOrder()).orElse(NOT_APPLICABLE);
    }
}
