package org.asynciotck.spi;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What one operation produced: a value, an error the loop raised, or nothing.
 *
 * @param kind      which of the three
 * @param value     the value (String, Number, Boolean, List, Map or null) when {@code kind == VALUE}
 * @param errorType the exception's type name, e.g. "RuntimeError", when {@code kind == ERROR}
 * @param message   the exception's message when {@code kind == ERROR}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Outcome(Kind kind, Object value, String errorType, String message) {

    /** Wire names are lower case: "value", "error", "nothing". */
    public enum Kind {
        @JsonProperty("value") VALUE,
        @JsonProperty("error") ERROR,
        @JsonProperty("nothing") NOTHING
    }

    private static final Outcome NOTHING = new Outcome(Kind.NOTHING, null, null, null);

    public static Outcome nothing() {
        return NOTHING;
    }

    public static Outcome value(Object value) {
        return new Outcome(Kind.VALUE, value, null, null);
    }

    public static Outcome error(String errorType, String message) {
        return new Outcome(Kind.ERROR, null, errorType, message);
    }

    @JsonIgnore // derived from kind; not a field of the wire form
    public boolean isError() {
        return kind == Kind.ERROR;
    }

    @Override
    public String toString() {
        return switch (kind) {
            case VALUE -> "value " + value;
            case ERROR -> errorType + ": " + message;
            case NOTHING -> "nothing";
        };
    }
}
