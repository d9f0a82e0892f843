package org.asynciotck.report;

import java.util.List;
import java.util.Set;
import org.asynciotck.runner.RuleCatalogue;
import org.asynciotck.runner.RunResult;
import org.asynciotck.runner.ScenarioResult;
import org.asynciotck.runner.Verdict;
import org.asynciotck.spi.ApiLevel;
import org.asynciotck.spi.ImplementationInfo;

/** Results to feed the report writers without running Cucumber. */
public final class ReportFixtures {

    private ReportFixtures() {}

    public static ImplementationInfo info(String id) {
        return new ImplementationInfo(id, "Loop <b>&</b> co", "1.2", "3.12.1", ApiLevel.parse("3.12"),
                Set.of("select-timeout", "ready-queue"));
    }

    public static ScenarioResult scenario(String name, Verdict verdict, String message, String... tags) {
        return new ScenarioResult(name, verdict, message, "features/loop.feature", 12, List.of(tags));
    }

    /** LOOP-1 passes, LOOP-2 fails with markup in its message, LOOP-3 is n/a, LOOP-4 (SHOULD) crashes. */
    public static RunResult mixed(boolean complete) {
        return RunResult.of(info("loop-x"), List.of(
                scenario("passes", Verdict.PASS, "", "LOOP-1", "MUST"),
                scenario("fails", Verdict.FAIL, "[LOOP-2] loop-x: expected <script>alert(1)</script> & more",
                        "LOOP-2", "MUST"),
                scenario("n/a", Verdict.NOT_APPLICABLE, "not applicable: needs ready-queue", "LOOP-3", "MUST"),
                scenario("crashes", Verdict.CRASHED, "crashed (signal 11)", "LOOP-4", "SHOULD")),
                RuleCatalogue.of(java.util.Map.of()), complete);
    }
}
