package org.asynciotck.spi;

import java.util.Objects;

/**
 * The implementation declares that it does not support an operation (docs/protocol.md,
 * "Unsupported operations"): not a crash, not a protocol error, and the session stays usable.
 * A scenario that needs the operation is not applicable, with this reason; a core rule's scenario
 * fails instead (docs/core.md), since every loop must be able to run those.
 *
 * @since 0.1
 */
public final class OperationUnsupported extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String operation;
    private final String reason;

    /**
     * @param operation the wire name of the operation not supported (the request's, or one nested in it)
     * @param reason    why, in the implementation's words (untrusted text: escape it before printing)
     */
    public OperationUnsupported(String operation, String reason) {
        super("does not support the operation " + Objects.requireNonNull(operation, "operation") + ": "
                + Objects.requireNonNull(reason, "reason"));
        this.operation = operation;
        this.reason = reason;
    }

    /** The wire name of the operation, e.g. "select_timeout". */
    public String operation() {
        return operation;
    }

    /** The implementation's reason. */
    public String reason() {
        return reason;
    }
}
