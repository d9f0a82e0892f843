package org.asynciotck.gate;

import java.util.Objects;
import org.asynciotck.runner.Verdict;

/**
 * What a baseline expects of one rule that does not pass: the verdict it should keep having, and
 * why that is accepted (an erratum, a known bug upstream, a design choice of the loop).
 *
 * @param verdict a problem verdict: crashed, timed-out, error or fail
 * @param reason  a human explanation; never blank
 */
public record ExpectedVerdict(Verdict verdict, String reason) {

    public ExpectedVerdict {
        Objects.requireNonNull(verdict, "verdict");
        if (!verdict.isProblem()) {
            throw new IllegalArgumentException("expected verdict [" + verdict.wireName()
                    + "] is not a problem verdict: a baseline lists only rules that do not pass");
        }
        if (reason == null || reason.isBlank()) {
            throw new IllegalArgumentException("reason is blank: say why the verdict is accepted");
        }
    }
}
