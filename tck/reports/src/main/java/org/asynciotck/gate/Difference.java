package org.asynciotck.gate;

import java.util.Objects;

/**
 * One way a run differs from its baseline; each makes the gate fail.
 *
 * @param kind   what kind of difference
 * @param ruleId the rule concerned, or "" for the run as a whole
 * @param line   the one line printed for it, e.g. {@code new failure: NTODO-4 fail: ...}
 */
public record Difference(Kind kind, String ruleId, String line) {

    public enum Kind {
        /** A MUST or SHOULD rule did not pass, and the baseline does not list it. */
        NEW_FAILURE("new failure"),
        /** A rule the baseline lists passed or was not applicable: the baseline must be updated. */
        UNEXPECTED_PASS("unexpected pass"),
        /** A rule the baseline lists did not pass, but with another verdict (e.g. fail instead of crashed). */
        WRONG_VERDICT("wrong verdict"),
        /** The run broke off, so the comparison is not worth anything. */
        INCOMPLETE_RUN("incomplete run");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    public Difference {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(ruleId, "ruleId");
        Objects.requireNonNull(line, "line");
    }
}
