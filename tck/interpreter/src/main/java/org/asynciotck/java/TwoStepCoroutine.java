package org.asynciotck.java;

import java.util.List;
import org.asynciotck.spi.Operation;

/**
 * The coroutine of {@code create_two_step_task} (docs/protocol.md): records {@code <label>:start}, performs
 * {@code then} in its first step, awaits {@code awaited}, performs {@code afterAwait} in the step the await
 * resumes (the same step when the future is already done, as {@code await} does), records {@code <label>:end}
 * however it ends and returns {@code label}. CTX-5 looks at what each step sees.
 */
final class TwoStepCoroutine implements JavaLoop.Coroutine {

    private final String label;
    private final List<Operation> then;
    private final JavaLoop.Future awaited;
    private final List<Operation> afterAwait;
    private final Interpreter interpreter;
    private boolean started;

    TwoStepCoroutine(String label, List<Operation> then, JavaLoop.Future awaited, List<Operation> afterAwait,
            Interpreter interpreter) {
        this.label = label;
        this.then = then;
        this.awaited = awaited;
        this.afterAwait = afterAwait;
        this.interpreter = interpreter;
    }

    @Override
    public Step send(Object value) {
        if (!started) {
            started = true;
            interpreter.state().record(label + ":start");
            interpreter.performScript(then);
            if (!awaited.done()) {
                return new Await(awaited);
            }
        }
        try {
            awaited.result(); // throws the awaited future's exception, as await does
        } catch (RuntimeException error) {
            return throwInto(error);
        }
        interpreter.performScript(afterAwait);
        interpreter.state().record(label + ":end");
        return new Return(label);
    }

    @Override
    public Step throwInto(RuntimeException error) {
        if (started) {
            interpreter.state().record(label + ":end"); // the agent's try/finally
        }
        throw error;
    }
}
