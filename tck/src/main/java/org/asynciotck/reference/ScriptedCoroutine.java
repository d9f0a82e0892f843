package org.asynciotck.reference;

import org.asynciotck.refloop.CancelledException;
import org.asynciotck.refloop.Coroutine;
import org.asynciotck.refloop.Future;

/**
 * The coroutines of docs/protocol.md: records {@code <label>:start}, performs its first-step
 * actions ({@code create_scripted_task}'s {@code then}), awaits {@code awaited} if there is one,
 * records {@code <label>:end}, returns {@code label}. One that catches cancellation records
 * {@code <label>:caught} and returns {@code "caught"} when the await raises CancelledError.
 */
final class ScriptedCoroutine implements Coroutine<Object> {

    private final String label;
    private final Future<Object> awaited;
    private final SessionState state;
    private final Runnable firstStep;
    private final boolean catchesCancellation;
    private boolean started;

    ScriptedCoroutine(String label, Future<Object> awaited, SessionState state) {
        this(label, awaited, state, () -> {}, false);
    }

    ScriptedCoroutine(String label, Future<Object> awaited, SessionState state, Runnable firstStep,
            boolean catchesCancellation) {
        this.label = label;
        this.awaited = awaited;
        this.state = state;
        this.firstStep = firstStep;
        this.catchesCancellation = catchesCancellation;
    }

    @Override
    public Step<Object> send(Object value) {
        if (!started) {
            started = true;
            state.record(label + ":start");
            firstStep.run(); // inside the task's step: CURRENT-1
            if (awaited != null) {
                return new Yield<>(awaited);
            }
        }
        state.record(label + ":end");
        return new Return<>(label);
    }

    @Override
    public Step<Object> throwInto(RuntimeException error) {
        if (!started) {
            throw error; // CANCEL-1: thrown into a coroutine that never started, its body never runs
        }
        if (catchesCancellation && error instanceof CancelledException) {
            state.record(label + ":caught");
            state.record(label + ":end");
            return new Return<>("caught"); // CANCEL-5
        }
        state.record(label + ":end");
        throw error;
    }
}
