package org.asynciotck.gate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.asynciotck.runner.RuleLevel;
import org.asynciotck.runner.RuleResult;
import org.asynciotck.runner.RunResult;

/**
 * The CI gate: a run passes when its non-passing MUST and SHOULD rules are exactly those its
 * baseline lists, each with the listed verdict. A rule that starts failing is a regression; a
 * listed rule that starts passing fails the gate too, so the baseline never claims more
 * tolerance than needed. INFO rules describe behaviour and never count.
 */
public final class Gate {

    private Gate() {}

    public static GateResult check(RunResult run, ImplementationBaseline baseline) {
        String implementation = run.implementation().identity();
        List<Difference> differences = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        if (!run.complete()) {
            differences.add(new Difference(Difference.Kind.INCOMPLETE_RUN, "",
                    "incomplete run: the run broke off before every scenario had a verdict"));
        }
        Map<String, RuleResult> ran = run.rules().stream()
                .collect(Collectors.toMap(RuleResult::id, Function.identity(), (a, b) -> a));
        for (RuleResult rule : run.rules()) {
            if (rule.level() != RuleLevel.INFO) {
                compare(rule, baseline.rules().get(rule.id())).ifPresent(differences::add);
            }
        }
        baseline.rules().forEach((id, expected) -> {
            RuleResult rule = ran.get(id);
            if (rule == null) {
                notes.add("not checked: " + id + " did not run (not selected, or no longer in the kit)");
            } else if (rule.level() == RuleLevel.INFO) {
                notes.add("ignored: " + id + " is an INFO rule; INFO rules never count, the entry can go");
            }
        });
        return new GateResult(implementation, baseline.rules().size(), differences, notes);
    }

    private static Optional<Difference> compare(RuleResult rule, ExpectedVerdict expected) {
        String id = rule.id();
        if (!rule.verdict().isProblem()) {
            return expected == null ? Optional.empty() : Optional.of(new Difference(
                    Difference.Kind.UNEXPECTED_PASS, id, "unexpected pass: " + id
                            + (rule.verdict().wireName().equals("pass") ? "" : " " + rule.verdict().wireName())
                            + " (baseline says " + said(expected) + ")"));
        }
        String observed = rule.verdict().wireName() + ": " + decisiveLine(rule);
        if (expected == null) {
            return Optional.of(new Difference(Difference.Kind.NEW_FAILURE, id,
                    "new failure: " + id + " " + observed));
        }
        if (expected.verdict() != rule.verdict()) {
            return Optional.of(new Difference(Difference.Kind.WRONG_VERDICT, id,
                    "wrong verdict: " + id + " " + observed + " (baseline says " + said(expected) + ")"));
        }
        return Optional.empty();
    }

    private static String said(ExpectedVerdict expected) {
        return expected.verdict().wireName() + ": " + expected.reason();
    }

    /** The first line of the message of the scenario that gave the rule its verdict, with where it is. */
    static String decisiveLine(RuleResult rule) {
        var scenario = rule.decisiveScenario();
        String message = scenario.message().lines().findFirst().orElse("").strip();
        String location = scenario.location();
        return message.contains(location) || location.isEmpty() ? message : message + " (" + location + ")";
    }
}
