package org.asynciotck.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.asynciotck.reference.ReferenceImplementation;
import org.asynciotck.runner.ConformanceRun;
import org.asynciotck.runner.RuleCatalogue;
import org.asynciotck.runner.RunConfiguration;
import org.asynciotck.runner.RunResult;
import org.asynciotck.runner.ScenarioListener;
import org.asynciotck.spi.LoopImplementation;
import org.asynciotck.spi.Operation.RunOnce.Via;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The control of the fallback primitive, in the JVM: the reference loop (through the Java interpreter)
 * with every iteration outside LIFE-1 and LIFE-4 driven by call_soon(loop.stop) then run_forever() gets
 * every scenario's verdict that it gets driven by stop() before run_forever(), which its preflight
 * chooses. Through an agent, on CPython: IterationPrimitiveTest.
 */
class ForcedFallbackIterationsTest {

    private static final RuleCatalogue CATALOGUE = RuleCatalogue.loadFromClasspath(RunConfiguration.DEFAULT_FEATURES_FOLDER);

    @TempDir
    Path out;

    @Test
    void theReferenceLoopDrivenByTheFallbackIsJudgedExactlyAsByStopBeforeRun() {
        RunResult documented;
        RunResult fallback;
        try (LoopImplementation reference = new ReferenceImplementation()) {
            documented = new ConformanceRun(RunConfiguration.of(reference, null, out.resolve("documented")), CATALOGUE,
                    ScenarioListener.none()).execute();
            fallback = new ConformanceRun(RunConfiguration.of(reference, null, out.resolve("fallback")), CATALOGUE,
                    ScenarioListener.none()).forcingIterationsBy(Via.CALL_SOON_STOP).execute();
        }
        assertThat(documented.iterations().wireName()).isEqualTo("stop_before_run");
        assertThat(documented.iterations().why()).isEqualTo("stop() before run_forever() ran one iteration in the preflight");
        assertThat(fallback.iterations().wireName()).isEqualTo("call_soon_stop");
        assertThat(documented.scenarios()).hasSizeGreaterThan(200);
        assertThat(verdicts(fallback)).isEqualTo(verdicts(documented));
        assertThat(fallback.conformant()).isTrue();
    }

    private static List<String> verdicts(RunResult result) {
        return result.scenarios().stream().map(s -> s.location() + " " + s.name() + ": " + s.verdict()).toList();
    }
}
