package org.asynciotck.steps;

import org.asynciotck.spi.LoopImplementation;

/**
 * The implementation under test, shared by every scenario of a run.
 *
 * <p>Cucumber makes new step-definition objects for each scenario, but an
 * implementation (a process, a warmed-up agent) lives for the whole run, so it
 * is held here. The runner installs it with {@link #use}; when nothing was
 * installed (a plain {@code mvn verify} of the features) it is built once from
 * the system property / environment ({@link ImplementationSelection}).
 */
public final class CurrentImplementation {

    private static LoopImplementation current;

    private CurrentImplementation() {}

    /** Installs the implementation of a new run; nothing the last run found broken carries over. */
    public static synchronized void use(LoopImplementation implementation) {
        current = implementation;
        LifecyclePrimitives.reset();
    }

    public static synchronized LoopImplementation get() {
        if (current == null) {
            current = ImplementationSelection.fromEnvironment();
        }
        return current;
    }

    /** Forgets the implementation (without closing it: its owner does that). */
    public static synchronized void clear() {
        current = null;
    }
}
