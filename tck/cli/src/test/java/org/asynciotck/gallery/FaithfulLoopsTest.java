package org.asynciotck.gallery;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.asynciotck.kit.StockRuns;
import org.asynciotck.runner.RunResult;
import org.asynciotck.runner.ScenarioResult;
import org.asynciotck.runner.Verdict;
import org.asynciotck.spi.Capability;
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
 *
 * <p>{@code own_queues} is shaped like qasync and trio-asyncio: its callbacks and timers live in
 * structures of its own, so the {@code _ready} and {@code _run_once} it inherits are not its state and the
 * agent must not claim {@code ready-queue} or {@code select-timeout} for it. It is judged like stock with
 * exactly one allowance ({@link #WITHOUT_CAPABILITIES}): the scenarios tagged {@code @needs-} one of those
 * two are not applicable, each with the agent's reason in its message.
 */
@Tag("evidence") // minutes long: run by -P evidence (CI), not by ./mvnw -B verify; see pom.xml
@Execution(ExecutionMode.CONCURRENT)
class FaithfulLoopsTest {

    static final List<String> CONTROLS = List.of("poll_selector", "delegating_subclass", "plain_task_factory",
            "custom_policy", "instrumented_run_once", "list_ready_queue");

    /**
     * Controls that lack capabilities by design: control -> capability -> what the not-applicable message
     * of each scenario needing it must quote from the agent's note (docs/protocol.md, "Capabilities").
     */
    static final Map<String, Map<String, String>> WITHOUT_CAPABILITIES = Map.of("own_queues", Map.of(
            Capability.READY_QUEUE, "call_soon did not put its handle in loop._ready",
            Capability.SELECT_TIMEOUT, "_OwnQueuesLoop.run_forever does not call _run_once"));

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
        controls.addAll(WITHOUT_CAPABILITIES.keySet());
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
            Map<String, String> absent = WITHOUT_CAPABILITIES.getOrDefault(control, Map.of());
            assertThat(GalleryRuns.scenarioVerdicts(result))
                    .as("scenario verdicts of control %s on cpython-%s, against stock asyncio's%s; reasons: %s",
                            control, target, absent.isEmpty() ? "" : " without " + absent.keySet(),
                            GalleryRuns.reasons(result))
                    .isEqualTo(absent.isEmpty() ? expected : withoutCapabilities(stock, absent.keySet()));
            if (!absent.isEmpty()) {
                assertTheReasonsAreTheAgents(result, expected, absent);
            }
            assertThat(result.conformant()).as("%s is conformant exactly when stock is", control)
                    .isEqualTo(stock.conformant());
        }
        System.out.printf("[gallery] controls on cpython-%s: stock and %d controls, %d scenarios each, %.1f s%n",
                target, controls.size(), stock.scenarios().size(), (System.nanoTime() - started) / 1e9);
    }

    /** Stock's verdicts, with every scenario that needs one of {@code capabilities} not applicable. */
    static Map<String, Verdict> withoutCapabilities(RunResult stock, java.util.Set<String> capabilities) {
        Map<String, Verdict> expected = new TreeMap<>(GalleryRuns.scenarioVerdicts(stock));
        int changed = 0;
        for (ScenarioResult scenario : stock.scenarios()) {
            if (capabilities.stream().anyMatch(capability -> scenario.tags().contains("needs-" + capability))) {
                expected.put(scenario.location() + " " + scenario.name(), Verdict.NOT_APPLICABLE);
                changed++;
            }
        }
        assertThat(changed).as("scenarios of stock that need %s", capabilities).isPositive();
        return expected;
    }

    /**
     * Each scenario that stock ran and that needs an absent capability says which (one of them, when it needs
     * several) and quotes why the agent found it absent.
     */
    static void assertTheReasonsAreTheAgents(RunResult result, Map<String, Verdict> stock, Map<String, String> absent) {
        int checked = 0;
        for (ScenarioResult scenario : result.scenarios()) {
            String key = scenario.location() + " " + scenario.name();
            List<String> needed = absent.keySet().stream()
                    .filter(capability -> scenario.tags().contains("needs-" + capability)).sorted().toList();
            if (needed.isEmpty() || stock.get(key) == Verdict.NOT_APPLICABLE) {
                continue;
            }
            checked++;
            assertThat(needed).as("%s says %s", key, scenario.message()).anyMatch(capability -> scenario.message()
                    .startsWith("not applicable: needs capability '" + capability + "'")
                    && scenario.message().contains(absent.get(capability)));
        }
        assertThat(checked).as("scenarios that need %s", absent.keySet()).isPositive();
    }
}
