package org.asynciotck.reference;

import java.util.List;
import org.asynciotck.refloop.LoopRuntimeException;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;

/**
 * Makes the callbacks of docs/protocol.md: when one runs it records its label, then performs
 * each operation of {@code then}; one that raises records {@code !error} ("Type: message")
 * and the callback goes on with the next. {@link Operation.Raise} is the exception: it leaves the
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
        Runnable actions = actions(then);
        return () -> {
            state.record(label);
            actions.run();
        };
    }

    /** Performs {@code then} as a callback does, without recording a label: a scripted task's first step. */
    Runnable actions(List<Operation> then) {
        return () -> {
            for (Operation operation : then) {
                if (operation instanceof Operation.Raise) {
                    throw raisedByTheKit();
                }
                Outcome outcome = dispatcher.performCatchingAll(operation);
                if (outcome.isError()) {
                    state.record("!error", PythonErrors.describe(outcome));
                }
            }
        };
    }

    /** What {@link Operation.Raise} raises: asyncio's RuntimeError, with the message of docs/protocol.md. */
    static LoopRuntimeException raisedByTheKit() {
        return new LoopRuntimeException("raised by the kit");
    }
}
