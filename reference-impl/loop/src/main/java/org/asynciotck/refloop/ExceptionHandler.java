package org.asynciotck.refloop;

import java.util.Map;

/** Receives errors nobody else can: a callback raised (CPython {@code loop.set_exception_handler}). */
@FunctionalInterface
public interface ExceptionHandler {

    /**
     * @param message what failed, e.g. "Exception in callback &lt;Handle ...&gt;"
     * @param error   the exception it raised, or null when the report has none
     */
    void handle(String message, Throwable error);

    /**
     * The whole report, as CPython's {@code handler(loop, context)} receives it: "message", and
     * where they apply "exception" and "handle" (EXC-1). By default, {@link #handle(String, Throwable)}
     * of the message and the exception.
     */
    default void handle(Map<String, Object> context) {
        Object error = context.get("exception");
        handle(String.valueOf(context.get("message")), error instanceof Throwable t ? t : null);
    }
}
