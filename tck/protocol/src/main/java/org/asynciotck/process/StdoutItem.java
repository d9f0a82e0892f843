package org.asynciotck.process;

/** What the reader of an agent's stdout hands to the conversation, in order. */
sealed interface StdoutItem {

    /** One complete line, without its terminating newline. */
    record Line(byte[] bytes) implements StdoutItem {}

    /** A line longer than the limit; reading stopped after {@code prefix}. */
    record Oversized(byte[] prefix, int limit) implements StdoutItem {}

    /**
     * The stream ended. {@code partial} holds bytes after the last newline (a line the agent
     * never finished), possibly empty.
     */
    record End(byte[] partial) implements StdoutItem {}

    /** Reading failed (the pipe broke under us). */
    record ReadFailed(String reason) implements StdoutItem {}
}
