package org.asynciotck.java;

import java.util.Objects;

/**
 * An error a loop raises, named by its asyncio type where Java has no exception of that meaning:
 * {@code InvalidStateError} (a future that is already done), {@code CancelledError} (the result of a
 * cancelled future), or any other asyncio type. Plain Java exceptions read as asyncio would name them:
 * {@link IllegalStateException} as {@code RuntimeError}, {@link IllegalArgumentException} as
 * {@code ValueError}, {@link java.util.concurrent.CancellationException} as {@code CancelledError}.
 *
 * @since 0.1
 */
public class LoopError extends RuntimeException {

    private final String asyncioType;

    /** @param asyncioType the Python type asyncio raises, e.g. "InvalidStateError" */
    public LoopError(String asyncioType, String message) {
        super(message);
        this.asyncioType = Objects.requireNonNull(asyncioType, "asyncioType");
    }

    /** {@code asyncio.InvalidStateError}: e.g. {@code set_result} on a future that is done. */
    public static LoopError invalidState(String message) {
        return new LoopError("InvalidStateError", message);
    }

    /** {@code asyncio.CancelledError}: e.g. {@code result()} of a cancelled future; also thrown into a cancelled task. */
    public static LoopError cancelled(String message) {
        return new LoopError("CancelledError", message);
    }

    /** The Python type name, e.g. "InvalidStateError". */
    public String asyncioType() {
        return asyncioType;
    }

    /**
     * What the kit's callbacks throw for {@code KeyboardInterrupt} and {@code SystemExit}: an {@link Error},
     * so a loop that hands {@link Exception}s to its exception handler lets it through {@code runForever()},
     * as asyncio lets BaseException through.
     */
    public static final class Exit extends Error {
        private final String asyncioType;

        public Exit(String asyncioType, String message) {
            super(message);
            this.asyncioType = asyncioType;
        }

        /** "KeyboardInterrupt" or "SystemExit". */
        public String asyncioType() {
            return asyncioType;
        }
    }
}
