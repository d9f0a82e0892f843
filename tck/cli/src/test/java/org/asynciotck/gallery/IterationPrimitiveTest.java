package org.asynciotck.gallery;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import org.asynciotck.kit.StockRuns;
import org.asynciotck.runner.RunResult;
import org.asynciotck.runner.ScenarioResult;
import org.asynciotck.runner.Verdict;
import org.asynciotck.spi.Operation.RunOnce.Via;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which primitive drives one iteration (docs/threads-and-time.md, "Which primitive drives iterations"),
 * through the Python agent on CPython 3.12.1: a loop that forgets a stop() made before run_forever()
 * (broken_loops:stop_before_run_ignored, as trio-asyncio and qasync do) is driven by call_soon(loop.stop)
 * and judged like stock asyncio in every scenario but LIFE-1's (timed out) and LIFE-4's (blocked: its
 * claim is that pending stop()); the same side by side; and stock asyncio with the fallback forced is
 * judged exactly like stock asyncio, so the fallback hides nothing and invents nothing.
 */
@Tag("evidence") // three or four full runs through agents: -P evidence; see pom.xml
class IterationPrimitiveTest {

    private static final String PYTHON = "3.12.1";
    private static final String FORGETS_STOP = "broken_loops:stop_before_run_ignored";
    /** The lifecycle rules and rules that run one iteration, timers, tasks and threads among them. */
    private static final String SOME_RULES = "@LIFE-1 or @LIFE-2 or @LIFE-4 or @NTODO-1 or @TIMER-4 or @TASK-1 or @STALL-2";

    @TempDir
    Path out;

    @Test
    void aLoopThatForgetsAStopBeforeRunFailsOnlyTheRulesWhoseClaimItIsAndIsSaidToBeDrivenByTheFallback() {
        Path python = GalleryRuns.python(PYTHON);
        RunResult stock = stock(python);
        long started = System.nanoTime();
        RunResult forgets = GalleryRuns.certify(python, FORGETS_STOP, "c", AgentBounds.OPERATION, out.resolve("forgets"));
        System.out.printf("[iterations] %s: %s, %.1f s%n", FORGETS_STOP, GalleryRuns.nonPassing(forgets),
                (System.nanoTime() - started) / 1e9);

        Map<String, Verdict> expected = GalleryRuns.scenarioVerdicts(stock);
        expected.replaceAll((scenario, verdict) -> switch (ruleOf(stock, scenario)) {
            case "LIFE-1" -> Verdict.TIMED_OUT; // its runs never return
            case "LIFE-4" -> Verdict.BLOCKED; // its claim is the stop() pending when the iteration starts
            default -> verdict;
        });
        assertThat(GalleryRuns.scenarioVerdicts(forgets)).as("reasons: %s", GalleryRuns.reasons(forgets))
                .isEqualTo(expected);
        assertThat(forgets.iterations().wireName()).isEqualTo("call_soon_stop");
        assertThat(forgets.iterations().why()).startsWith("stop() before run_forever() did not return");
        assertThat(stock.iterations().wireName()).isEqualTo("stop_before_run");
    }

    @Test
    void sideBySideTheLoopThatForgetsAStopBeforeRunGetsTheVerdictsItGetsOneAtATime() {
        Path python = GalleryRuns.python(PYTHON);
        RunResult oneAtATime = GalleryRuns.certify(python, FORGETS_STOP, "c", AgentBounds.OPERATION, out.resolve("one"),
                SOME_RULES, 1, null);
        RunResult sideBySide = GalleryRuns.certify(python, FORGETS_STOP, "c", AgentBounds.OPERATION, out.resolve("two"),
                SOME_RULES, 2, null);
        assertThat(GalleryRuns.scenarioVerdicts(sideBySide)).isEqualTo(GalleryRuns.scenarioVerdicts(oneAtATime));
        assertThat(GalleryRuns.nonPassing(oneAtATime)).containsOnlyKeys("LIFE-1", "LIFE-4");
        assertThat(sideBySide.iterations()).isEqualTo(oneAtATime.iterations());
    }

    @Test
    void stockAsyncioDrivenByTheFallbackIsJudgedExactlyLikeStockAsyncio() {
        Path python = GalleryRuns.python(PYTHON);
        RunResult stock = stock(python);
        RunResult forced = GalleryRuns.certify(python, null, "c", AgentBounds.OPERATION, out.resolve("forced"), null, 1,
                Via.CALL_SOON_STOP);
        assertThat(GalleryRuns.scenarioVerdicts(forced)).isEqualTo(GalleryRuns.scenarioVerdicts(stock));
        assertThat(forced.iterations().wireName()).isEqualTo("call_soon_stop");
        assertThat(forced.iterations().why()).startsWith("forced");
    }

    private RunResult stock(Path python) {
        return StockRuns.of(python, "c", () -> GalleryRuns.certify(python, null, "c", AgentBounds.OPERATION,
                out.resolve("stock")));
    }

    /** The rule of the scenario keyed as {@link GalleryRuns#scenarioVerdicts} keys it. */
    private static String ruleOf(RunResult result, String key) {
        Map<String, String> rules = new TreeMap<>();
        result.rules().forEach(rule -> rule.scenarios().forEach(
                (ScenarioResult s) -> rules.put(s.location() + " " + s.name(), rule.id())));
        return rules.get(key);
    }
}
