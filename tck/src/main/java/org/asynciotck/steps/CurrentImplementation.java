package org.asynciotck.steps;

import org.asynciotck.spi.LoopImplementation;

/**
 * The implementation under test, handed from the runner to the step definitions.
 *
 * <p>Cucumber instantiates glue classes itself, so the runner cannot pass the
 * implementation in; this holder is the one place both sides meet. A run sets it
 * with {@link #use} before launching and {@link #clear}s it afterwards.
 */
public final class CurrentImplementation {

    private static volatile LoopImplementation current;

    private CurrentImplementation() {}

    /** Makes {@code impl} the implementation every following scenario talks to. */
    public static void use(LoopImplementation impl) {
        if (impl == null) {
            throw new IllegalArgumentException("impl == null: pass the implementation under test");
        }
        current = impl;
    }

    /** The implementation set by {@link #use}. */
    public static LoopImplementation get() {
        LoopImplementation impl = current;
        if (impl == null) {
            throw new IllegalStateException(
                    "no implementation under test: call CurrentImplementation.use(...) before running the features");
        }
        return impl;
    }

    /** Forgets the implementation, so a later run cannot talk to a closed one by accident. */
    public static void clear() {
        current = null;
    }
}
