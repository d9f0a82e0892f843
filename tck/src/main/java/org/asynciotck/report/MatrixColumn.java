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
 */
public record MatrixColumn(String key, String spec, RunResult result, String startError) {

    public MatrixColumn {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(spec, "spec");
        if ((result == null) == (startError == null)) {
            throw new IllegalArgumentException("column [" + key + "] needs exactly one of a result and a start error");
        }
    }

    public static MatrixColumn certified(String key, String spec, RunResult result) {
        return new MatrixColumn(key, spec, Objects.requireNonNull(result, "result"), null);
    }

    public static MatrixColumn notStarted(String key, String spec, String reason) {
        return new MatrixColumn(key, spec, null, Objects.requireNonNull(reason, "reason"));
    }

    public boolean started() {
        return result != null;
    }

    public boolean conformant() {
        return started() && result.conformant();
    }
}
