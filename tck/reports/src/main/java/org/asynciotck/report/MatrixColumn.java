package org.asynciotck.report;

import java.util.Objects;
import org.asynciotck.runner.RunResult;

/**
 * One implementation of a matrix: certified, or could not be started.
 *
 * @param key        unique within the matrix; also the name of its report folder
 * @param spec       how it was named on the command line, e.g. {@code python:/usr/bin/python3:c}
 * @param result     its run, or null when it could not be started
 * @param startError why it could not be started, or null when it ran
 * @param provenance where and when the column was produced: this machine now, or as recorded in a merged
 *                   conformance.json ({@code matrix --from})
 * @param merged     true for a column read from a conformance.json made elsewhere
 */
public record MatrixColumn(String key, String spec, RunResult result, String startError, Provenance provenance,
        boolean merged) {

    public MatrixColumn {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(spec, "spec");
        if ((result == null) == (startError == null)) {
            throw new IllegalArgumentException("column [" + key + "] needs exactly one of a result and a start error");
        }
        Objects.requireNonNull(provenance, "provenance");
    }

    /** A column certified by this run, here and now. */
    public static MatrixColumn certified(String key, String spec, RunResult result) {
        Objects.requireNonNull(result, "result");
        return new MatrixColumn(key, spec, result, null, Provenance.here(result.implementation()), false);
    }

    /** A column read from a conformance.json produced elsewhere. */
    public static MatrixColumn merged(String key, String spec, RunResult result, Provenance provenance) {
        return new MatrixColumn(key, spec, Objects.requireNonNull(result, "result"), null, provenance, true);
    }

    public static MatrixColumn notStarted(String key, String spec, String reason) {
        return new MatrixColumn(key, spec, null, Objects.requireNonNull(reason, "reason"), Provenance.here("unknown"),
                false);
    }

    public boolean started() {
        return result != null;
    }

    public boolean conformant() {
        return started() && result.conformant();
    }
}
