package org.asynciotck.refloop;

/**
 * The loop refused a call because of its state; asyncio raises {@code RuntimeError} here
 * ("This event loop is already running", "Event loop is closed", ...).
 */
public class LoopRuntimeException extends RuntimeException {

    public LoopRuntimeException(String message) {
        super(message);
    }

    /** A RuntimeError raised from (with {@code __cause__}) another error. */
    public LoopRuntimeException(String message, Throwable cause) {
        super(message, cause);
    }
}
