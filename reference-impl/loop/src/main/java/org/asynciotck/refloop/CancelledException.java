package org.asynciotck.refloop;

/**
 * CPython {@code asyncio.CancelledError}: what a cancelled future holds instead of a result.
 * Its message is the {@code msg} given to {@code cancel(msg)}, or empty (CANCEL-7).
 */
public final class CancelledException extends RuntimeException {

    public CancelledException() {
        super("");
    }

    public CancelledException(String message) {
        super(message == null ? "" : message);
    }
}
