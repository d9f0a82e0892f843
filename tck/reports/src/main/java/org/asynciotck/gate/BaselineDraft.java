package org.asynciotck.gate;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import org.asynciotck.runner.RuleLevel;
import org.asynciotck.runner.RuleResult;
import org.asynciotck.runner.RunResult;

/**
 * Writes the baseline entry a run would pass with: every MUST and SHOULD rule that did not pass,
 * with its verdict and, as a reason to be edited, the failure message. A reason a person already
 * wrote for the same rule and verdict is kept.
 */
public final class BaselineDraft {

    /** The "[NTODO-4] uvloop-0.23.0-py3.11: " prefix of a failure message, redundant in a baseline. */
    private static final Pattern MESSAGE_PREFIX = Pattern.compile("^\\[[A-Z0-9-]+\\] \\S+: ");

    private BaselineDraft() {}

    public static ImplementationBaseline of(RunResult run, ImplementationBaseline previous) {
        Map<String, ExpectedVerdict> rules = new LinkedHashMap<>();
        for (RuleResult rule : run.rules()) {
            if (rule.level() == RuleLevel.INFO || !rule.verdict().isProblem()) {
                continue;
            }
            ExpectedVerdict before = previous.rules().get(rule.id());
            rules.put(rule.id(), before != null && before.verdict() == rule.verdict() ? before
                    : new ExpectedVerdict(rule.verdict(), draftReason(rule)));
        }
        return new ImplementationBaseline(rules, run.implementation().version());
    }

    private static String draftReason(RuleResult rule) {
        String reason = MESSAGE_PREFIX.matcher(Gate.decisiveLine(rule)).replaceFirst("");
        return reason.isBlank() ? rule.verdict().wireName() + " (no message; say why this is accepted)" : reason;
    }
}
