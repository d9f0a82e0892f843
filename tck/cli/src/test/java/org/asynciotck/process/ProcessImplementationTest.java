package org.asynciotck.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.asynciotck.spi.Event;
import org.asynciotck.spi.ImplementationFailure;
import org.asynciotck.spi.ImplementationInfo;
import org.asynciotck.spi.ImplementationFailure.Kind;
import org.asynciotck.spi.LoopSession;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The adapter against fake agents. Every misbehaving fake misbehaves in its first process only
 * (a marker file), so each test also shows that the following session gets a fresh, working agent.
 */
class ProcessImplementationTest {

    @Test
    void aFreshAgentWhoseNotesAloneDifferDescribesTheSameImplementationButNotOneWithOtherCapabilities() {
        // trio-asyncio's note quotes a greenlet error naming object addresses, which differ in every process
        ImplementationInfo first = info(java.util.Set.of("uninitialised-task"),
                java.util.Map.of("handle-internals", "probe raised error: <greenlet object at 0x7fbe5ab05340>"));
        ImplementationInfo again = info(java.util.Set.of("uninitialised-task"),
                java.util.Map.of("handle-internals", "probe raised error: <greenlet object at 0x7fd08603c980>"));
        assertThat(ProcessImplementation.describesTheSame(again, first)).isTrue();
        assertThat(ProcessImplementation.describesTheSame(info(java.util.Set.of(), java.util.Map.of()), first)).isFalse();
    }

    private static ImplementationInfo info(java.util.Set<String> capabilities, java.util.Map<String, String> notes) {
        return new ImplementationInfo("x-py3.12", "x Loop", "1", "3.12.1", org.asynciotck.spi.ApiLevel.parse("3.12"),
                capabilities, org.asynciotck.spi.Profiles.stock(), "x-py3.12", notes);
    }


    private static final Operation CALL_SOON = new Operation.CallSoon("a", List.of(), "h");

    @TempDir
    Path tmp;

    @Test
    void wellBehavedAgentServesSessionAfterSessionFromOneProcess() {
        long pid;
        try (ProcessImplementation impl = new ProcessImplementation(FakeAgents.fake().build())) {
            String python = impl.info().python();
            assertThat(impl.info().id()).isEqualTo("cpython-" + python + "-c");
            assertThat(impl.info().capabilities()).containsExactly("ready-queue");
            pid = impl.agentPid().orElseThrow();
            try (LoopSession session = impl.openSession()) {
                assertThat(session.perform(CALL_SOON)).isEqualTo(Outcome.nothing());
                assertThat(session.perform(new Operation.Recorded()))
                        .isEqualTo(Outcome.value(List.of(Event.of("a", 1), new Event("n", 1, 0))));
            }
            try (LoopSession session = impl.openSession()) {
                assertThat(session.perform(CALL_SOON)).isEqualTo(Outcome.nothing());
            }
            assertThat(impl.agentPid()).hasValue(pid);
        }
        assertGone(pid);
    }

    @Test
    void onlyOneSessionAtATime() {
        try (ProcessImplementation impl = new ProcessImplementation(FakeAgents.fake().build())) {
            impl.openSession();
            assertThatThrownBy(impl::openSession).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("still open");
        }
    }

    @Test
    void givenIdIsReportedAsIs() {
        try (ProcessImplementation impl = new ProcessImplementation(FakeAgents.fake().id("my-loop").build())) {
            assertThat(impl.info().id()).isEqualTo("my-loop");
        }
    }

    @Test
    void crashBySignalIsReportedWithStderrAndTheNextSessionGetsAFreshAgent() {
        try (ProcessImplementation impl = misbehaving("crash", "--after", "2")) {
            long firstPid = impl.agentPid().orElseThrow();
            LoopSession session = impl.openSession();
            session.perform(CALL_SOON);
            session.perform(CALL_SOON);
            ImplementationFailure failure = failureOf(() -> session.perform(CALL_SOON));
            assertThat(failure.kind()).isEqualTo(Kind.CRASHED);
            assertThat(failure).hasMessageStartingWith("crashed (signal 11)").hasMessageContaining("call_soon");
            assertThat(failure.diagnostics()).contains("fake agent: crashing on perform 3");
            assertThatThrownBy(() -> session.perform(CALL_SOON)).isInstanceOf(IllegalStateException.class);
            session.close();

            assertFreshAgentWorks(impl, firstPid);
        }
    }

    @Test
    void exitIsReportedWithItsCode() {
        try (ProcessImplementation impl = misbehaving("exit")) {
            long firstPid = impl.agentPid().orElseThrow();
            ImplementationFailure failure = performOnceIn(impl);
            assertThat(failure.kind()).isEqualTo(Kind.CRASHED);
            assertThat(failure).hasMessageStartingWith("crashed (exit code 3)");
            assertFreshAgentWorks(impl, firstPid);
        }
    }

    @Test
    void hungAgentTimesOutAndItsWholeProcessTreeIsKilled() {
        AgentCommand command = FakeAgents.fake("--mode", "hang", "--marker", tmp.resolve("marker").toString())
                .operationTimeout(Duration.ofSeconds(1)).build();
        try (ProcessImplementation impl = new ProcessImplementation(command)) {
            long firstPid = impl.agentPid().orElseThrow();
            long start = System.nanoTime();
            ImplementationFailure failure = performOnceIn(impl);
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
            assertThat(failure.kind()).isEqualTo(Kind.TIMED_OUT);
            assertThat(failure).hasMessage("timed out after 1 s waiting for call_soon");
            Matcher child = Pattern.compile("child-pid (\\d+)").matcher(failure.diagnostics());
            assertThat(child.find()).as("the hung agent's stderr names its child: %s", failure.diagnostics()).isTrue();
            assertGone(firstPid);
            assertGone(Long.parseLong(child.group(1)));
            assertFreshAgentWorks(impl, firstPid);
        }
    }

    @Test
    void anImplementationWhoseFreshAgentsAllHangAtHelloIsGivenUpOnAfterThreeOfThem() {
        AgentCommand command = FakeAgents.fake("--mode", "crash", "--marker", tmp.resolve("marker").toString(),
                "--then-mode", "hang-at-hello").operationTimeout(Duration.ofSeconds(1))
                .handshakeTimeout(Duration.ofSeconds(1)).build();
        try (ProcessImplementation impl = new ProcessImplementation(command)) {
            assertThat(performOnceIn(impl).kind()).isEqualTo(Kind.CRASHED);
            for (int restart = 1; restart <= ProcessImplementation.RESTARTS_BEFORE_GIVING_UP; restart++) {
                assertThat(failureOf(impl::openSession)).hasMessageContaining("timed out after 1 s waiting for hello");
            }
            long start = System.nanoTime();
            for (int scenario = 0; scenario < 20; scenario++) {
                assertThat(failureOf(impl::openSession))
                        .hasMessageStartingWith("not restarted: the last 3 fresh agents failed their handshake")
                        .hasMessageContaining("waiting for hello")
                        .extracting(ImplementationFailure::kind).isEqualTo(Kind.TIMED_OUT);
            }
            assertThat(Duration.ofNanos(System.nanoTime() - start)).as("20 sessions that are not attempted")
                    .isLessThan(Duration.ofSeconds(1));
        }
    }

    @Test
    void garbageIsAProtocolErrorQuotingTheLine() {
        try (ProcessImplementation impl = misbehaving("garbage")) {
            long firstPid = impl.agentPid().orElseThrow();
            ImplementationFailure failure = performOnceIn(impl);
            assertThat(failure.kind()).isEqualTo(Kind.PROTOCOL_ERROR);
            assertThat(failure).hasMessage("agent sent a line that is not a JSON object: \"this is not json \\u0001 {\"");
            assertFreshAgentWorks(impl, firstPid);
        }
    }

    @Test
    void hugeLineIsAProtocolErrorWithoutReadingItAll() {
        try (ProcessImplementation impl = misbehaving("huge")) {
            long firstPid = impl.agentPid().orElseThrow();
            ImplementationFailure failure = performOnceIn(impl);
            assertThat(failure.kind()).isEqualTo(Kind.PROTOCOL_ERROR);
            assertThat(failure).hasMessageStartingWith("reply to call_soon is longer than 1048576 bytes: \"xxxx")
                    .hasMessageEndingWith("\"... (1048576 bytes)");
            assertThat(failure.getMessage()).hasSizeLessThan(400);
            assertFreshAgentWorks(impl, firstPid);
        }
    }

    @Test
    void replyWithTheWrongSeqIsAProtocolError() {
        try (ProcessImplementation impl = misbehaving("wrong-seq")) {
            long firstPid = impl.agentPid().orElseThrow();
            ImplementationFailure failure = performOnceIn(impl);
            assertThat(failure.kind()).isEqualTo(Kind.PROTOCOL_ERROR);
            // hello 1, sync 2 (the handshake's barrier probe), open_session 3, perform 4
            assertThat(failure).hasMessageStartingWith("reply to call_soon carries seq 5 instead of 4: \"{");
            assertFreshAgentWorks(impl, firstPid);
        }
    }

    @Test
    void replyOfTheWrongTypeIsAProtocolError() {
        try (ProcessImplementation impl = misbehaving("wrong-type")) {
            long firstPid = impl.agentPid().orElseThrow();
            ImplementationFailure failure = performOnceIn(impl);
            assertThat(failure.kind()).isEqualTo(Kind.PROTOCOL_ERROR);
            assertThat(failure).hasMessageStartingWith("reply to call_soon has type [ok] instead of [outcome]");
            assertFreshAgentWorks(impl, firstPid);
        }
    }

    @Test
    void unreadableOutcomeIsAProtocolError() {
        try (ProcessImplementation impl = misbehaving("bad-outcome")) {
            long firstPid = impl.agentPid().orElseThrow();
            ImplementationFailure failure = performOnceIn(impl);
            assertThat(failure.kind()).isEqualTo(Kind.PROTOCOL_ERROR);
            assertThat(failure).hasMessageContaining("unreadable outcome").hasMessageContaining("weird");
            assertFreshAgentWorks(impl, firstPid);
        }
    }

    @Test
    void protocolErrorReplyIsReportedAndTheAgentStays() {
        try (ProcessImplementation impl = misbehaving("protocol-error")) {
            long pid = impl.agentPid().orElseThrow();
            ImplementationFailure failure = performOnceIn(impl);
            assertThat(failure.kind()).isEqualTo(Kind.PROTOCOL_ERROR);
            assertThat(failure).hasMessage("agent did not understand call_soon: unknown op call_soon");
            try (LoopSession session = impl.openSession()) {
                // The fake misbehaves on every perform; that it answers at all shows it is the same agent.
                assertThatThrownBy(() -> session.perform(CALL_SOON)).isInstanceOf(ImplementationFailure.class);
            }
            assertThat(impl.agentPid()).hasValue(pid);
        }
    }

    @Test
    void agentExitingBeforeHelloIsUnavailableWithItsStderr() {
        assertThatThrownBy(() -> new ProcessImplementation(FakeAgents.fake("--mode", "exit-before-hello").build()))
                .isInstanceOf(ImplementationUnavailable.class)
                .hasMessageContaining("exited before answering hello")
                .hasMessageContaining("exit code 3")
                .hasMessageContaining("uvloop is not installed");
    }

    @Test
    void handshakeIsBounded() {
        AgentCommand command = FakeAgents.fake("--mode", "hang-at-hello")
                .handshakeTimeout(Duration.ofSeconds(1)).build();
        assertThatThrownBy(() -> new ProcessImplementation(command))
                .isInstanceOf(ImplementationUnavailable.class)
                .hasMessageContaining("timed out after 1 s waiting for hello");
    }

    @Test
    void agentOfAnotherProtocolIsRefusedNamingBothNumbers() {
        assertThatThrownBy(() -> new ProcessImplementation(FakeAgents.fake("--protocol", "2").build()))
                .isInstanceOf(ImplementationUnavailable.class)
                .hasMessageContaining("agent speaks protocol 2, this kit speaks protocol 1");
    }

    @Test
    void closeKillsAnAgentThatDoesNotExitAfterBye() {
        ProcessImplementation impl = new ProcessImplementation(FakeAgents.fake("--mode", "linger-after-bye").build());
        long pid = impl.agentPid().orElseThrow();
        long start = System.nanoTime();
        impl.close();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(6));
        assertGone(pid);
    }

    @Test
    void benchmarkReturnsTheAgentsTimings() {
        try (ProcessImplementation impl = new ProcessImplementation(FakeAgents.fake().build());
                ProcessSession session = (ProcessSession) impl.openSession()) {
            assertThat(session.benchmark(new Operation.FutureDone("f"), 5)).containsExactly(1e-6, 1e-6, 1e-6, 1e-6, 1e-6);
        }
    }

    private ProcessImplementation misbehaving(String mode, String... more) {
        List<String> options = new ArrayList<>(
                List.of("--mode", mode, "--marker", tmp.resolve("marker").toString()));
        options.addAll(List.of(more));
        return new ProcessImplementation(FakeAgents.fake(options.toArray(String[]::new)).build());
    }

    /** Opens a session and performs one call_soon, which the misbehaving fake answers badly. */
    private static ImplementationFailure performOnceIn(ProcessImplementation impl) {
        try (LoopSession session = impl.openSession()) {
            return failureOf(() -> session.perform(CALL_SOON));
        }
    }

    private static ImplementationFailure failureOf(Runnable action) {
        ImplementationFailure failure = catchThrowableOfType(ImplementationFailure.class, action::run);
        assertThat(failure).as("an ImplementationFailure").isNotNull();
        return failure;
    }

    private static void assertFreshAgentWorks(ProcessImplementation impl, long failedPid) {
        try (LoopSession session = impl.openSession()) {
            assertThat(session.perform(CALL_SOON)).isEqualTo(Outcome.nothing());
            assertThat(session.perform(CALL_SOON)).isEqualTo(Outcome.nothing());
            assertThat(session.perform(CALL_SOON)).isEqualTo(Outcome.nothing());
        }
        assertThat(impl.agentPid().orElseThrow()).as("a fresh agent").isNotEqualTo(failedPid);
    }

    /**
     * Bounded poll until the process is dead. A killed process whose parent is gone may stay a
     * zombie until the container's init reaps it; a zombie runs nothing, so it counts as gone.
     */
    static void assertGone(long pid) {
        long deadline = System.nanoTime() + Duration.ofSeconds(3).toNanos();
        while (runs(pid) && System.nanoTime() < deadline) {
            LockSupport.parkNanos(Duration.ofMillis(10).toNanos());
        }
        assertThat(runs(pid)).as("process %d is still running", pid).isFalse();
    }

    private static boolean runs(long pid) {
        if (!ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            return false;
        }
        try {
            // /proc/<pid>/stat: "pid (comm) state ..."; comm may contain spaces, so look after the last ')'.
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
        } catch (IOException e) {
            return !Files.isDirectory(Path.of("/proc")); // no procfs: trust isAlive()
        }
    }
}
