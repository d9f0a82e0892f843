package org.asynciotck.java;

import java.util.List;
import org.asynciotck.spi.Operation;

/**
 * The kit's async generator ({@code create_async_generator}, docs/protocol.md) in Java shape: it yields
 * forever without awaiting; closing it runs its {@code finally}, which records its label with where it ran
 * ("in a task" or "outside a task"), performs {@code then}, and raises if told to. Its steps do what
 * CPython's interpreter does around an async generator: the first reads the thread's hooks, calls
 * {@code firstiter} and keeps {@code finalizer}; letting go of an unfinished one hands it to that finalizer.
 */
final class KitAsyncGenerator implements JavaLoop.AsyncGenerator {

    private final String label;
    private final List<Operation> then;
    private final boolean raisesOnClose;
    private final boolean cancelledOnClose;
    private final Interpreter interpreter;
    /** The hooks installed at the first step, whose finalizer receives the generator; null when there were none. */
    private JavaLoop.AsyncGenHooks finalizer;
    private boolean started;
    private boolean closed;

    KitAsyncGenerator(Operation.CreateAsyncGenerator made, Interpreter interpreter) {
        this.label = made.label();
        this.then = made.then();
        this.raisesOnClose = made.raisesOnClose();
        this.cancelledOnClose = made.cancelledOnClose();
        this.interpreter = interpreter;
    }

    /** {@code await agen.__anext__()}: a closed generator raises StopAsyncIteration, as asyncio's does. */
    void advance(JavaLoop.AsyncGenerators generators) {
        if (closed) {
            throw new LoopError("StopAsyncIteration", "");
        }
        if (!started) {
            started = true;
            JavaLoop.AsyncGenHooks hooks = generators.hooks();
            if (hooks != null) {
                finalizer = hooks;
                hooks.firstIter(this);
            }
        }
    }

    /**
     * The program's last reference is gone: an unfinished generator goes to its finalizer, or is closed in
     * place when it has none (what CPython does without hooks). One never started, or finished, just goes.
     */
    void letGo() {
        if (!started || closed) {
            return;
        }
        if (finalizer != null) {
            finalizer.finalize(this);
        } else {
            closeInPlace();
        }
    }

    @Override
    public JavaLoop.Coroutine aclose() {
        return new JavaLoop.Coroutine() {
            @Override
            public Step send(Object value) {
                runFinally();
                return new Return(null);
            }

            @Override
            public Step throwInto(RuntimeException error) {
                throw error;
            }
        };
    }

    private void closeInPlace() {
        try {
            runFinally();
        } catch (RuntimeException e) {
            interpreter.state().record("!error", "while closing " + label + ": " + e.getMessage());
        }
    }

    /** The {@code finally} of the generator's {@code try}; a generator not started or already closed has none to run. */
    private void runFinally() {
        if (!started || closed) {
            closed = true;
            return;
        }
        closed = true;
        boolean inATask = interpreter.loop().currentTask() != null;
        interpreter.state().record(label, inATask ? "in a task" : "outside a task");
        interpreter.performScript(then);
        if (raisesOnClose) {
            throw new LoopError("RuntimeError", "raised while closing");
        }
        if (cancelledOnClose) {
            throw LoopError.cancelled("cancelled while closing"); // the closing task ends cancelled (AGEN-5)
        }
    }
}
