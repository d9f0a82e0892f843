package org.asynciotck.reference;

import java.util.List;
import org.asynciotck.refloop.LoopExitException;
import org.asynciotck.refloop.LoopRuntimeException;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;

/**
 * Makes the callbacks of docs/protocol.md: when one runs it records its label, then performs
 * each operation of {@code then}; one that raises records {@code !error} ("Type: message")
 * and the callback goes on with the next (a {@code note} records the error as its own value
 * instead). {@link Operation.Raise} is the exception: it leaves the
 * callback, so the loop sees a callback that raises.
 */
final class CallbackFactory {

    private final SessionState state;
    private final OperationDispatcher dispatcher;

    CallbackFactory(SessionState state, OperationDispatcher dispatcher) {
        this.state = state;
        this.dispatcher = dispatcher;
    }

    Runnable callback(String label, List<Operation> then) {
        return () -> {
            state.record(label);
            perform(then);
        };
    }

    /**
     * Performs a callback's or a task coroutine's {@code then}: an operation that fails records
     * {@code !error} and the next one goes on; {@link Operation.Raise} throws out of the caller.
     */
    void perform(List<Operation> then) {
        for (Operation operation : then) {
            if (operation instanceof Operation.Raise) {
                throw raisedByTheKit();
            }
            if (operation instanceof Operation.RaiseBaseException raise) {
                throw baseErrorRaisedByTheKit(raise.errorType()); // EXC-2: leaves the callback
            }
            Outcome outcome = dispatcher.performInCallback(operation);
            if (outcome.isError() && !(operation instanceof Operation.Note)) {
                // a note has recorded the error as its value already: it never adds an !error of its own
                state.record("!error", PythonErrors.describe(outcome));
            }
        }
    }

    /** What {@link Operation.RaiseBaseException} raises: KeyboardInterrupt or SystemExit. */
    static LoopExitException baseErrorRaisedByTheKit(Operation.BaseErrorType type) {
        String pythonType = type == Operation.BaseErrorType.KEYBOARD_INTERRUPT ? "KeyboardInterrupt" : "SystemExit";
        return new LoopExitException(pythonType, "raised by the kit");
    }

    /** What {@link Operation.Raise} raises: asyncio's RuntimeError, with the message of docs/protocol.md. */
    static LoopRuntimeException raisedByTheKit() {
        return new LoopRuntimeException("raised by the kit");
    }
}
