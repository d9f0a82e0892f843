package org.asynciotck.gate;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The expected non-passing rules of several implementations, by implementation ID: what a CI
 * gate compares a run against (file format in docs/baseline.md).
 */
public record Baseline(Map<String, ImplementationBaseline> implementations) {

    public Baseline {
        implementations = Collections.unmodifiableSortedMap(new TreeMap<>(implementations));
    }

    public static Baseline empty() {
        return new Baseline(Map.of());
    }

    /** Reads and checks a baseline file; the exception's message names the file and the problem. */
    public static Baseline read(Path file) throws BaselineException {
        return BaselineJson.read(file);
    }

    /** Writes this baseline as pretty-printed JSON, implementations and rules in a stable order. */
    public void write(Writer out) throws IOException {
        BaselineJson.write(this, out);
    }

    public Optional<ImplementationBaseline> of(String implementationId) {
        return Optional.ofNullable(implementations.get(implementationId));
    }

    /** This baseline with {@code implementationId}'s entry replaced (or added). */
    public Baseline with(String implementationId, ImplementationBaseline entry) {
        Map<String, ImplementationBaseline> updated = new TreeMap<>(implementations);
        updated.put(implementationId, entry);
        return new Baseline(updated);
    }
}
