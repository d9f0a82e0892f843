package org.asynciotck.spi;

/**
 * Thrown by {@link LoopSession#perform} when the implementation declares that it cannot perform an
 * operation at all: a Java loop that leaves an optional method out, an agent that answers
 * "unsupported". It is a declaration, not a loop's error (that is an {@link Outcome#error error
 * outcome}) and not the kit's trouble with the implementation ({@link ImplementationFailure}): the
 * kit reports the scenarios that need the operation as not applicable, with {@link #reason()}, and a
 * core rule that is then not applicable counts against the certificate.
 *
 * @since 0.1
 */
public final class OperationNotSupported extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String operation;

    /**
     * @param operation the operation's wire name, e.g. "add_reader"
     * @param reason    why, in the implementation's words, e.g. "my-loop has no readers"
     */
    public OperationNotSupported(String operation, String reason) {
        super(reason);
        this.operation = operation;
    }

    public String operation() {
        return operation;
    }

    public String reason() {
        return getMessage();
    }
}
