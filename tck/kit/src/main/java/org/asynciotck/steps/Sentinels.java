package org.asynciotck.steps;

import java.util.List;
import java.util.stream.IntStream;

/** Names of the sentinel tasks a scenario creates in bulk: s1, s2, ... */
final class Sentinels {

    private Sentinels() {}

    static List<String> names(int count) {
        if (count < 1) {
            throw new IllegalArgumentException("sentinel count must be at least 1, got " + count);
        }
        return IntStream.rangeClosed(1, count).mapToObj(i -> "s" + i).toList();
    }
}
