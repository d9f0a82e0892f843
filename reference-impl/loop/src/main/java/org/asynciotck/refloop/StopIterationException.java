package org.asynciotck.refloop;

/**
 * Stands for Python's {@code StopIteration}. A future never holds one: {@link Future#setException}
 * replaces it by a {@link LoopRuntimeException} whose cause it is (FUTURE-6, CPython 3.13
 * {@code Future.set_exception}; 3.10 to 3.12 refuse it with TypeError instead).
 */
public final class StopIterationException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public StopIterationException(String message) {
        super(message);
    }
}
