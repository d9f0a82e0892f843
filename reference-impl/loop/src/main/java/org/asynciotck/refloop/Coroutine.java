package org.asynciotck.refloop;

/**
 * The smallest stand-in for a Python coroutine that a {@link Task} can drive: each
 * {@link #send} runs the coroutine up to its next {@code await} ({@link Yield}) or to its
 * end ({@link Return}), like {@code coro.send(value)} raising {@code StopIteration(value)}.
 *
 * @param <T> what the coroutine returns
 */
@FunctionalInterface
public interface Coroutine<T> {

    /**
     * Resumes the coroutine: {@code value} is null on the first call, then the result of the
     * future it last yielded.
     */
    Step<T> send(Object value);

    /**
     * Resumes the coroutine with the exception of the future it awaited
     * ({@code coro.throw(exc)}); the default lets it propagate, ending the coroutine.
     */
    default Step<T> throwInto(RuntimeException error) {
        throw error;
    }

    /** What one {@link #send} produced. */
    sealed interface Step<T> permits Yield, Return {}

    /** The coroutine awaits {@code future} ({@code yield future} inside {@code await}). */
    record Yield<T>(Future<?> future) implements Step<T> {
        public Yield {
            java.util.Objects.requireNonNull(future, "future");
        }
    }

    /** The coroutine returned {@code value} ({@code StopIteration(value)}). */
    record Return<T>(T value) implements Step<T> {}
}
