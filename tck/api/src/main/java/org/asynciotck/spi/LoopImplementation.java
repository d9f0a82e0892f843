package org.asynciotck.spi;

/**
 * What an implementation supplies to be certified: a description of itself and
 * a way to open a session on a fresh event loop.
 *
 * <p>The kit never guesses what an implementation can do: everything it may be
 * asked is declared in {@link ImplementationInfo#capabilities()} and
 * {@link ImplementationInfo#apiLevel()}. A rule that needs more is reported
 * "not applicable" with the missing capability named.
 *
 * @since 0.1
 */
public interface LoopImplementation extends AutoCloseable {

    /** Identity, API level and capabilities; stable for the life of this object. */
    ImplementationInfo info();

    /**
     * The longest one operation (the handshake included) may take before the implementation is
     * declared hung. The kit derives the bound of a whole run from it (docs/threads-and-time.md).
     */
    default java.time.Duration operationBound() {
        return java.time.Duration.ofSeconds(10);
    }

    /** A session on a new event loop that no other session has touched. */
    LoopSession openSession();

    /** Releases whatever the implementation holds (processes, threads); sessions are closed first. */
    @Override
    default void close() {}
}
