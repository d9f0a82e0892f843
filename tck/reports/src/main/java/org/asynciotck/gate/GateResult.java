package org.asynciotck.gate;

import java.util.List;

/**
 * The comparison of one run with its baseline.
 *
 * @param implementationId the implementation that ran
 * @param expected         how many rules the baseline expects not to pass
 * @param differences      what makes the gate fail; empty when the run matches the baseline
 * @param notes            what the reader should know but does not fail the gate (rules not run, INFO entries)
 */
public record GateResult(String implementationId, int expected, List<Difference> differences, List<String> notes) {

    public GateResult {
        differences = List.copyOf(differences);
        notes = List.copyOf(notes);
    }

    public boolean passed() {
        return differences.isEmpty();
    }
}
