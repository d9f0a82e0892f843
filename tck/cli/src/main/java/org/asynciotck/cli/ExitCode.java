package org.asynciotck.cli;

/** The process exit codes of {@code tck}; the help text lists them too. */
final class ExitCode {

    /** Every MUST rule passed or was not applicable, and every core rule applied (docs/core.md), in a complete run. */
    static final int CONFORMANT = 0;
    /**
     * A MUST rule failed, crashed, timed out or errored, or the run was incomplete: broken off,
     * or interrupted by Ctrl-C or SIGTERM ({@link InterruptExit}). The one code of an incomplete run.
     */
    static final int NOT_CONFORMANT = 1;
    /** The command line or configuration is wrong; the message says what to change. */
    static final int USAGE = 2;
    /** The implementation could not be started. */
    static final int IMPLEMENTATION_NOT_STARTED = 3;
    /** The kit itself failed (a bug in the kit); the message says where. */
    static final int KIT_ERROR = 4;

    /** For the help text of every command. */
    static final java.util.Map<String, String> DESCRIPTIONS = descriptions();

    private static java.util.Map<String, String> descriptions() {
        java.util.Map<String, String> map = new java.util.LinkedHashMap<>();
        map.put(" " + CONFORMANT, "conformant: the run completed, every MUST rule passed or was not applicable, and no"
                + " core rule was not applicable (docs/core.md) (with --baseline: the run matches the baseline)");
        map.put(" " + NOT_CONFORMANT, "not conformant: a MUST rule did not pass, or the run was incomplete (also when interrupted "
                + "by Ctrl-C or SIGTERM) "
                + "(with --baseline: a new failure, a changed verdict or an unexpected pass)");
        map.put(" " + USAGE, "usage or configuration error (unknown implementation, bad tag expression, "
                + "unreadable or malformed baseline, "
                + "output folder not writable or in use by another run, out-of-range --timeout, no scenario selected)");
        map.put(" " + IMPLEMENTATION_NOT_STARTED, "the implementation could not be started");
        map.put(" " + KIT_ERROR, "the kit itself failed");
        return java.util.Collections.unmodifiableMap(map);
    }

    private ExitCode() {}
}
