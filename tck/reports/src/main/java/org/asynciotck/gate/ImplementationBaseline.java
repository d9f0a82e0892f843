package org.asynciotck.gate;

import java.util.Comparator;
import java.util.Map;
import java.util.TreeMap;

/**
 * The rules one implementation is expected not to pass, by rule ID. Every MUST and SHOULD rule
 * missing from it is expected to pass (or to be not applicable).
 *
 * @param rules   by rule ID
 * @param version the implementation's version the entry was recorded with, or null when the file
 *                does not say: data for the reader, never part of the comparison
 */
public record ImplementationBaseline(Map<String, ExpectedVerdict> rules, String version) {

    /** "LOOP-1" before "LOOP-10", families alphabetically: the order a reader scans a baseline in. */
    static final Comparator<String> RULE_ORDER = Comparator
            .comparing((String id) -> id.substring(0, Math.max(0, id.lastIndexOf('-'))))
            .thenComparingInt(ImplementationBaseline::ruleNumber)
            .thenComparing(Comparator.naturalOrder());

    public ImplementationBaseline {
        TreeMap<String, ExpectedVerdict> sorted = new TreeMap<>(RULE_ORDER);
        sorted.putAll(rules);
        rules = java.util.Collections.unmodifiableSortedMap(sorted);
        version = version == null || version.isBlank() ? null : version;
    }

    /** An entry that does not say which version it was recorded with. */
    public ImplementationBaseline(Map<String, ExpectedVerdict> rules) {
        this(rules, null);
    }

    /** The baseline of an implementation expected to pass every MUST and SHOULD rule. */
    public static ImplementationBaseline allPass() {
        return new ImplementationBaseline(Map.of());
    }

    private static int ruleNumber(String id) {
        try {
            return Integer.parseInt(id.substring(id.lastIndexOf('-') + 1));
        } catch (NumberFormatException e) {
            return Integer.MAX_VALUE;
        }
    }
}
