package org.asynciotck.process;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.List;
import org.asynciotck.spi.LoopImplementation;
import org.asynciotck.spi.LoopSession;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.OperationUnsupported;
import org.asynciotck.spi.Outcome;

/**
 * An in-process agent: answers protocol lines (docs/protocol.md) with a {@link LoopImplementation}
 * through the kit's wire mapping ({@link ProtocolJson}), so the Java interpreter of the vocabulary
 * (the reference adapter) can replay the golden transcripts exactly as the Python agent does. A
 * request the request schema refuses, or that does not map to an {@link Operation}, is a
 * {@code protocol_error}, as the agent's own checks make it.
 */
final class WireInterpreter implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectMapper WIRE = ProtocolJson.newMapper();
    private static final Schema REQUESTS = requestSchema();

    private final LoopImplementation implementation;
    private boolean greeted;
    private LoopSession session;

    WireInterpreter(LoopImplementation implementation) {
        this.implementation = implementation;
    }

    /** The reply line to one request line. */
    String answer(String line) {
        JsonNode seq = null;
        ObjectNode reply;
        try {
            JsonNode request = parse(line);
            if (request.path("seq").isIntegralNumber()) {
                seq = request.get("seq");
            }
            List<String> problems = REQUESTS.validate(request).stream().map(Error::toString).toList();
            if (seq == null) {
                throw new Refused("request without an integer seq");
            }
            String type = request.path("type").asText();
            if (!greeted && !type.equals("hello")) {
                throw new Refused("hello must be the first request, got " + request.path("type"));
            }
            if (!problems.isEmpty()) {
                throw new Refused(String.join("; ", problems));
            }
            reply = switch (type) {
                case "hello" -> hello();
                case "open_session" -> openSession();
                case "perform" -> perform(request.get("operation"));
                case "close_session" -> closeSession();
                case "benchmark" -> benchmark(request.get("operation"), request.get("repeat").asInt());
                case "program" -> program(request.get("operations"));
                case "sync" -> ok();
                case "bye" -> bye();
                default -> throw new Refused("unknown request type " + request.path("type"));
            };
        } catch (Refused e) {
            reply = JSON.createObjectNode().put("type", "protocol_error").put("message", e.getMessage());
        }
        ObjectNode framed = JSON.createObjectNode();
        framed.set("seq", seq);
        framed.setAll(reply);
        return framed.toString();
    }

    private static JsonNode parse(String line) {
        try {
            JsonNode request = JSON.readTree(line);
            if (request == null || !request.isObject()) {
                throw new Refused("a request must be a JSON object");
            }
            return request;
        } catch (JsonProcessingException e) {
            throw new Refused("not a JSON request: " + e.getOriginalMessage());
        }
    }

    private ObjectNode hello() {
        greeted = true;
        ObjectNode reply = JSON.createObjectNode().put("type", "hello").put("protocol", Request.PROTOCOL_VERSION);
        reply.set("implementation", JSON.createObjectNode().put("name", implementation.info().name())
                .put("api_level", implementation.info().apiLevel().toString()));
        return reply;
    }

    private ObjectNode openSession() {
        if (session != null) {
            throw new Refused("open_session: a session is already open");
        }
        session = implementation.openSession();
        return ok();
    }

    private ObjectNode perform(JsonNode operation) {
        LoopSession open = requireSession("perform");
        Outcome outcome;
        try {
            outcome = open.perform(operation(operation));
        } catch (OperationUnsupported declined) { // as the agent declares it: the session stays usable
            return JSON.createObjectNode().put("type", "unsupported").put("op", declined.operation())
                    .put("reason", declined.reason());
        }
        ObjectNode reply = JSON.createObjectNode().put("type", "outcome");
        reply.set("outcome", wire(outcome));
        return reply;
    }

    private ObjectNode benchmark(JsonNode operation, int repeat) {
        LoopSession open = requireSession("benchmark");
        Operation parsed = operation(operation);
        ObjectNode reply = JSON.createObjectNode().put("type", "benchmark");
        var seconds = reply.putArray("seconds");
        for (int i = 0; i < repeat; i++) {
            long started = System.nanoTime();
            open.perform(parsed);
            seconds.add((System.nanoTime() - started) / 1e9);
        }
        return reply;
    }

    /** A program in a session of its own: every operation checked, performed in order, the session closed. */
    private ObjectNode program(JsonNode operations) {
        if (session != null) {
            throw new Refused("program: a session is open; a program runs in a session of its own");
        }
        List<Operation> parsed = new java.util.ArrayList<>();
        operations.forEach(operation -> parsed.add(operation(operation)));
        ObjectNode reply = JSON.createObjectNode().put("type", "outcomes");
        var outcomes = reply.putArray("outcomes");
        try (LoopSession own = implementation.openSession()) {
            for (Operation operation : parsed) {
                outcomes.add(wire(own.perform(operation)));
            }
        }
        return reply;
    }

    private ObjectNode closeSession() {
        requireSession("close_session");
        closeOpenSession();
        return ok();
    }

    private ObjectNode bye() {
        closeOpenSession();
        return ok();
    }

    private LoopSession requireSession(String what) {
        if (session == null) {
            throw new Refused(what + ": no session is open");
        }
        return session;
    }

    private static Operation operation(JsonNode operation) {
        try {
            return WIRE.treeToValue(operation, Operation.class);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new Refused("the operation does not map to Operation.java: " + e.getMessage());
        }
    }

    private static ObjectNode wire(Outcome outcome) {
        ObjectNode body = JSON.createObjectNode();
        switch (outcome.kind()) {
            case VALUE -> body.put("kind", "value").set("value", WIRE.valueToTree(outcome.value()));
            case ERROR -> body.put("kind", "error").put("error_type", outcome.errorType()).put("message", outcome.message());
            case NOTHING -> body.put("kind", "nothing");
        }
        return body;
    }

    private static ObjectNode ok() {
        return JSON.createObjectNode().put("type", "ok");
    }

    private void closeOpenSession() {
        if (session != null) {
            LoopSession open = session;
            session = null;
            open.close();
        }
    }

    @Override
    public void close() {
        closeOpenSession();
    }

    private static Schema requestSchema() {
        try (InputStream in = Files.newInputStream(TranscriptFiles.projectRoot().resolve("docs/protocol-requests.schema.json"))) {
            return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read docs/protocol-requests.schema.json", e);
        }
    }

    /** A request the agent cannot understand: answered with protocol_error. */
    private static final class Refused extends RuntimeException {
        Refused(String message) {
            super(message);
        }
    }
}
