package org.asynciotck.spi;

import java.util.Locale;

/**
 * What one operation produced: a value, an error the loop raised, or nothing.
 *
 * @param kind      which of the three
 * @param value     the value (String, Number, Boolean, List, Map or null) when {@code kind == VALUE}
 * @param errorType the exception's type name, e.g. "RuntimeError", when {@code kind == ERROR}
 * @param message   the exception's message when {@code kind == ERROR}
 *
 * @since 0.1
 */
public record Outcome(Kind kind, Object value, String errorType, String message) {

    /** Which of the three. */
    public enum Kind {
        VALUE, ERROR, NOTHING;

        /** Its name on the wire: "value", "error", "nothing". */
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
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

    /** Derived from {@link #kind}; not a field of the wire form. */
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
