package org.asynciotck.refloop;

/** asyncio's {@code InvalidStateError}: e.g. {@code set_result} on a future that is already done. */
public final class InvalidStateException extends IllegalStateException {

    public InvalidStateException(String message) {
        super(message);
    }
}
