package org.asynciotck.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.asynciotck.process.Containment;
import org.asynciotck.runner.RunConfiguration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whole {@code tck run}s against the hostile agents of tck/cli/src/test/resources/hostile/, one
 * misbehaviour each (issue 9). Every case checks the three things no agent may achieve: a
 * process left running, a file outside the output folder, an escape sequence on the terminal;
 * and then the verdict or message the misbehaviour must become.
 */
@Timeout(120)
class HostileAgentsTest {

    /** Few scenarios: each case is about what the agent does, not about the rules. */
    private static final String TAGS = "@NTODO-2 or @NTODO-3";

    @TempDir
    Path root;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private final List<HostileAgent> started = new ArrayList<>();

    @AfterEach
    void killSurvivors() {
        started.forEach(HostileAgent::killSurvivors);
    }

    @Test
    void aVersionThatClimbsOutOfTheReportsFolderStaysInside() throws Exception {
        String escape = "escaped-" + UUID.randomUUID();
        HostileAgent agent = agent("hostile_version_climbs_out.py").with("HOSTILE_ESCAPE", escape);

        int code = run(agent);

        assertThat(code).as(console()).isEqualTo(ExitCode.NOT_CONFORMANT);
        assertContained(agent);
        assertThat(Path.of(System.getProperty("java.io.tmpdir"), escape)).doesNotExist();
        try (var folders = Files.list(root.resolve("reports"))) {
            assertThat(folders.map(p -> p.getFileName().toString()).toList())
                    .singleElement().asString().startsWith("cpython-3.12.1-c_").doesNotContain("/");
        }
    }

    @Test
    void aVersionThatNamesACucumberPluginAndPathIsOnlyText() throws Exception {
        Path target = root.resolve("plugin-target");
        HostileAgent agent = agent("hostile_version_names_a_plugin.py").with("HOSTILE_ESCAPE", target.toString());

        int code = run(agent);

        assertThat(code).as(console()).isEqualTo(ExitCode.NOT_CONFORMANT);
        assertContained(agent);
        assertThat(target).doesNotExist();
    }

    @Test
    void anOutputFolderWithACommaGetsEveryReport() throws Exception {
        Path folder = root.resolve("reports").resolve("a,b html:c");
        HostileAgent agent = agent("hostile_agent.py");

        int code = run(agent, "--out", folder.toString());

        assertThat(code).as(console()).isEqualTo(ExitCode.NOT_CONFORMANT);
        assertContained(agent);
        assertThat(folder.resolve(org.asynciotck.runner.ConformanceRun.CUCUMBER_HTML)).isRegularFile();
        assertThat(folder.resolve(org.asynciotck.runner.ConformanceRun.CUCUMBER_JUNIT_XML)).isRegularFile();
        try (var folders = Files.list(root.resolve("reports"))) {
            assertThat(folders.map(p -> p.getFileName().toString()).toList()).containsExactly("a,b html:c");
        }
    }

    @Test
    void escapeSequencesInNamesOutcomesAndStderrReachTheConsoleEscaped() throws Exception {
        HostileAgent agent = agent("hostile_escape_sequences.py");

        int code = run(agent);

        assertThat(code).as(console()).isEqualTo(ExitCode.NOT_CONFORMANT);
        assertContained(agent);
        assertThat(out.toString()).contains("\\u001b]0;pwned\\u0007").contains("\\u009b31m").contains("\\u202e")
                .doesNotContainPattern("(?m)^CONFORMANT");
    }

    @Test
    void escapeSequencesInProtocolErrorsReachTheConsoleEscaped() throws Exception {
        HostileAgent agent = agent("hostile_protocol_error_escapes.py");

        int code = run(agent);

        assertThat(code).as(console()).isEqualTo(ExitCode.NOT_CONFORMANT);
        assertContained(agent);
        assertThat(out.toString()).contains("error: agent did not understand").contains("\\u001b[2J")
                .doesNotContainPattern("(?m)^CONFORMANT");
    }

    @Test
    void escapeSequencesInTheStderrOfAnAgentThatCannotStartReachTheConsoleEscaped() throws Exception {
        HostileAgent agent = agent("hostile_exits_before_hello_with_escapes.py");

        int code = run(agent);

        assertThat(code).as(console()).isEqualTo(ExitCode.IMPLEMENTATION_NOT_STARTED);
        assertContained(agent);
        assertThat(err.toString()).contains("\\u001b]0;pwned\\u0007").doesNotContainPattern("(?m)^CONFORMANT");
    }

    @Test
    void grandchildrenOfAnAgentThatEndsCleanlyAtByeAreEnded() throws Exception {
        HostileAgent agent = agent("hostile_grandchildren_outlive_bye.py");

        int code = run(agent);

        assertThat(code).as(console()).isEqualTo(ExitCode.NOT_CONFORMANT);
        assertContained(agent);
    }

    @Test
    void grandchildrenOfAnAgentThatExitsMidRunAreEnded() throws Exception {
        HostileAgent agent = agent("hostile_grandchildren_outlive_exit.py");

        int code = run(agent);

        assertThat(code).as(console()).isEqualTo(ExitCode.NOT_CONFORMANT);
        assertContained(agent);
        assertThat(out.toString()).contains("crashed (exit code 0)");
    }

    @Test
    void processesThatLeaveTheSessionAndClearTheirEnvironmentAreEnded() throws Exception {
        assumeTrue(Containment.chosen().holdsEscapees(),
                "this system gives agents no PID namespace (" + Containment.chosen() + "): docs/protocol.md, Processes");
        HostileAgent agent = agent("hostile_double_fork_escapes.py");

        int code = run(agent, "--jobs", "4");

        assertThat(code).as(console()).isEqualTo(ExitCode.NOT_CONFORMANT);
        assertContained(agent);
    }

    @Test
    void aTimeoutNoClockCanHoldIsRefusedWithTheValidRange() throws Exception {
        HostileAgent agent = agent("hostile_agent.py");

        int code = run(agent, "--timeout", "10000000h");

        assertThat(code).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("[10000000h] is out of range: give one from 1 ms to 3600 s");
        assertContained(agent);
    }

    @Test
    void aSecondRunIntoAFolderInUseStopsAtOnceNamingFolderAndHolder() throws Exception {
        Path folder = root.resolve("reports").resolve("busy");
        HostileAgent agent = agent("hostile_agent.py");
        try (OutputLock held = OutputLock.acquire(folder, holder -> {})) {
            int code = run(agent, "--out", folder.toString());

            assertThat(code).isEqualTo(ExitCode.USAGE);
            assertThat(err.toString()).contains("output folder [" + folder + "] is in use by another run (asyncio-tck pid "
                    + ProcessHandle.current().pid());
        }
        assertThat(folder.resolve(org.asynciotck.runner.ConformanceRun.CUCUMBER_HTML)).doesNotExist();
        assertContained(agent);
    }

    @Test
    void aStaleLockOfAKilledRunIsTakenOver() throws Exception {
        Path folder = Files.createDirectories(root.resolve("reports").resolve("stale"));
        Files.writeString(folder.resolve(OutputLock.FILE), "asyncio-tck pid 999999999, started long ago\n");
        HostileAgent agent = agent("hostile_agent.py");

        int code = run(agent, "--out", folder.toString());

        assertThat(code).as(console()).isEqualTo(ExitCode.NOT_CONFORMANT);
        assertThat(err.toString()).contains("had a stale lock (asyncio-tck pid 999999999, started long ago");
        assertThat(folder.resolve(OutputLock.FILE)).isEmptyFile(); // emptied, never deleted (OutputLock)
        assertContained(agent);
    }

    /**
     * A second reply to close_session is never the verdict of the next scenario: with the sync barrier, and
     * with the quiet window of an agent without it, which the run's output names once. (That the closing
     * session gets it is HostileSessionTest's case: here every scenario already fails on the hostile agent's
     * outcomes, and a scenario's first failure is its verdict.)
     */
    @Test
    void aSecondReplyAfterCloseIsNeverTheVerdictOfTheNextScenario() throws Exception {
        for (boolean withoutSync : new boolean[] {false, true}) {
            out.getBuffer().setLength(0);
            err.getBuffer().setLength(0);
            Path mark = root.resolve("mark-" + withoutSync);
            HostileAgent agent = agent("hostile_replies_after_one_close.py").with("HOSTILE_MARK", mark.toString());
            if (withoutSync) {
                agent.with("HOSTILE_WITHOUT_SYNC", "1");
            }
            Path folder = root.resolve("reports").resolve("after-close-" + withoutSync);

            int code = run(agent, "--out", folder.toString());

            assertThat(code).as(console()).isEqualTo(ExitCode.NOT_CONFORMANT);
            assertThat(mark).as("the agent sent its second reply").exists();
            String junit = Files.readString(folder.resolve(org.asynciotck.runner.ConformanceRun.CUCUMBER_JUNIT_XML));
            assertThat(junit.split("<testcase ").length).as(junit).isGreaterThan(2);
            // A line blamed on the next request reads "... a line that no request asked for, after its reply to ..."
            assertThat(junit).as("no scenario is blamed for the closed session's line").doesNotContain("after its reply");
            String notice = "answers sync with protocol_error";
            assertThat(err.toString().split(notice, -1).length - 1).as(console()).isEqualTo(withoutSync ? 1 : 0);
            HostileAgent.assertNothingOutside(root, "reports", "mark-false", "mark-true");
            agent.assertNoProcessLeft();
        }
    }

    /** The misbehaviours that already became the right verdict before issue 9; they must keep doing so. */
    @Test
    void misbehavioursThatAlreadyHeldStillBecomeTheirVerdicts() throws Exception {
        expect("hostile_kills_itself.py", "crashed (signal 9)");
        expect("hostile_exits_zero_mid_run.py", "crashed (exit code 0)");
        expect("hostile_garbage.py", "not a JSON object");
        expect("hostile_floods_stderr.py", "MUST failures");
        expect("hostile_ignores_sigterm.py", "timed out after 1 s");
    }

    private void expect(String script, String inSummary) throws Exception {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        HostileAgent agent = agent(script);
        Path folder = root.resolve("reports").resolve(script);

        int code = run(agent, "--out", folder.toString(), "--timeout", "1s", "--tags", "@NTODO-2");

        assertThat(code).as(script + ": " + console()).isEqualTo(ExitCode.NOT_CONFORMANT);
        assertThat(out.toString()).as(script).contains(inSummary);
        assertContained(agent);
    }

    private HostileAgent agent(String script) {
        assumeTrue(Files.isDirectory(Path.of("/proc")), "needs /proc to find what a hostile agent left running");
        HostileAgent agent = new HostileAgent(script);
        started.add(agent);
        return agent;
    }

    private int run(HostileAgent agent, String... extra) {
        List<String> args = new ArrayList<>(List.of("run", "--impl", "process", "--command", agent.command(),
                "--no-allure-html"));
        args.addAll(List.of(extra));
        if (!args.contains("--tags")) {
            args.addAll(List.of("--tags", TAGS));
        }
        RunCommand.RunSettings settings = new RunCommand.RunSettings(RunConfiguration.DEFAULT_FEATURES_FOLDER,
                RunConfiguration.DEFAULT_GLUE_PACKAGE, root.resolve("reports"));
        return Main.execute(args.toArray(String[]::new), ImplementationFactory.standard(), settings,
                new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private void assertContained(HostileAgent agent) throws Exception {
        agent.assertNoProcessLeft();
        HostileAgent.assertNothingOutside(root, "reports");
        HostileAgent.assertNoEscapes(out.toString());
        HostileAgent.assertNoEscapes(err.toString());
    }

    private String console() {
        return "stdout:\n" + out + "\nstderr:\n" + err;
    }

}
