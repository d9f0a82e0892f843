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

    /**
     * Runs a whole program on a new event loop of its own: opens a session, performs {@code operations} in
     * order ({@link LoopSession#performAll}) and closes it. An implementation in another process may do it
     * in one round trip (the protocol's {@code program} request, docs/protocol.md).
     *
     * @throws ImplementationFailure as {@link LoopSession#perform}
     * @throws OperationUnsupported as {@link LoopSession#perform}
     */
    default java.util.List<Outcome> runProgram(java.util.List<Operation> operations) {
        try (LoopSession session = openSession()) {
            return session.performAll(operations);
        }
    }

    /** Releases whatever the implementation holds (processes, threads); sessions are closed first. */
    @Override
    default void close() {}
}
