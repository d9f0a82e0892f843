package org.asynciotck.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Runs the Python agent's own unittest suite (tck/protocol/src/test/python/test_agent.py) under the
 * oldest and the newest supported CPython, one with each Task/Future variant, so the agent's
 * protocol handling is checked by the build and not only by hand. The suite talks to the zipapp
 * the jar carries ({@code target/classes/.../asyncio-tck-agent.pyz}), so what ships is what is tested.
 */
class AgentSelfTest {

    /** The suite waits on threads with its own bounds; this only stops a wedged interpreter. */
    private static final long BOUND_SECONDS = 180;
    /** Built by the build at process-resources from tck/protocol/src/main/python. */
    private static final Path ZIPAPP =
            Path.of("target/classes/org/asynciotck/process/asyncio-tck-agent.pyz").toAbsolutePath();

    @ParameterizedTest(name = "CPython {0}, variant {1}")
    @CsvSource({"3.10.13, c", "3.13.0, py"})
    @Timeout(value = BOUND_SECONDS + 10)
    void theAgentPassesItsOwnSuite(String version, String variant) throws IOException, InterruptedException {
        Path python = Path.of(System.getProperty("user.home"), ".pyenv/versions", version, "bin/python3");
        assumeTrue(Files.isExecutable(python), "CPython " + version + " is not installed at " + python + "; skipping");
        assertThat(ZIPAPP).as("the agent zipapp the build makes").isRegularFile();
        Path log = Files.createTempFile("agent-selftest-" + version + "-", ".log");
        ProcessBuilder builder = new ProcessBuilder(List.of(python.toString(), "src/test/python/test_agent.py"))
                .redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("ASYNCIO_TCK_AGENT_ARGS", "--variant " + variant);
        builder.environment().put("ASYNCIO_TCK_AGENT", ZIPAPP.toString());
        Process process = builder.start();
        boolean finished = process.waitFor(BOUND_SECONDS, TimeUnit.SECONDS);
        if (!finished) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(finished).as("the agent suite finished within %d s; its output:%n%s", BOUND_SECONDS, output).isTrue();
        assertThat(process.exitValue()).as("the agent suite's exit status; its output:%n%s", output).isZero();
        assertThat(output).contains("OK");
        Files.deleteIfExists(log);
    }
}
