package org.asynciotck.gate;

import java.nio.file.Path;

/** A baseline file that cannot be read or does not have the documented shape (docs/baseline.md). */
public final class BaselineException extends Exception {

    private final Path file;

    BaselineException(Path file, String problem, Throwable cause) {
        super("baseline [" + file + "] " + problem, cause);
        this.file = file;
    }

    public Path file() {
        return file;
    }
}
