package org.asynciotck.java;

import java.util.concurrent.CancellationException;
import org.asynciotck.spi.Outcome;

/**
 * Names what a Java loop throws with the asyncio type a Python loop would raise: the loop's own naming first
 * ({@link JavaLoop#asyncioTypeOf}), then {@link LoopError}'s and the plain Java exceptions'.
 */
final class AsyncioTypes {

    private final JavaLoop loop;

    AsyncioTypes(JavaLoop loop) {
        this.loop = loop;
    }

    String typeOf(Throwable error) {
        String named = loop.asyncioTypeOf(error);
        if (named != null) {
            return named;
        }
        if (error instanceof LoopError loopError) {
            return loopError.asyncioType();
        }
        if (error instanceof LoopError.Exit exit) {
            return exit.asyncioType(); // EXC-2: KeyboardInterrupt or SystemExit
        }
        if (error instanceof CancellationException) {
            return "CancelledError";
        }
        if (error instanceof UnknownName) {
            return "KitError"; // docs/protocol.md, "Names": an outcome, not a protocol error
        }
        if (error instanceof IllegalStateException) {
            return "RuntimeError"; // closed or running loop, task conflicts
        }
        if (error instanceof IllegalArgumentException) {
            return "ValueError";
        }
        return error.getClass().getSimpleName();
    }

    /** Whether {@code error} stands for KeyboardInterrupt or SystemExit, which leave callbacks (EXC-2). */
    boolean isExit(Throwable error) {
        String type = typeOf(error);
        return type.equals("KeyboardInterrupt") || type.equals("SystemExit");
    }

    Outcome outcomeOf(Throwable error) {
        return Outcome.error(typeOf(error), String.valueOf(error.getMessage()));
    }

    /** "Type: message", the form of recorded events and reported errors. */
    String describe(Throwable error) {
        return typeOf(error) + ": " + error.getMessage();
    }

    static String describe(Outcome error) {
        return error.errorType() + ": " + error.message();
    }

    /** The kit referred to something it never named: a {@code KitError} outcome (docs/protocol.md, "Names"). */
    static final class UnknownName extends IllegalArgumentException {
        UnknownName(String message) {
            super(message);
        }
    }
}
