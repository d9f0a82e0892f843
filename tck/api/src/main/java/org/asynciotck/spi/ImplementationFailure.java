package org.asynciotck.spi;

/**
 * The implementation could not answer: it crashed, hung, or said something the
 * kit cannot read. It becomes the scenario's verdict ({@link Kind}), never the
 * end of the run.
 *
 * @since 0.1
 */
public final class ImplementationFailure extends RuntimeException {

    /** How the implementation failed; each kind is one verdict in the reports. */
    public enum Kind {
        /** The process died, e.g. "crashed (signal 11)". */
        CRASHED,
        /** No answer within the per-operation bound. */
        TIMED_OUT,
        /** An answer the protocol does not allow (malformed, oversized, out of sequence). */
        PROTOCOL_ERROR
    }

    private final Kind kind;
    private final String diagnostics;

    public ImplementationFailure(Kind kind, String message, String diagnostics) {
        super(message);
        this.kind = kind;
        this.diagnostics = diagnostics == null ? "" : diagnostics;
    }

    public Kind kind() {
        return kind;
    }

    /** What the implementation printed to its diagnostics stream before failing (a tail), or "". */
    public String diagnostics() {
        return diagnostics;
    }
}
