package org.asynciotck.reference;

import org.asynciotck.refloop.InvalidStateException;
import org.asynciotck.refloop.LoopRuntimeException;
import org.asynciotck.refloop.UninitialisedTaskException;
import org.asynciotck.spi.Outcome;

/** Turns what the reference loop throws into outcomes with the Python exception type asyncio would raise. */
final class PythonErrors {

    private PythonErrors() {}

    static Outcome outcomeOf(RuntimeException error) {
        return Outcome.error(typeOf(error), String.valueOf(error.getMessage()));
    }

    /** "Type: message", the form used in recorded events. */
    static String describe(Outcome error) {
        return error.errorType() + ": " + error.message();
    }

    static String typeOf(RuntimeException error) {
        if (error instanceof org.asynciotck.refloop.CancelledException) {
            return "CancelledError";
        }
        if (error instanceof InvalidStateException) {
            return "InvalidStateError";
        }
        if (error instanceof LoopRuntimeException || error instanceof UninitialisedTaskException) {
            return "RuntimeError"; // task conflicts, closed/running loop, uninitialised task
        }
        if (error instanceof UnknownNameException) {
            return "ProtocolError";
        }
        if (error instanceof IllegalArgumentException) {
            return "ValueError";
        }
        return error.getClass().getSimpleName();
    }
}
