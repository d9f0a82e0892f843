package org.asynciotck.process;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * What may legitimately differ between two agents that answer a golden transcript the same way,
 * and nothing else (docs/protocol.md, "Golden transcripts"):
 *
 * <ul>
 *   <li>{@code seq} is compared relative to the transcript (the replay renumbers it);
 *   <li>the values of {@code loop_time} and {@code handle_when} become {@code "<time>"} (each loop
 *       has its own clock: the reference loop's is virtual), and a {@code select_timeout} value is
 *       rounded to 0.1 s (a real clock moves between scheduling and polling);
 *   <li>the value of {@code task_coroutine} becomes {@code "<type>"} when it is not null (the type
 *       of the implementation's coroutine object);
 *   <li>every {@code <...>} in a string (a repr: {@code <Task pending name='t' coro=<...>>}, with
 *       addresses and source paths) becomes {@code <...>};
 *   <li>the message of an {@code InvalidStateError} becomes {@code ...}, in an error outcome and in a
 *       recorded {@code "InvalidStateError: message"}: CPython's C and pure-Python futures word it
 *       differently ({@code Result is not set.} / {@code Result is not ready.}, {@code invalid state}
 *       / {@code FINISHED: <Future ...>}), and the reference loop follows the pure-Python one;
 *   <li>a benchmark's durations become {@code "<seconds>"} each, and a hello's implementation
 *       {@code "<implementation>"};
 *   <li>a {@code protocol_error}'s message is free text for people: it is kept in the file but not
 *       compared.
 * </ul>
 */
final class TranscriptNormaliser {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> TIMES = Set.of("loop_time", "handle_when");

    private TranscriptNormaliser() {}

    /** The reply as the transcript records it; {@code seqOffset} is subtracted from its seq. */
    static String recorded(String request, String reply, long seqOffset) {
        JsonNode node = masked(read(reply)); // reprs first: the placeholders below look like reprs
        if (node instanceof ObjectNode object) {
            if (object.path("seq").isIntegralNumber()) {
                object.put("seq", object.get("seq").asLong() - seqOffset);
            }
            if ("hello".equals(object.path("type").asText()) && object.has("implementation")) {
                object.put("implementation", "<implementation>");
            }
            if (object.has("seconds") && object.get("seconds").isArray()) {
                ArrayNode seconds = JSON.createArrayNode();
                object.get("seconds").forEach(s -> seconds.add("<seconds>"));
                object.set("seconds", seconds);
            }
            if (object.get("outcome") instanceof ObjectNode outcome && outcome.has("value")) {
                String op = read(request).at("/operation/op").asText();
                JsonNode value = outcome.get("value");
                if (TIMES.contains(op) && value.isNumber()) {
                    outcome.put("value", "<time>");
                } else if (op.equals("select_timeout") && value.isNumber()) {
                    outcome.put("value", Math.round(value.asDouble() * 10) / 10.0);
                } else if (op.equals("task_coroutine") && !value.isNull()) {
                    outcome.put("value", "<type>");
                }
            }
        }
        return node.toString();
    }

    private static final String INVALID_STATE = "InvalidStateError";

    /** The reply as compared: {@link #recorded} with a protocol_error's message left out. */
    static String compared(String request, String reply, long seqOffset) {
        JsonNode node = read(recorded(request, reply, seqOffset));
        if (node instanceof ObjectNode object && "protocol_error".equals(object.path("type").asText())) {
            object.put("message", "...");
        }
        return node.toString();
    }

    private static JsonNode masked(JsonNode node) {
        if (node.isTextual()) {
            String text = node.asText();
            return TextNode.valueOf(text.startsWith(INVALID_STATE + ": ") ? INVALID_STATE + ": ..." : maskReprs(text));
        }
        if (node instanceof ObjectNode object) {
            if (INVALID_STATE.equals(object.path("error_type").asText()) && object.has("message")) {
                object.put("message", "...");
            }
            for (Iterator<Map.Entry<String, JsonNode>> fields = object.fields(); fields.hasNext();) {
                Map.Entry<String, JsonNode> field = fields.next();
                field.setValue(masked(field.getValue()));
            }
        } else if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                array.set(i, masked(array.get(i)));
            }
        }
        return node;
    }

    /** Replaces each outermost balanced {@code <...>} with {@code <...>}. */
    static String maskReprs(String text) {
        StringBuilder out = new StringBuilder();
        int depth = 0;
        int opened = -1;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '<') {
                if (depth++ == 0) {
                    opened = i;
                }
            } else if (c == '>' && depth > 0) {
                if (--depth == 0) {
                    out.append("<...>");
                }
            } else if (depth == 0) {
                out.append(c);
            }
        }
        if (depth > 0) {
            out.append(text, opened, text.length()); // unbalanced: not a repr, kept as it is
        }
        return out.toString();
    }

    private static JsonNode read(String line) {
        try {
            return JSON.readTree(line);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a JSON reply: " + line, e);
        }
    }
}
