package org.asynciotck.process;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;
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
 *
 * <p>Sessions side by side (scenarios run in parallel, docs/threads-and-time.md): the protocol
 * allows one session at a time per agent, so each session open at the same time has an agent of
 * its own, started with the same command when no idle one is left, and given back when the session
 * closes. A thread holds at most one session at a time. Agents share nothing but their first
 * handshake's description, which every fresh one must repeat; each has its own loop, conversation,
 * barrier and failures. {@link #close} ends every agent, and the kit's shutdown hook every one it
 * started ({@link LiveAgents}). One session at a time (the default) uses one agent, as before.
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
    /** Healthy agents in no session, the last given back first. Guarded by this. */
    private final Deque<AgentProcess> idle = new ArrayDeque<>();
    /** Every agent started and not yet ended by this implementation, idle or in a session. Guarded by this. */
    private final Set<AgentProcess> live = new HashSet<>();
    /** The process id of every agent this implementation started, for tests that check they all ended. Guarded by this. */
    private final List<Long> startedPids = new ArrayList<>();
    /** The open session of each thread that has one. Guarded by this. */
    private final Map<Thread, ProcessSession> openByThread = new HashMap<>();
    private boolean closed;
    /** Whether the first agent answered {@code sync}; null before its handshake. Every fresh agent must agree. */
    private volatile Boolean answersSync;
    /** Fresh agents in a row whose start or handshake failed, and the last such failure (or null). Guarded by this. */
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
        AgentProcess first;
        try {
            first = startAgent();
            this.info = handshake(first);
        } catch (ImplementationFailure e) {
            deleteScript();
            throw unavailable(e);
        }
        live.add(first);
        idle.push(first);
        startedPids.add(first.pid());
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
     * Sends {@code open_session} to an idle agent of this implementation, or to a fresh one when none is
     * idle (the last failed, or the other threads' sessions hold the others).
     *
     * @throws ImplementationFailure when the agent (or the fresh one) fails
     * @throws IllegalStateException when this thread's session is still open or this implementation is closed
     */
    @Override
    public LoopSession openSession() {
        requireNoSessionOnThisThread("the protocol allows one at a time");
        AgentProcess agent = take();
        try {
            agent.exchange(Request.openSession(), command.operationTimeout());
        } catch (RuntimeException e) {
            giveBack(agent);
            throw e;
        }
        ProcessSession session = new ProcessSession(agent, json, command.operationTimeout(), () -> sessionClosed(agent));
        synchronized (this) {
            openByThread.put(Thread.currentThread(), session);
        }
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
     * @throws IllegalStateException when this thread's session is open or this implementation is closed
     */
    @Override
    public List<Outcome> runProgram(List<Operation> operations) {
        requireNoSessionOnThisThread("a program runs in a session of its own");
        AgentProcess agent = take();
        try {
            return program(agent, operations);
        } finally {
            giveBack(agent);
        }
    }

    private List<Outcome> program(AgentProcess agent, List<Operation> operations) {
        Duration bound = command.operationTimeout().multipliedBy(Math.max(1, operations.size()));
        JsonNode outcomes = agent.exchange(Request.program(operations), bound).get("outcomes");
        if (outcomes == null || !outcomes.isArray() || outcomes.size() != operations.size()) {
            throw agent.fail(Kind.PROTOCOL_ERROR, "reply to a program of " + operations.size()
                    + " operations needs as many outcomes: " + Snippet.of(String.valueOf(outcomes)
                    .getBytes(StandardCharsets.UTF_8)));
        }
        List<Outcome> read = new ArrayList<>(operations.size());
        for (int i = 0; i < operations.size(); i++) {
            try {
                read.add(ProcessSession.read(json, operations.get(i), outcomes.get(i)));
            } catch (ProcessSession.Unreadable e) {
                throw agent.fail(Kind.PROTOCOL_ERROR, e.getMessage() + " (operation " + (i + 1) + " of the program): "
                        + Snippet.of(String.valueOf(outcomes.get(i)).getBytes(StandardCharsets.UTF_8)));
            }
        }
        return read;
    }

    private synchronized void requireNoSessionOnThisThread(String why) {
        if (closed) {
            throw new IllegalStateException("implementation " + info.id() + " is closed");
        }
        ProcessSession open = openByThread.get(Thread.currentThread());
        if (open != null && open.isOpen()) {
            throw new IllegalStateException("a session on " + info.id() + " is still open on this thread; " + why);
        }
    }

    /**
     * An idle usable agent, or a fresh one after its handshake (started outside the lock, so one thread's
     * restart does not hold up the others' sessions). Idle agents that died meanwhile are ended on the way.
     */
    private AgentProcess take() {
        List<AgentProcess> dead = new ArrayList<>();
        try {
            synchronized (this) {
                if (closed) {
                    throw new IllegalStateException("implementation " + info.id() + " is closed");
                }
                while (!idle.isEmpty()) {
                    AgentProcess candidate = idle.pop();
                    if (candidate.usable()) {
                        return candidate;
                    }
                    live.remove(candidate);
                    dead.add(candidate);
                }
                requireRestartable();
            }
        } finally {
            dead.forEach(AgentProcess::killTree);
        }
        AgentProcess fresh = restart();
        synchronized (this) {
            if (!closed) {
                live.add(fresh);
                return fresh;
            }
        }
        fresh.killTree(); // closed while it started: it must not outlive the implementation
        throw new IllegalStateException("implementation " + info.id() + " is closed");
    }

    /** Back to the idle agents when it can serve another session; ended otherwise. */
    private void giveBack(AgentProcess agent) {
        synchronized (this) {
            if (!closed && agent.usable()) {
                idle.push(agent);
                return;
            }
            live.remove(agent);
        }
        agent.killTree();
    }

    /** A session closed: its thread may open another, and its agent serves the next session. */
    private void sessionClosed(AgentProcess agent) {
        synchronized (this) {
            openByThread.values().removeIf(session -> session.agent() == agent);
        }
        giveBack(agent);
    }

    /**
     * Closes the open sessions, says {@code bye} to every agent (killing those that linger), deletes the
     * script. Not under the lock throughout: closing a session gives its agent back, which takes the lock.
     */
    @Override
    public void close() {
        List<ProcessSession> sessions;
        synchronized (this) {
            if (closed) {
                return;
            }
            sessions = new ArrayList<>(openByThread.values());
        }
        sessions.forEach(ProcessSession::close);
        List<AgentProcess> agents;
        synchronized (this) {
            closed = true;
            agents = new ArrayList<>(live);
            live.clear();
            idle.clear();
            openByThread.clear();
        }
        agents.forEach(agent -> agent.shutDown(command.operationTimeout()));
        deleteScript();
    }

    /** @throws ImplementationFailure once the last {@link #RESTARTS_BEFORE_GIVING_UP} fresh agents failed */
    private void requireRestartable() {
        if (lastFailedRestart != null && failedRestartsInARow >= RESTARTS_BEFORE_GIVING_UP) {
            throw new ImplementationFailure(lastFailedRestart.kind(), "not restarted: the last "
                    + failedRestartsInARow + " fresh agents failed their handshake; the last one: "
                    + lastFailedRestart.getMessage(), lastFailedRestart.diagnostics());
        }
    }

    /**
     * A fresh agent after a handshake, unless the last {@link #RESTARTS_BEFORE_GIVING_UP} fresh agents
     * all failed theirs: then the implementation cannot be restarted, and every later session fails
     * at once with the last failure, instead of each scenario paying a handshake bound again. The count
     * is the implementation's, whichever thread's agent failed.
     */
    /**
     * Whether a fresh agent's hello describes the implementation the first one did. The capability notes are
     * left out: they are diagnosis, in the loop's own words, and may name what changes from one process to
     * the next (an object's address in an error message: trio-asyncio's greenlet error does), while what the
     * kit decides with (capabilities, profiles, identity, ...) must not change.
     */
    static boolean describesTheSame(ImplementationInfo again, ImplementationInfo first) {
        return withoutNotes(again).equals(withoutNotes(first));
    }

    private static ImplementationInfo withoutNotes(ImplementationInfo info) {
        return new ImplementationInfo(info.id(), info.name(), info.version(), info.python(), info.apiLevel(),
                info.capabilities(), info.profiles(), info.identity(), java.util.Map.of());
    }

    private AgentProcess restart() {
        try {
            AgentProcess fresh = startAgent();
            synchronized (this) {
                startedPids.add(fresh.pid());
            }
            ImplementationInfo again = handshake(fresh);
            if (!describesTheSame(again, info)) {
                throw fresh.fail(Kind.PROTOCOL_ERROR, "the fresh agent describes " + again
                        + ", the first one described " + info);
            }
            synchronized (this) {
                failedRestartsInARow = 0;
                lastFailedRestart = null;
            }
            return fresh;
        } catch (ImplementationFailure e) {
            synchronized (this) {
                failedRestartsInARow++;
                lastFailedRestart = e;
            }
            throw e;
        }
    }

    /**
     * The process id of this thread's session's agent, else of the idle agent the next session gets; for
     * tests that check whether an agent was replaced.
     */
    synchronized OptionalLong agentPid() {
        ProcessSession open = openByThread.get(Thread.currentThread());
        if (open != null && open.isOpen()) {
            return OptionalLong.of(open.agent().pid());
        }
        AgentProcess next = idle.peek();
        return next == null ? OptionalLong.empty() : OptionalLong.of(next.pid());
    }

    /** How many agents this implementation has started and not ended: one per session open at the same time. */
    synchronized int liveAgents() {
        return live.size();
    }

    /** The process id of every agent this implementation has started, the first one's first. */
    synchronized List<Long> startedAgentPids() {
        return List.copyOf(startedPids);
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
