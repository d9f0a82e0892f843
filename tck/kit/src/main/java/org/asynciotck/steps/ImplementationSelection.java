package org.asynciotck.steps;

import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;
import org.asynciotck.spi.ImplementationProvider;
import org.asynciotck.spi.LoopImplementation;

/**
 * Chooses the implementation for a run that was started without the CLI (for
 * example {@code ./mvnw verify}): system property {@code asynciotck.impl}, else
 * environment variable {@code ASYNCIOTCK_IMPL}, else "reference". The id names an
 * {@link ImplementationProvider} on the class path; the kit names no adapter itself.
 */
final class ImplementationSelection {

    static final String PROPERTY = "asynciotck.impl";
    static final String ENVIRONMENT = "ASYNCIOTCK_IMPL";
    static final String DEFAULT_ID = "reference";

    private ImplementationSelection() {}

    static LoopImplementation fromEnvironment() {
        String chosen = System.getProperty(PROPERTY, System.getenv().getOrDefault(ENVIRONMENT, DEFAULT_ID));
        LoopImplementation implementation = create(chosen.trim().toLowerCase(Locale.ROOT));
        Runtime.getRuntime().addShutdownHook(new Thread(implementation::close, "asynciotck-close-implementation"));
        return implementation;
    }

    private static LoopImplementation create(String id) {
        List<ImplementationProvider> providers = ServiceLoader.load(ImplementationProvider.class).stream()
                .map(ServiceLoader.Provider::get).toList();
        return providers.stream().filter(provider -> provider.id().equals(id)).findFirst()
                .map(ImplementationProvider::create)
                .orElseThrow(() -> new IllegalArgumentException("unknown implementation [" + id + "] in -D" + PROPERTY
                        + " / " + ENVIRONMENT + ": the class path provides "
                        + providers.stream().map(ImplementationProvider::id).sorted().toList()
                        + " (an adapter's jar lists its provider in META-INF/services/"
                        + ImplementationProvider.class.getName() + ")"));
    }
}
