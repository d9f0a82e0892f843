package org.asynciotck.steps;

import java.util.Locale;
import org.asynciotck.reference.ReferenceImplementation;
import org.asynciotck.spi.LoopImplementation;

/**
 * Chooses the implementation for a run that was started without the CLI (for
 * example {@code ./mvnw verify}): system property {@code asynciotck.impl}, else
 * environment variable {@code ASYNCIOTCK_IMPL}, else the reference loop.
 */
final class ImplementationSelection {

    static final String PROPERTY = "asynciotck.impl";
    static final String ENVIRONMENT = "ASYNCIOTCK_IMPL";

    private ImplementationSelection() {}

    static LoopImplementation fromEnvironment() {
        String chosen = System.getProperty(PROPERTY, System.getenv().getOrDefault(ENVIRONMENT, "reference"));
        LoopImplementation implementation = create(chosen.trim().toLowerCase(Locale.ROOT));
        Runtime.getRuntime().addShutdownHook(new Thread(implementation::close, "asynciotck-close-implementation"));
        return implementation;
    }

    private static LoopImplementation create(String name) {
        if (name.equals("reference")) {
            return new ReferenceImplementation();
        }
        throw new IllegalArgumentException("unknown implementation [" + name + "] in -D" + PROPERTY + " / "
                + ENVIRONMENT + ": use one of reference");
    }
}
