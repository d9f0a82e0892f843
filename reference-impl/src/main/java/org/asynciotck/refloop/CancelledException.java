package org.asynciotck.refloop;

/** CPython {@code asyncio.CancelledError}: what a cancelled future holds instead of a result. */
public final class CancelledException extends RuntimeException {

    public CancelledException() {
        super("");
    }
}
