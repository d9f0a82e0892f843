package org.asynciotck.reference;

import org.asynciotck.refloop.CancelledException;
import org.asynciotck.refloop.InvalidStateException;
import org.asynciotck.refloop.LoopExitException;
import org.asynciotck.refloop.LoopRuntimeException;
import org.asynciotck.refloop.StopIterationException;
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
        if (error instanceof LoopExitException exit) {
            return exit.pythonType(); // EXC-2: KeyboardInterrupt or SystemExit
        }
        if (error instanceof PythonException python) {
            return python.pythonType();
        }
        if (error instanceof CancelledException) {
            return "CancelledError"; // FUTURE-4
        }
        if (error instanceof StopIterationException) {
            return "StopIteration";
        }
        if (error instanceof InvalidStateException) {
            return "InvalidStateError";
        }
        if (error instanceof LoopRuntimeException || error instanceof UninitialisedTaskException) {
            return "RuntimeError"; // task conflicts, closed/running loop, uninitialised task
        }
        if (error instanceof UnknownNameException) {
            return "KitError"; // docs/protocol.md, "Names": an outcome, not a protocol error
        }
        if (error instanceof IllegalArgumentException) {
            return "ValueError";
        }
        return error.getClass().getSimpleName();
    }
}
