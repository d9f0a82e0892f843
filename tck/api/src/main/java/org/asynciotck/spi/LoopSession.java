package org.asynciotck.spi;

import java.util.ArrayList;
import java.util.List;

/**
 * One scenario's conversation with one fresh event loop. The kit sends
 * {@link Operation}s in order and reads back one {@link Outcome} for each.
 *
 * <p>An operation the loop refuses (it raises) is an {@link Outcome#error} and
 * never an exception here: exceptions are for the kit's own trouble with the
 * implementation ({@link ImplementationFailure}).
 *
 * @since 0.1
 */
public interface LoopSession extends AutoCloseable {

    /**
     * Performs one operation on the loop.
     *
     * @throws ImplementationFailure when the implementation crashed, hung past
     *     its bound or broke the protocol; the session is unusable afterwards
     * @throws OperationUnsupported when the implementation declares it does not support the
     *     operation (or one nested in it); nothing was performed and the session stays usable
     */
    Outcome perform(Operation operation);

    /**
     * Performs {@code operations} in order and answers one outcome each, as {@link #perform} one by one
     * would; an implementation may do it in one step (one hand-off to its loop thread, one round trip).
     * Used by the differential exploration, whose programs are known in advance (docs/exploration.md).
     *
     * @throws ImplementationFailure as {@link #perform}; the outcomes before it are lost
     * @throws OperationUnsupported as {@link #perform}
     */
    default List<Outcome> performAll(List<Operation> operations) {
        List<Outcome> outcomes = new ArrayList<>(operations.size());
        for (Operation operation : operations) {
            outcomes.add(perform(operation));
        }
        return outcomes;
    }

    /**
     * Closes the loop; never throws for a loop that is already broken.
     *
     * @throws ImplementationFailure when closing shows that the implementation broke the protocol
     *     (for example: it sent something after its reply to the close); the scenario's verdict
     */
    @Override
    void close();
}
