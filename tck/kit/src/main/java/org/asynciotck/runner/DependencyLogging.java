package org.asynciotck.runner;

import java.io.IOException;

/**
 * What the kit's dependencies log goes nowhere unless the build chose where. Allure and the schema validator
 * log through SLF4J; in a loop author's build with no SLF4J provider on the class path, SLF4J's first use
 * prints three warnings ("No SLF4J providers were found", ...) that the author cannot act on: the kit is
 * what brought SLF4J in. So, before the first run touches Allure, and only when the class path holds no
 * provider and no {@value #PROVIDER_PROPERTY} is set, the kit names the no-operation provider SLF4J falls back to (and
 * keeps SLF4J from announcing that it did). A build that has a provider, or sets the property, keeps its
 * choice: its logging is its own.
 */
final class DependencyLogging {

    /** SLF4J 2's system property naming the provider to use instead of those on the class path. */
    static final String PROVIDER_PROPERTY = "slf4j.provider";
    /** SLF4J's own reports about itself (which provider it chose), at or above this level. */
    static final String VERBOSITY_PROPERTY = "slf4j.internal.verbosity";
    static final String NO_OPERATION_PROVIDER = "org.slf4j.helpers.NOP_FallbackServiceProvider";
    /** Where SLF4J 2 providers are registered, and SLF4J 1's binding, which SLF4J 2 still reports. */
    private static final String PROVIDERS = "META-INF/services/org.slf4j.spi.SLF4JServiceProvider";
    private static final String OLD_BINDING = "org/slf4j/impl/StaticLoggerBinder.class";

    private DependencyLogging() {}

    /** Chooses SLF4J's no-operation provider where the build chose nothing (see the class comment). */
    static synchronized void quietWhereUnchosen(ClassLoader classes) {
        if (System.getProperty(PROVIDER_PROPERTY) != null || classes.getResource(NO_OPERATION_PROVIDER.replace('.', '/')
                + ".class") == null || hasProvider(classes)) {
            return;
        }
        System.setProperty(PROVIDER_PROPERTY, NO_OPERATION_PROVIDER);
        if (System.getProperty(VERBOSITY_PROPERTY) == null) {
            System.setProperty(VERBOSITY_PROPERTY, "WARN");
        }
    }

    private static boolean hasProvider(ClassLoader classes) {
        try {
            return classes.getResources(PROVIDERS).hasMoreElements() || classes.getResource(OLD_BINDING) != null;
        } catch (IOException e) {
            return true; // cannot tell: leave SLF4J to choose, and to say what it chose
        }
    }
}
