package org.asynciotck.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code asyncio-tck smoke}: does an agent speak the protocol, and which operations does it answer.
 * The kit's own agent on stock asyncio and with a loop factory that declares an operation unsupported,
 * hostile agents (escapes in everything they say, a hang at hello), and the usage errors.
 */
class SmokeCommandTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private final List<HostileAgent> started = new ArrayList<>();

    @AfterEach
    void killLeftovers() {
        started.forEach(HostileAgent::killSurvivors);
    }

    @Test
    @Timeout(120)
    void theKitsAgentOnStockAsyncioAnswersEveryOperation() {
        int code = smoke("--python", python());

        assertThat(code).as(console()).isEqualTo(ExitCode.CONFORMANT);
        assertThat(out.toString())
                .contains("hello: CPython asyncio 3.12.1 (cpython-3.12.1-c), API level 3.12")
                .contains("  ok     one iteration runs the callbacks that were ready, in order")
                .containsPattern("operations: (\\d+) probed, each in a fresh session: \\1 answered, 0 unsupported,"
                        + " 0 not understood, 0 failed, 0 not probed")
                .contains("select_timeout").contains("smoke: OK, speaks protocol 1");
    }

    @Test
    @Timeout(120)
    void anOperationTheLoopDeclaresUnsupportedIsListedWithItsReason() {
        int code = smoke("--python", python(), "--loop-factory", "partial_loops:without_select_timeout",
                "--python-path", folder("/unsupported/partial_loops.py").toString());

        assertThat(code).as(console()).isEqualTo(ExitCode.CONFORMANT);
        assertThat(out.toString()).contains(", 1 unsupported, 0 not understood")
                .contains("  unsupported: select_timeout: this loop's selector cannot be probed");
    }

    @Test
    @Timeout(120)
    void whatAHostileAgentSaysReachesTheConsoleEscaped() throws Exception {
        HostileAgent agent = hostile("hostile_unsupported_escapes.py");

        int code = smoke("--command", agent.command(), "--timeout", "5s");

        assertThat(code).as(console()).isEqualTo(ExitCode.NOT_CONFORMANT);
        HostileAgent.assertNoEscapes(out.toString());
        HostileAgent.assertNoEscapes(err.toString());
        assertThat(out.toString()).contains("\\u001b]0;pwned\\u0007").contains("\\u202e")
                .doesNotContainPattern("(?m)^smoke: OK").contains("smoke: NOT OK");
        agent.assertNoProcessLeft();
    }

    /**
     * The checks take this agent's first seven performs (it answers "nothing", so the second check
     * stops after two); the 8th to 13th make the first probe's names, the 14th is call_soon itself,
     * the 15th to 20th make the second probe's (call_soon_threadsafe's). One wrong reply while a
     * probe's names are made breaks that agent, not the probe.
     */
    @Test
    @Timeout(120)
    void aBadReplyWhileAProbeIsSetUpIsRetriedOnAFreshAgent() throws Exception {
        HostileAgent agent = hostile("hostile_wrong_seq_once.py").with("HOSTILE_BREAK_AT", "18")
                .with("HOSTILE_ONCE", Files.createTempDirectory("smoke").resolve("once").toString());

        int code = smoke("--command", agent.command(), "--timeout", "5s");

        assertThat(code).as(console()).isEqualTo(ExitCode.NOT_CONFORMANT); // the checks: it answers "nothing"
        assertThat(out.toString()).as(console())
                .containsPattern("operations: (\\d+) probed, each in a fresh session: \\1 answered, 0 unsupported,"
                        + " 0 not understood, 0 failed, 0 not probed")
                .doesNotContain("unusable");
        agent.assertNoProcessLeft();
    }

    /** A reply that breaks the probed operation itself fails that probe alone, with what was wrong. */
    @Test
    @Timeout(120)
    void aBadReplyToTheProbedOperationFailsThatProbeAlone() throws Exception {
        HostileAgent agent = hostile("hostile_wrong_seq_once.py").with("HOSTILE_BREAK_AT", "14")
                .with("HOSTILE_ONCE", Files.createTempDirectory("smoke").resolve("once").toString());

        int code = smoke("--command", agent.command(), "--timeout", "5s");

        assertThat(code).as(console()).isEqualTo(ExitCode.NOT_CONFORMANT);
        assertThat(out.toString()).as(console()).contains(", 0 not understood, 1 failed, 0 not probed")
                .contains("failed: call_soon: protocol error: reply to call_soon carries seq")
                .doesNotContain("unusable");
        agent.assertNoProcessLeft();
    }

    @Test
    @Timeout(60)
    void anAgentThatHangsAtHelloCouldNotBeStartedWithinTheBound() throws Exception {
        HostileAgent agent = hostile("hostile_hangs_at_hello.py");

        int code = smoke("--command", agent.command(), "--timeout", "1s");

        assertThat(code).as(console()).isEqualTo(ExitCode.IMPLEMENTATION_NOT_STARTED);
        assertThat(err.toString()).contains("asyncio-tck smoke: ");
        agent.assertNoProcessLeft();
    }

    @Test
    void withoutAnAgentItIsAUsageError() {
        assertThat(smoke()).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("asyncio-tck smoke: name the agent to check: --command");
        assertThat(smoke("--command", "x", "--python", "python3")).isEqualTo(ExitCode.USAGE);
    }

    private int smoke(String... args) {
        List<String> line = new ArrayList<>(List.of("smoke"));
        line.addAll(List.of(args));
        return Main.execute(line.toArray(String[]::new), ImplementationFactory.standard(),
                RunCommand.RunSettings.standard(), new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private HostileAgent hostile(String script) {
        assumeTrue(Files.isDirectory(Path.of("/proc")), "needs /proc to find what a hostile agent left running");
        HostileAgent agent = new HostileAgent(script);
        started.add(agent);
        return agent;
    }

    private static String python() {
        String python = HostileAgent.python();
        assumeTrue(python.contains("3.12.1"), "no pyenv CPython 3.12.1 for the kit's agent");
        return python;
    }

    private static Path folder(String resource) {
        try {
            return Path.of(SmokeCommandTest.class.getResource(resource).toURI()).getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(resource + " is not a file on the test classpath", e);
        }
    }

    private String console() {
        return "stdout:\n" + out + "\nstderr:\n" + err;
    }
}
