package org.asynciotck.gallery;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.asynciotck.kit.StockRuns;
import org.asynciotck.runner.RunResult;
import org.asynciotck.runner.Verdict;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The controls of the gallery (tck/cli/src/test/resources/gallery/faithful_loops.py): loops that are
 * made or wrapped differently but behave like stock asyncio must be judged exactly like it, every
 * scenario's verdict equal to stock's on the same interpreter and variant. One test per
 * interpreter and variant certifies stock asyncio once (or takes the run the baseline check of
 * that target made, {@link StockRuns}) and compares every control with it.
 *
 * <p>In the {@code py} variant the agent installs its own task factory (building {@code _PyTask})
 * on every loop, so there {@code plain_task_factory} is judged with the agent's factory instead of
 * its own; the two build the same class.
 */
@Tag("evidence") // minutes long: run by -P evidence (CI), not by ./mvnw -B verify; see pom.xml
@Execution(ExecutionMode.CONCURRENT)
class FaithfulLoopsTest {

    static final List<String> CONTROLS = List.of("poll_selector", "delegating_subclass", "plain_task_factory",
            "custom_policy", "instrumented_run_once");

    /**
     * The written-out iteration that the gallery's loops change one step of: judged like stock on
     * the gallery's interpreter and variant, so that each gallery loop has one defect, not two.
     */
    static final String GALLERY_BASE = "hand_written_iteration";
    static final String GALLERY_TARGET = "3.12.1-c";

    /**
     * A loop that behaves like stock answers every operation within milliseconds, and the wake-up
     * waits end as soon as the callback runs; the bound only limits what stock's own hang costs
     * (LIFE-4 on 3.13.0, errata E-17) in each of the runs.
     */
    static final Duration BOUND = Duration.ofSeconds(3);

    @TempDir
    Path out;

    static Stream<String> targets() {
        return Stream.of("3.10.13", "3.11.7", "3.12.1", "3.13.0")
                .flatMap(version -> Stream.of(version + "-c", version + "-py"));
    }

    @ParameterizedTest(name = "cpython-{0}")
    @MethodSource("targets")
    void everyControlIsJudgedExactlyLikeStockAsyncio(String target) {
        String version = target.substring(0, target.lastIndexOf('-'));
        String variant = target.substring(target.lastIndexOf('-') + 1);
        Path python = GalleryRuns.python(version);
        Duration bound = BOUND;
        List<String> controls = new ArrayList<>(CONTROLS);
        if (target.equals(GALLERY_TARGET)) {
            controls.add(GALLERY_BASE);
        }
        long started = System.nanoTime();
        RunResult stock = StockRuns.of(python, variant,
                () -> GalleryRuns.certify(python, null, variant, bound, out.resolve("stock")));
        Map<String, Verdict> expected = GalleryRuns.scenarioVerdicts(stock);
        for (String control : controls) {
            RunResult result = GalleryRuns.certify(python, "faithful_loops:" + control, variant, bound,
                    out.resolve(control));
            assertThat(GalleryRuns.scenarioVerdicts(result))
                    .as("scenario verdicts of control %s on cpython-%s, against stock asyncio's; reasons: %s",
                            control, target, GalleryRuns.reasons(result))
                    .isEqualTo(expected);
            assertThat(result.conformant()).as("%s is conformant exactly when stock is", control)
                    .isEqualTo(stock.conformant());
        }
        System.out.printf("[gallery] controls on cpython-%s: stock and %d controls, %d scenarios each, %.1f s%n",
                target, controls.size(), stock.scenarios().size(), (System.nanoTime() - started) / 1e9);
    }
}
