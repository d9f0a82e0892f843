package org.asynciotck.process;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Objects;
import org.asynciotck.spi.Operation;

/**
 * One request of docs/protocol.md, without its {@code seq} (the conversation numbers it).
 *
 * @param type      the request type ({@code hello}, {@code perform}, ...)
 * @param protocol  the protocol number ({@code hello} only)
 * @param operation the operation ({@code perform} and {@code benchmark} only)
 * @param repeat    how often to repeat the operation ({@code benchmark} only)
 * @param operations the operations of a whole program ({@code program} only)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record Request(String type, Integer protocol, Operation operation, Integer repeat, List<Operation> operations) {

    /** The protocol version this kit speaks. */
    static final int PROTOCOL_VERSION = 1;
    /** The most repeats one benchmark request may ask for, so its reply stays far below the line limit. */
    static final int MAX_BENCHMARK_REPEAT = 10_000;
    /** The most operations one program request may carry (docs/protocol.md, "Program"). */
    static final int MAX_PROGRAM_OPERATIONS = 1000;

    Request {
        Objects.requireNonNull(type, "type");
    }

    static Request hello() {
        return new Request("hello", PROTOCOL_VERSION, null, null, null);
    }

    static Request openSession() {
        return new Request("open_session", null, null, null, null);
    }

    static Request perform(Operation operation) {
        return new Request("perform", null, Objects.requireNonNull(operation, "operation"), null, null);
    }

    static Request closeSession() {
        return new Request("close_session", null, null, null, null);
    }

    /** The barrier after {@code close_session} (docs/protocol.md, "Sync"): answered {@code ok}, in order. */
    static Request sync() {
        return new Request("sync", null, null, null, null);
    }

    static Request bye() {
        return new Request("bye", null, null, null, null);
    }

    static Request benchmark(Operation operation, int repeat) {
        if (repeat < 1 || repeat > MAX_BENCHMARK_REPEAT) {
            throw new IllegalArgumentException("benchmark repeat must be from 1 to " + MAX_BENCHMARK_REPEAT
                    + " (docs/protocol.md), got " + repeat);
        }
        return new Request("benchmark", null, Objects.requireNonNull(operation, "operation"), repeat, null);
    }

    /** A whole program in a fresh session of its own, in one round trip (docs/protocol.md, "Program"). */
    static Request program(List<Operation> operations) {
        if (operations.isEmpty() || operations.size() > MAX_PROGRAM_OPERATIONS) {
            throw new IllegalArgumentException("a program has 1 to " + MAX_PROGRAM_OPERATIONS
                    + " operations (docs/protocol.md), got " + operations.size());
        }
        return new Request("program", null, null, null, List.copyOf(operations));
    }

    /** The reply type the protocol requires for this request. */
    @JsonIgnore
    String expectedReplyType() {
        return switch (type) {
            case "hello" -> "hello";
            case "perform" -> "outcome";
            case "benchmark" -> "benchmark";
            case "program" -> "outcomes";
            default -> "ok";
        };
    }

    /** What the kit is waiting for, for messages: "hello", or the operation's wire name for a perform. */
    @JsonIgnore
    String waitingFor() {
        return operations != null ? "program of " + operations.size() + " operations"
                : operation == null ? type
                : type.equals("perform") ? operation.wireName() : type + " " + operation.wireName();
    }
}
