package org.asynciotck.refloop;

/** Receives errors nobody else can: a callback raised (CPython {@code loop.set_exception_handler}). */
@FunctionalInterface
public interface ExceptionHandler {

    /**
     * @param message what failed, e.g. "Exception in callback &lt;Handle ...&gt;"
     * @param error   the exception it raised
     */
    void handle(String message, Throwable error);
}
