package org.asynciotck.runner;

import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What a failing scenario expected per loop iteration and what the loop did, for the reports'
 * iteration timeline (report.TimelineSvg). Labels are the implementation's records: untrusted text.
 *
 * @param expected      iteration → the callbacks the scenario expected there (0 = outside any iteration)
 * @param observed      iteration → the callbacks recorded there, in the order they ran
 * @param focus         the iteration of the expectation that broke, or -1 for an expected order
 * @param expectedOrder for "the callbacks ran in the order ...", that order; else empty
 */
public record Timeline(
        SortedMap<Integer, List<String>> expected, SortedMap<Integer, List<String>> observed, int focus,
        List<String> expectedOrder) {

    public Timeline {
        expected = copy(expected);
        observed = copy(observed);
        expectedOrder = expectedOrder == null ? List.of() : List.copyOf(expectedOrder);
    }

    /** Every iteration either row mentions, in order. */
    public List<Integer> iterations() {
        java.util.TreeSet<Integer> all = new java.util.TreeSet<>(expected.keySet());
        all.addAll(observed.keySet());
        if (focus >= 0) {
            all.add(focus);
        }
        return List.copyOf(all);
    }

    private static SortedMap<Integer, List<String>> copy(Map<Integer, List<String>> map) {
        SortedMap<Integer, List<String>> copy = new TreeMap<>();
        if (map != null) {
            map.forEach((k, v) -> copy.put(k, List.copyOf(v)));
        }
        return java.util.Collections.unmodifiableSortedMap(copy);
    }
}
