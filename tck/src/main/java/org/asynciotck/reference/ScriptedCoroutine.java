package org.asynciotck.reference;

import org.asynciotck.refloop.Coroutine;
import org.asynciotck.refloop.Future;

/**
 * The coroutine of docs/protocol.md: records {@code <label>:start}, awaits {@code awaited}
 * if there is one, records {@code <label>:end}, returns {@code label}.
 */
final class ScriptedCoroutine implements Coroutine<Object> {

    private final String label;
    private final Future<Object> awaited;
    private final SessionState state;
    private boolean started;

    ScriptedCoroutine(String label, Future<Object> awaited, SessionState state) {
        this.label = label;
        this.awaited = awaited;
        this.state = state;
    }

    @Override
    public Step<Object> send(Object value) {
        if (!started) {
            started = true;
            state.record(label + ":start");
            if (awaited != null) {
                return new Yield<>(awaited);
            }
        }
        state.record(label + ":end");
        return new Return<>(label);
    }

    @Override
    public Step<Object> throwInto(RuntimeException error) {
        state.record(label + ":end");
        throw error;
    }
}
