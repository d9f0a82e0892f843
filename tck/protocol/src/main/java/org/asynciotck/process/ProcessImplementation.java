package org.asynciotck.process;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import org.asynciotck.spi.ImplementationFailure;
import org.asynciotck.spi.ImplementationFailure.Kind;
import org.asynciotck.spi.ImplementationInfo;
import org.asynciotck.spi.LoopImplementation;
import org.asynciotck.spi.LoopSession;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.OperationUnsupported;
import org.asynciotck.spi.Outcome;

/**
 * An implementation that lives in another process and is driven through an agent speaking
 * docs/protocol.md.
 *
 * <p>One agent serves session after session while it is healthy. When it crashes, hangs or
 * breaks the protocol, the failing call throws {@link ImplementationFailure} (the scenario's
 * verdict), the agent is killed, and the next {@link #openSession()} starts a fresh one and
 * repeats the handshake: the run goes on whatever the implementation does.
 */
public final class ProcessImplementation implements LoopImplementation {

    /**
     * How many fresh agents in a row may fail their handshake before the kit stops starting new
     * ones (docs/threads-and-time.md): enough to ride out one unlucky start, few enough that a
     * loop that cannot be restarted costs a few handshake bounds, not one per scenario.
     */
    static final int RESTARTS_BEFORE_GIVING_UP = 3;

    /** How many characters of the agent's stderr an {@link ImplementationUnavailable} message quotes. */
    private static final int STDERR_IN_MESSAGE = 2000;

    private final AgentCommand command;
    private final ObjectMapper json = ProtocolJson.newMapper();
    private final List<String> argv;
    /** The bundled agent written to a temporary file, or null when none was written. */
    private final Path extractedScript;
    private final ImplementationInfo info;
    /** The current agent; null after close() or when starting a fresh one failed. */
    private volatile AgentProcess agent;
    private ProcessSession session;
    private boolean closed;
    /** Whether the first agent answered {@code sync}; null before its handshake. Every fresh agent must agree. */
    private Boolean answersSync;
    /** Fresh agents in a row whose start or handshake failed, and the last such failure (or null). */
    private int failedRestartsInARow;
    private ImplementationFailure lastFailedRestart;

    /**
     * Starts the agent and performs the handshake.
     *
     * @throws ImplementationUnavailable when the interpreter is missing or too old, the agent
     *     cannot be started, or it fails the handshake (for example: exits saying its loop is
     *     not installed, or speaks another protocol version)
     */
    public ProcessImplementation(AgentCommand command) {
        this.command = Objects.requireNonNull(command, "command");
        Path script = null;
        if (command.python().isPresent()) {
            PythonProbe.requireSupported(command.python().get(), command.handshakeTimeout());
            script = command.agentScript().orElse(null);
        }
        this.extractedScript = command.python().isPresent() && script == null ? AgentScript.extract() : null;
        this.argv = command.argv(script != null ? script : extractedScript);
        try {
            this.agent = startAgent();
            this.info = handshake(agent);
        } catch (ImplementationFailure e) {
            deleteScript();
            throw unavailable(e);
        }
    }

    @Override
    public ImplementationInfo info() {
        return info;
    }

    /**
     * What the run's output should say once about this agent's protocol, or empty: an agent that refuses
     * the barrier request {@code sync} costs every scenario the quiet window after {@code close_session}.
     */
    public java.util.Optional<String> protocolNotice() {
        return Boolean.FALSE.equals(answersSync)
                ? java.util.Optional.of("the agent answers sync with protocol_error (an agent older than the"
                        + " barrier, docs/protocol.md \"Sync\"): each close_session is followed by "
                        + Durations.describe(AgentProcess.QUIET_AFTER_CLOSE) + " of listening instead")
                : java.util.Optional.empty();
    }

    @Override
    public java.time.Duration operationBound() {
        return command.operationTimeout().compareTo(command.handshakeTimeout()) >= 0
                ? command.operationTimeout() : command.handshakeTimeout();
    }

    /**
     * Sends {@code open_session} to the current agent, or to a fresh one when the last failed.
     *
     * @throws ImplementationFailure when the agent (or the fresh one) fails
     * @throws IllegalStateException when a session is still open or this implementation is closed
     */
    @Override
    public synchronized LoopSession openSession() {
        if (closed) {
            throw new IllegalStateException("implementation " + info.id() + " is closed");
        }
        if (session != null && session.isOpen()) {
            throw new IllegalStateException("a session on " + info.id() + " is still open; the protocol allows one"
                    + " at a time");
        }
        AgentProcess current = usableAgent();
        current.exchange(Request.openSession(), command.operationTimeout());
        session = new ProcessSession(current, json, command.operationTimeout());
        return session;
    }

    /**
     * Performs a whole program in one round trip (the protocol's {@code program} request, docs/protocol.md):
     * the agent opens a fresh session of its own, performs every operation in order, closes the session and
     * answers every outcome; the outcome of {@code recorded} is a list of events, as {@code perform} gives it.
     * The same as opening a session, performing each operation and closing it, without a round trip per
     * operation and without the quiet period after {@code close_session}: a line the agent sends after this
     * reply is the next request's protocol error. Bounded by the operation timeout times the number of
     * operations.
     *
     * @throws ImplementationFailure when the agent fails (it is replaced by the next call)
     * @throws OperationUnsupported when the agent does not support one of the operations (nothing ran)
     * @throws IllegalStateException when a session is open or this implementation is closed
     */
    @Override
    public synchronized List<Outcome> runProgram(List<Operation> operations) {
        if (closed) {
            throw new IllegalStateException("implementation " + info.id() + " is closed");
        }
        if (session != null && session.isOpen()) {
            throw new IllegalStateException("a session on " + info.id() + " is still open; a program runs in a"
                    + " session of its own");
        }
        AgentProcess current = usableAgent();
        Duration bound = command.operationTimeout().multipliedBy(Math.max(1, operations.size()));
        JsonNode outcomes = current.exchange(Request.program(operations), bound).get("outcomes");
        if (outcomes == null || !outcomes.isArray() || outcomes.size() != operations.size()) {
            throw current.fail(Kind.PROTOCOL_ERROR, "reply to a program of " + operations.size()
                    + " operations needs as many outcomes: " + Snippet.of(String.valueOf(outcomes)
                    .getBytes(StandardCharsets.UTF_8)));
        }
        List<Outcome> read = new ArrayList<>(operations.size());
        for (int i = 0; i < operations.size(); i++) {
            try {
                read.add(ProcessSession.read(json, operations.get(i), outcomes.get(i)));
            } catch (ProcessSession.Unreadable e) {
                throw current.fail(Kind.PROTOCOL_ERROR, e.getMessage() + " (operation " + (i + 1) + " of the program): "
                        + Snippet.of(String.valueOf(outcomes.get(i)).getBytes(StandardCharsets.UTF_8)));
            }
        }
        return read;
    }

    /** The current agent, or a fresh one when the last failed. */
    private AgentProcess usableAgent() {
        AgentProcess current = agent;
        if (current == null || !current.usable()) {
            if (current != null) {
                current.killTree();
            }
            agent = null;
            current = restart();
            agent = current;
        }
        return current;
    }

    /** Closes the open session, says {@code bye} to the agent (killing it if it lingers), deletes the script. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (session != null) {
            session.close();
        }
        AgentProcess current = agent;
        agent = null;
        if (current != null) {
            current.shutDown(command.operationTimeout());
        }
        deleteScript();
    }

    /**
     * A fresh agent after a handshake, unless the last {@link #RESTARTS_BEFORE_GIVING_UP} fresh agents
     * all failed theirs: then the implementation cannot be restarted, and every later session fails
     * at once with the last failure, instead of each scenario paying a handshake bound again.
     */
    private AgentProcess restart() {
        if (lastFailedRestart != null && failedRestartsInARow >= RESTARTS_BEFORE_GIVING_UP) {
            throw new ImplementationFailure(lastFailedRestart.kind(), "not restarted: the last "
                    + failedRestartsInARow + " fresh agents failed their handshake; the last one: "
                    + lastFailedRestart.getMessage(), lastFailedRestart.diagnostics());
        }
        AgentProcess fresh = null;
        try {
            fresh = startAgent();
            ImplementationInfo again = handshake(fresh);
            if (!again.equals(info)) {
                throw fresh.fail(Kind.PROTOCOL_ERROR, "the fresh agent describes " + again
                        + ", the first one described " + info);
            }
            failedRestartsInARow = 0;
            lastFailedRestart = null;
            return fresh;
        } catch (ImplementationFailure e) {
            failedRestartsInARow++;
            lastFailedRestart = e;
            throw e;
        }
    }

    /** The current agent's process id, for tests that check whether an agent was replaced. */
    OptionalLong agentPid() {
        AgentProcess current = agent;
        return current == null ? OptionalLong.empty() : OptionalLong.of(current.pid());
    }

    private AgentProcess startAgent() {
        try {
            return AgentProcess.start(argv, command.environment(), json);
        } catch (IOException e) {
            throw new ImplementationFailure(Kind.CRASHED, "could not start the agent " + argv + ": "
                    + e.getMessage(), "");
        }
    }

    /** {@code hello}, then the {@code sync} probe (docs/protocol.md, "Sync"). */
    private ImplementationInfo handshake(AgentProcess candidate) {
        try {
            ImplementationInfo described = HelloReply.read(candidate.exchange(Request.hello(),
                    command.handshakeTimeout()), command.id().orElse(null), command.variant().orElse(null));
            boolean barrier = candidate.probeBarrier(command.handshakeTimeout());
            if (answersSync == null) {
                answersSync = barrier;
            } else if (answersSync != barrier) {
                throw candidate.fail(Kind.PROTOCOL_ERROR, "the fresh agent " + (barrier ? "answers" : "refuses")
                        + " sync, the first one " + (answersSync ? "answered" : "refused") + " it");
            }
            return described;
        } catch (HelloReply.Unusable e) {
            throw candidate.fail(Kind.PROTOCOL_ERROR, e.getMessage());
        } catch (ImplementationFailure e) {
            // A protocol_error reply to hello leaves the agent running, but there is no use for it.
            candidate.killTree();
            throw e;
        }
    }

    private ImplementationUnavailable unavailable(ImplementationFailure failure) {
        String what = failure.kind() == Kind.CRASHED
                ? "exited before answering hello: " + failure.getMessage()
                : "failed the hello handshake: " + failure.getMessage();
        String stderr = failure.diagnostics().strip();
        if (stderr.length() > STDERR_IN_MESSAGE) {
            stderr = "..." + stderr.substring(stderr.length() - STDERR_IN_MESSAGE);
        }
        return new ImplementationUnavailable("the agent (" + command + ") " + what
                + (stderr.isEmpty() ? "" : "; its stderr ends with:\n" + stderr), failure.diagnostics(), failure);
    }

    private void deleteScript() {
        if (extractedScript != null) {
            try {
                Files.deleteIfExists(extractedScript);
            } catch (IOException e) {
                // deleteOnExit() was registered too; a leftover temp file is harmless.
            }
        }
    }
}
