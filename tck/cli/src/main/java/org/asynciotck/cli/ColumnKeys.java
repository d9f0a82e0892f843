package org.asynciotck.cli;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * The matrix's report folder names, one per column and unique across it ("cpython-3.12.1-c", then
 * "cpython-3.12.1-c-2"). A column knows its name only once its implementation has started and said its id,
 * and with {@code --jobs} columns start side by side; each still takes its name in the columns' order, so
 * the same command always writes the same folders. Column {@code i} waits for column {@code i - 1} to take
 * its name or give up; that column started before it, and its start is bounded by the handshake timeout.
 */
final class ColumnKeys {

    private final Set<String> taken = new HashSet<>();
    private final List<CompletableFuture<Void>> turns = new ArrayList<>();

    ColumnKeys(int columns) {
        for (int i = 0; i < columns; i++) {
            turns.add(new CompletableFuture<>());
        }
    }

    /** Column {@code column}'s name, made unique from {@code name}, after every earlier column took its own. */
    String take(int column, String name) {
        if (column > 0) {
            turns.get(column - 1).join();
        }
        try {
            return unique(name);
        } finally {
            pass(column);
        }
    }

    /** Column {@code column} takes no name (or has taken it): the next one may go. Idempotent. */
    void pass(int column) {
        if (column > 0) {
            turns.get(column - 1).join();
        }
        turns.get(column).complete(null);
    }

    /** A name for a column outside the ordered ones (merged from --from, after all are certified). */
    synchronized String unique(String name) {
        String candidate = name;
        for (int n = 2; !taken.add(candidate); n++) {
            candidate = name + "-" + n;
        }
        return candidate;
    }
}
