package org.asynciotck.java;

import java.util.concurrent.CancellationException;
import org.asynciotck.spi.Outcome;

/** Names what a Java loop throws with the asyncio type a Python loop would raise (see {@link LoopError}). */
final class AsyncioTypes {

    private AsyncioTypes() {}

    static String typeOf(Throwable error) {
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
            return "ProtocolError";
        }
        if (error instanceof IllegalStateException) {
            return "RuntimeError"; // closed or running loop, task conflicts
        }
        if (error instanceof IllegalArgumentException) {
            return "ValueError";
        }
        return error.getClass().getSimpleName();
    }

    static Outcome outcomeOf(Throwable error) {
        return Outcome.error(typeOf(error), String.valueOf(error.getMessage()));
    }

    /** "Type: message", the form of recorded events and reported errors. */
    static String describe(Throwable error) {
        return typeOf(error) + ": " + error.getMessage();
    }

    static String describe(Outcome error) {
        return error.errorType() + ": " + error.message();
    }

    /** The kit referred to something it never named: the kit's mistake, not the loop's. */
    static final class UnknownName extends IllegalArgumentException {
        UnknownName(String message) {
            super(message);
        }
    }
}
