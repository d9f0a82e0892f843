package org.asynciotck.gate;

import java.util.Comparator;
import java.util.Map;
import java.util.TreeMap;

/**
 * The rules one implementation is expected not to pass, by rule ID. Every MUST and SHOULD rule
 * missing from it is expected to pass (or to be not applicable).
 */
public record ImplementationBaseline(Map<String, ExpectedVerdict> rules) {

    /** "LOOP-1" before "LOOP-10", families alphabetically: the order a reader scans a baseline in. */
    static final Comparator<String> RULE_ORDER = Comparator
            .comparing((String id) -> id.substring(0, Math.max(0, id.lastIndexOf('-'))))
            .thenComparingInt(ImplementationBaseline::ruleNumber)
            .thenComparing(Comparator.naturalOrder());

    public ImplementationBaseline {
        TreeMap<String, ExpectedVerdict> sorted = new TreeMap<>(RULE_ORDER);
        sorted.putAll(rules);
        rules = java.util.Collections.unmodifiableSortedMap(sorted);
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
