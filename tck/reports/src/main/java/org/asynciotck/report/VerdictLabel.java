package org.asynciotck.report;

import org.asynciotck.runner.RuleLevel;
import org.asynciotck.runner.Verdict;

/**
 * The word a person reads for a rule's verdict. INFO rules report what a loop does without
 * judging it, so their pass and fail read as "as asyncio" and "differs"; every other verdict
 * reads as its wire name (conformance.json keeps the wire names for machines).
 */
public final class VerdictLabel {

    static final String AS_ASYNCIO = "info: as asyncio";
    static final String DIFFERS = "info: differs";

    private VerdictLabel() {}

    public static String of(RuleLevel level, Verdict verdict) {
        if (level == RuleLevel.INFO && verdict == Verdict.PASS) {
            return AS_ASYNCIO;
        }
        if (level == RuleLevel.INFO && verdict == Verdict.FAIL) {
            return DIFFERS;
        }
        return verdict.wireName();
    }
}
