package org.asynciotck.refloop;

import java.util.Objects;

/**
 * Stands for a Python {@code BaseException} that is not an {@code Exception}:
 * {@code KeyboardInterrupt} or {@code SystemExit}. asyncio lets these through: a callback that
 * raises one is not reported to the exception handler, it ends {@code run_forever()} (EXC-2,
 * CPython {@code Handle._run}: "except (SystemExit, KeyboardInterrupt): raise").
 */
public final class LoopExitException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The Python type this stands for: "KeyboardInterrupt" or "SystemExit". */
    private final String pythonType;

    public LoopExitException(String pythonType, String message) {
        super(message);
        this.pythonType = Objects.requireNonNull(pythonType, "pythonType");
    }

    /** "KeyboardInterrupt" or "SystemExit". */
    public String pythonType() {
        return pythonType;
    }
}
