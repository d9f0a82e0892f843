package org.asynciotck.process;

/**
 * The implementation cannot be run at all on this machine: the interpreter is missing or too
 * old, or the agent gave up before the handshake (for example because the loop it should drive
 * is not installed). Unlike {@link org.asynciotck.spi.ImplementationFailure} this is not a
 * verdict on a scenario: there is nothing to certify.
 */
public final class ImplementationUnavailable extends RuntimeException {

    private final String diagnostics;

    public ImplementationUnavailable(String message) {
        this(message, "", null);
    }

    public ImplementationUnavailable(String message, String diagnostics, Throwable cause) {
        super(message, cause);
        this.diagnostics = diagnostics == null ? "" : diagnostics;
    }

    /** What the agent wrote to its diagnostics stream (a tail), or "". */
    public String diagnostics() {
        return diagnostics;
    }
}
