package org.asynciotck.process;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.asynciotck.spi.Event;
import org.asynciotck.spi.ImplementationFailure;
import org.asynciotck.spi.ImplementationFailure.Kind;
import org.asynciotck.spi.LoopSession;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;

/**
 * One session ({@code open_session} .. {@code close_session}) on an agent. Opened by
 * {@link ProcessImplementation#openSession()}.
 */
final class ProcessSession implements LoopSession {

    private static final TypeReference<List<Event>> EVENTS = new TypeReference<>() {};

    private final AgentProcess agent;
    private final ObjectMapper json;
    private final Duration operationTimeout;
    /** Told once when the session closes, so its agent can serve another session. */
    private final Runnable closed;
    private boolean open = true;
    /** The failure that made the agent unusable, or null while it is fine. */
    private ImplementationFailure brokenBy;

    ProcessSession(AgentProcess agent, ObjectMapper json, Duration operationTimeout, Runnable closed) {
        this.agent = agent;
        this.json = json;
        this.operationTimeout = operationTimeout;
        this.closed = closed;
    }

    AgentProcess agent() {
        return agent;
    }

    @Override
    public synchronized Outcome perform(Operation operation) {
        Objects.requireNonNull(operation, "operation");
        requireUsable();
        JsonNode outcome = call(Request.perform(operation)).get("outcome");
        try {
            return read(json, operation, outcome);
        } catch (Unreadable e) {
            throw broken(e.getMessage(), outcome);
        }
    }

    /**
     * The outcome object of {@code operation} in a reply ({@code perform}, or one of a {@code program}'s);
     * the value of {@code recorded} as a list of events.
     *
     * @throws Unreadable when it is not an outcome the protocol allows (the caller fails the agent)
     */
    static Outcome read(ObjectMapper json, Operation operation, JsonNode outcome) {
        if (outcome == null || !outcome.isObject()) {
            throw new Unreadable("reply to " + operation.wireName() + " has no outcome object");
        }
        Outcome read;
        try {
            read = json.treeToValue(outcome, Outcome.class);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new Unreadable("reply to " + operation.wireName() + " has an unreadable outcome");
        }
        if (read.kind() == null || (read.isError() && read.errorType() == null)) {
            throw new Unreadable("reply to " + operation.wireName() + " has an incomplete outcome");
        }
        if (operation instanceof Operation.Recorded && read.kind() == Outcome.Kind.VALUE) {
            try {
                return Outcome.value(List.copyOf(json.convertValue(read.value(), EVENTS)));
            } catch (IllegalArgumentException | NullPointerException e) {
                throw new Unreadable("recorded outcome is not a list of events");
            }
        }
        return read;
    }

    /** An outcome the protocol does not allow; its message says which reply. */
    static final class Unreadable extends RuntimeException {
        Unreadable(String message) {
            super(message);
        }
    }

    /**
     * The agent's own timing of {@code repeat} runs of {@code operation} (the protocol's optional
     * {@code benchmark} request), in seconds, one entry per run.
     */
    synchronized List<Double> benchmark(Operation operation, int repeat) {
        requireUsable();
        JsonNode seconds = call(Request.benchmark(operation, repeat)).get("seconds");
        if (seconds == null || !seconds.isArray()) {
            throw broken("benchmark reply has no list of seconds", seconds);
        }
        if (seconds.size() != repeat) {
            throw broken("benchmark reply has " + seconds.size() + " timings for " + repeat + " repeats", seconds);
        }
        List<Double> result = new ArrayList<>();
        seconds.forEach(s -> result.add(s.asDouble()));
        return result;
    }

    synchronized boolean isOpen() {
        return open;
    }

    /**
     * Sends {@code close_session} if the agent can still take it. A failed close is not this
     * session's verdict, but anything the agent sends after its reply is
     * ({@link AgentProcess#requireSilenceAfter}).
     *
     * @throws ImplementationFailure when the agent sent a line after its reply to {@code close_session}
     */
    @Override
    public synchronized void close() {
        if (!open) {
            return;
        }
        open = false;
        try {
            if (brokenBy == null && agent.usable()) {
                Request close = Request.closeSession();
                try {
                    call(close);
                } catch (ImplementationFailure e) {
                    // The loop is closed either way for the kit; an agent left unusable is replaced by
                    // the next openSession().
                    return;
                }
                agent.requireSilenceAfter(close, operationTimeout);
            }
        } finally {
            closed.run();
        }
    }

    private JsonNode call(Request request) {
        try {
            return agent.exchange(request, operationTimeout);
        } catch (ImplementationFailure e) {
            if (!agent.usable()) {
                brokenBy = e;
            }
            throw e;
        }
    }

    private ImplementationFailure broken(String what, JsonNode offending) {
        String quoted = Snippet.of(String.valueOf(offending).getBytes(StandardCharsets.UTF_8));
        brokenBy = agent.fail(Kind.PROTOCOL_ERROR, what + ": " + quoted);
        return brokenBy;
    }

    private void requireUsable() {
        if (!open) {
            throw new IllegalStateException("session is closed");
        }
        if (brokenBy != null) {
            throw new IllegalStateException("session is unusable after: " + brokenBy.getMessage(), brokenBy);
        }
    }
}
