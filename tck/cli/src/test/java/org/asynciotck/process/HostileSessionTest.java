package org.asynciotck.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.asynciotck.spi.ImplementationFailure;
import org.asynciotck.spi.LoopSession;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Hostile agents (tck/cli/src/test/resources/hostile/) whose misbehaviour is about one session. */
@Timeout(60)
class HostileSessionTest {

    private static final Operation CALL_SOON = new Operation.CallSoon("a", List.of(), "h");

    /** The barrier: the stray line arrives before the reply to the sync that follows close_session. */
    @Test
    void aSecondReplyToCloseSessionIsBlamedOnTheSessionJustClosedNotOnTheNext() throws Exception {
        try (ProcessImplementation impl = new ProcessImplementation(hostile("hostile_replies_after_close.py"))) {
            assertThat(impl.protocolNotice()).isEmpty();
            assertBlamedOnTheClosedSession(impl, "before its reply to the sync that followed");
        }
    }

    /** An agent older than the barrier: the quiet window after close_session still catches the stray line. */
    @Test
    void anAgentWithoutSyncIsStillCaughtByTheQuietWindowAndSaysSo() throws Exception {
        try (ProcessImplementation impl = new ProcessImplementation(
                hostile("hostile_replies_after_close_without_sync.py"))) {
            assertThat(impl.protocolNotice()).hasValueSatisfying(notice -> assertThat(notice)
                    .contains("answers sync with protocol_error").contains("20 ms"));
            assertBlamedOnTheClosedSession(impl, "before any request");
        }
    }

    private static void assertBlamedOnTheClosedSession(ProcessImplementation impl, String when) throws Exception {
        long first = impl.agentPid().orElseThrow();
        LoopSession misbehaving = impl.openSession();
        misbehaving.perform(CALL_SOON);

        ImplementationFailure failure = catchThrowableOfType(ImplementationFailure.class, misbehaving::close);

        assertThat(failure).isNotNull();
        assertThat(failure.kind()).isEqualTo(ImplementationFailure.Kind.PROTOCOL_ERROR);
        // hello 1, sync 2 (the handshake's probe), open_session 3, perform 4, close_session 5
        assertThat(failure.getMessage()).contains("after its reply to close_session, " + when)
                .contains("{\\\"seq\\\": 5, \\\"type\\\": \\\"ok\\\"}");
        ProcessImplementationTest.assertGone(first);
        // The next session is not blamed: a fresh agent answers (and misbehaves again at its own close).
        LoopSession next = impl.openSession();
        assertThat(next.perform(CALL_SOON)).isEqualTo(Outcome.nothing());
        assertThat(catchThrowableOfType(ImplementationFailure.class, next::close)).isNotNull();
    }

    @Test
    void aTimeoutOutsideItsBoundsIsRefusedWithTheRange() {
        var builder = AgentCommand.commandLine("true");
        Throwable tooLong = catchThrowableOfType(IllegalArgumentException.class,
                () -> builder.operationTimeout(Duration.ofHours(2)));
        assertThat(tooLong).hasMessage("operation timeout must be from 1 ms to 3600 s: PT2H");
    }

    private static AgentCommand hostile(String script) throws URISyntaxException {
        Path path = Path.of(HostileSessionTest.class.getResource("/hostile/" + script).toURI());
        return AgentCommand.commandLine(FakeAgents.python(), path.toString())
                .operationTimeout(Duration.ofSeconds(5)).handshakeTimeout(Duration.ofSeconds(5)).build();
    }
}
