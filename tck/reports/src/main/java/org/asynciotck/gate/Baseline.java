package org.asynciotck.gate;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.asynciotck.spi.ImplementationInfo;

/**
 * The expected non-passing rules of several implementations, by implementation identity (the
 * name without its version, {@link ImplementationInfo#identity()}): what a CI gate compares a
 * run against (file format in docs/baseline.md). Entries keyed by the versioned id of earlier
 * kits still match, with a note saying how to re-key them.
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

    /**
     * The entry a run of {@code implementation} is compared with.
     *
     * @param key   the key it was found under
     * @param entry the expected verdicts
     * @param notes what the reader should know and what never fails the gate: a version change, an old key
     */
    public record Match(String key, ImplementationBaseline entry, List<String> notes) {
        public Match {
            notes = List.copyOf(notes);
        }
    }

    /**
     * The entry for {@code implementation}: the one keyed by its identity, else (a baseline written
     * before identities) the one keyed by its versioned id.
     */
    public Optional<Match> find(ImplementationInfo implementation) {
        String identity = implementation.identity();
        List<String> notes = new ArrayList<>();
        ImplementationBaseline entry = implementations.get(identity);
        String key = identity;
        if (entry == null && !implementation.id().equals(identity)) {
            entry = implementations.get(implementation.id());
            key = implementation.id();
            if (entry != null) {
                notes.add("the entry is keyed by the versioned id \"" + key + "\", which the next release will not match: "
                        + "rename the key to the identity \"" + identity + "\" (or rewrite the file with "
                        + "'asyncio-tck baseline --merge FILE')");
            }
        }
        if (entry == null) {
            return Optional.empty();
        }
        if (entry.version() != null && !entry.version().equals(implementation.version())) {
            notes.add("version changed: the entry for " + key + " was recorded with version " + entry.version()
                    + ", this run is version " + implementation.version()
                    + " (compared by identity; refresh the entry with 'asyncio-tck baseline --merge FILE')");
        }
        return Optional.of(new Match(key, entry, notes));
    }

    /** This baseline with {@code implementation}'s entry, keyed by its identity, replacing any older key of it. */
    public Baseline with(ImplementationInfo implementation, ImplementationBaseline entry) {
        Map<String, ImplementationBaseline> updated = new TreeMap<>(implementations);
        updated.remove(implementation.id());
        updated.put(implementation.identity(), entry);
        return new Baseline(updated);
    }

    /** This baseline with {@code implementationId}'s entry replaced (or added). */
    public Baseline with(String implementationId, ImplementationBaseline entry) {
        Map<String, ImplementationBaseline> updated = new TreeMap<>(implementations);
        updated.put(implementationId, entry);
        return new Baseline(updated);
    }
}
