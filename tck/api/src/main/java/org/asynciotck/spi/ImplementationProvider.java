package org.asynciotck.spi;

/**
 * Makes an implementation that a user names by id, for runs started without the command line
 * (for example {@code -Dasynciotck.impl=reference} in a plain {@code ./mvnw verify}). Providers are
 * found with {@link java.util.ServiceLoader}: an adapter's jar lists its provider in
 * {@code META-INF/services/org.asynciotck.spi.ImplementationProvider}, so the kit names no adapter.
 *
 * @since 0.1
 */
public interface ImplementationProvider {

    /** The id users name the implementation by; lower case, unique among the providers on the class path. */
    String id();

    /** A new implementation; the caller closes it. */
    LoopImplementation create();
}
