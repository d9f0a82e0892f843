package org.asynciotck.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.xml.parsers.DocumentBuilderFactory;
import org.asynciotck.runner.ConformanceRun;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kit in a process of its own, stopped by a signal while a hostile agent hangs (issue 9,
 * cases 3 and 4): every agent and what it started is ended, the reports are well-formed and
 * marked incomplete, unfinished rules are not-run, and the exit code is the one README gives an
 * incomplete run.
 */
@Timeout(120)
class InterruptedKitTest {

    private static final long READY_WITHIN_SECONDS = 60;
    private static final long EXIT_WITHIN_SECONDS = 30;

    @TempDir
    Path root;

    private final List<HostileAgent> started = new ArrayList<>();
    private Process kit;

    @AfterEach
    void cleanUp() {
        if (kit != null) {
            kit.destroyForcibly();
        }
        started.forEach(HostileAgent::killSurvivors);
    }

    @Test
    void sigtermMidRunLeavesWellFormedIncompleteReportsAndNoProcess() throws Exception {
        HostileAgent agent = agent("hostile_hangs_mid_run.py");

        kit = startKit(agent, "--tags", "@NTODO-2 or @NTODO-3");
        awaitReady();
        kit.destroy(); // SIGTERM

        assertThat(kit.waitFor(EXIT_WITHIN_SECONDS, TimeUnit.SECONDS)).as("kit ended").isTrue();
        assertThat(kit.exitValue()).as(console()).isEqualTo(ExitCode.NOT_CONFORMANT);
        agent.assertNoProcessLeft();
        Path folder = root.resolve("reports/cpython-1.0-c");
        JsonNode json = new ObjectMapper().readTree(folder.resolve("conformance.json").toFile());
        assertThat(json.at("/complete").asBoolean()).isFalse();
        assertThat(json.at("/rules")).isNotEmpty().allSatisfy(rule ->
                assertThat(rule.at("/verdict").asText()).as(rule.toString()).isEqualTo("not-run"));
        assertThat(Files.readString(folder.resolve(ConformanceRun.CUCUMBER_HTML)).strip()).endsWith("</html>");
        DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(folder.resolve(ConformanceRun.CUCUMBER_JUNIT_XML).toFile()); // throws when malformed
        HostileAgent.assertNothingOutside(root, "reports", "kit.out", "kit.err", "ready");
        HostileAgent.assertNoEscapes(Files.readString(root.resolve("kit.out")));
        HostileAgent.assertNoEscapes(Files.readString(root.resolve("kit.err")));
    }

    @Test
    void sigtermMidRunSideBySideEndsEveryAgentAndLeavesWellFormedIncompleteReports() throws Exception {
        HostileAgent agent = agent("hostile_hangs_mid_run.py");

        kit = startKit(agent, "--tags", "@NTODO-2 or @NTODO-3", "--jobs", "2");
        awaitReady();
        kit.destroy(); // SIGTERM

        assertThat(kit.waitFor(EXIT_WITHIN_SECONDS, TimeUnit.SECONDS)).as("kit ended").isTrue();
        assertThat(kit.exitValue()).as(console()).isEqualTo(ExitCode.NOT_CONFORMANT);
        agent.assertNoProcessLeft(); // every agent of the two jobs, and what each started
        Path folder = root.resolve("reports/cpython-1.0-c");
        JsonNode json = new ObjectMapper().readTree(folder.resolve("conformance.json").toFile());
        assertThat(json.at("/complete").asBoolean()).isFalse();
        assertThat(json.at("/rules")).isNotEmpty().anySatisfy(rule ->
                assertThat(rule.at("/verdict").asText()).as(rule.toString()).isEqualTo("not-run"));
        assertThat(Files.readString(folder.resolve(ConformanceRun.CUCUMBER_HTML)).strip()).endsWith("</html>");
        DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(folder.resolve(ConformanceRun.CUCUMBER_JUNIT_XML).toFile()); // throws when malformed
        HostileAgent.assertNothingOutside(root, "reports", "kit.out", "kit.err", "ready");
    }

    @Test
    void sigintDuringTheFirstHelloEndsTheAgentAndWhatItStarted() throws Exception {
        HostileAgent agent = agent("hostile_hangs_at_hello.py");

        kit = startKit(agent);
        awaitReady();
        new ProcessBuilder("kill", "-INT", Long.toString(kit.pid())).inheritIO().start().waitFor(10, TimeUnit.SECONDS);

        assertThat(kit.waitFor(EXIT_WITHIN_SECONDS, TimeUnit.SECONDS)).as("kit ended").isTrue();
        assertThat(kit.exitValue()).as(console()).isEqualTo(ExitCode.NOT_CONFORMANT);
        agent.assertNoProcessLeft();
        HostileAgent.assertNothingOutside(root, "reports", "kit.out", "kit.err", "ready");
    }

    /**
     * explore stopped by SIGTERM mid-way writes the report of the programs that ran, marked interrupted, with a
     * replay command that names that many programs, and exits with the code of an incomplete run.
     */
    @Test
    void sigtermMidExplorationWritesTheReportOfWhatRan() throws Exception {
        Path out = root.resolve("explored");
        kit = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "explore", "--impl", "reference", "--programs", "1000000", "--out", out.toString())
                .directory(root.toFile()).redirectOutput(root.resolve("kit.out").toFile())
                .redirectError(root.resolve("kit.err").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(READY_WITHIN_SECONDS);
        while (!Files.readString(root.resolve("kit.err")).contains("500 programs")) {
            assertThat(kit.isAlive()).as("explore still running: " + console()).isTrue();
            assertThat(System.nanoTime()).as("500 programs within " + READY_WITHIN_SECONDS + " s").isLessThan(deadline);
            Thread.sleep(20); // the progress line is the only sign that programs ran
        }
        kit.destroy(); // SIGTERM

        assertThat(kit.waitFor(EXIT_WITHIN_SECONDS, TimeUnit.SECONDS)).as("kit ended").isTrue();
        assertThat(kit.exitValue()).as(console()).isEqualTo(ExitCode.NOT_CONFORMANT);
        JsonNode json = new ObjectMapper().readTree(out.resolve("exploration.json").toFile());
        assertThat(json.at("/interrupted").asBoolean()).as(console()).isTrue();
        int programs = json.at("/programs").asInt();
        assertThat(programs).isBetween(500, 999_999);
        assertThat(json.at("/replay").asText()).endsWith("--programs " + programs);
        assertThat(Files.readString(root.resolve("kit.err"))).contains("interrupted; writing the report");
    }

    /**
     * run stopped by SIGTERM during its exploration stage keeps what the stage found: the stage stops, hands in
     * the programs that ran (before the agents are ended, so the kit's own kill cuts no program), and the partial
     * reports carry them, marked as interrupted (issue 27, case 8: they used to be lost, "programs": 0).
     */
    @Test
    void sigtermDuringARunsExplorationStageKeepsTheProgramsThatRan() throws Exception {
        Path out = root.resolve("certified");
        Path ready = root.resolve("ready");
        Path loops = Path.of(InterruptedKitTest.class.getResource("/signalled/ready_loops.py").toURI()).getParent();
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "run", "--impl", "python", "--python", HostileAgent.python(), "--python-path", loops.toString(),
                "--loop-factory", "ready_loops:announcing", "--tags", "@EXPLORE-1", "--explore-programs", "1000000",
                "--explore-time", "100s", "--no-allure-html", "--out", out.toString())
                .directory(root.toFile()).redirectOutput(root.resolve("kit.out").toFile())
                .redirectError(root.resolve("kit.err").toFile());
        builder.environment().put("READY_FILE", ready.toString());
        kit = builder.start();
        awaitReady();
        kit.destroy(); // SIGTERM

        assertThat(kit.waitFor(EXIT_WITHIN_SECONDS, TimeUnit.SECONDS)).as("kit ended").isTrue();
        assertThat(kit.exitValue()).as(console()).isEqualTo(ExitCode.NOT_CONFORMANT);
        JsonNode exploration = new ObjectMapper().readTree(out.resolve("conformance.json").toFile()).get("exploration");
        assertThat(exploration.get("state").asText()).as(console()).isEqualTo("ran");
        assertThat(exploration.get("programs").asInt()).as(exploration.toString()).isBetween(1, 999_999);
        assertThat(exploration.get("why").asText()).startsWith("interrupted: the programs after the "
                + exploration.get("programs").asInt() + " that ran did not run");
        assertThat(exploration.get("findings")).as("stock asyncio, and no program cut by the kit's kill").isEmpty();
        assertThat(out.resolve("exploration/exploration.json")).isRegularFile();
        assertThat(Files.readString(root.resolve("kit.err"))).contains("the exploration stage stopped");
    }

    private HostileAgent agent(String script) {
        assumeTrue(Files.isDirectory(Path.of("/proc")), "needs /proc to find what a hostile agent left running");
        HostileAgent agent = new HostileAgent(script).with("HOSTILE_READY", root.resolve("ready").toString());
        started.add(agent);
        return agent;
    }

    private Process startKit(HostileAgent agent, String... extra) throws IOException {
        List<String> argv = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "run", "--impl", "process", "--command", agent.command(), "--timeout", "60s", "--no-allure-html"));
        argv.addAll(List.of(extra));
        return new ProcessBuilder(argv).directory(root.toFile())
                .redirectOutput(root.resolve("kit.out").toFile()).redirectError(root.resolve("kit.err").toFile())
                .start();
    }

    /** Waits (bounded) until the agent says it hangs; the file is its only way to tell. */
    private void awaitReady() throws InterruptedException, IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(READY_WITHIN_SECONDS);
        while (!Files.exists(root.resolve("ready"))) {
            assertThat(kit.isAlive()).as("kit still running before the agent hung: " + console()).isTrue();
            assertThat(System.nanoTime()).as("agent ready within " + READY_WITHIN_SECONDS + " s").isLessThan(deadline);
            Thread.sleep(20); // a file appearing in another process's tree has no event to wait on here
        }
    }

    private String console() {
        try {
            return "stdout:\n" + Files.readString(root.resolve("kit.out"), StandardCharsets.UTF_8)
                    + "\nstderr:\n" + Files.readString(root.resolve("kit.err"), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(no console: " + e + ")";
        }
    }
}
