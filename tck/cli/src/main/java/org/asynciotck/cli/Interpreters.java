package org.asynciotck.cli;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

/** Whether an interpreter given on the command line can be started at all: a path, or a name on PATH. */
final class Interpreters {

    private Interpreters() {}

    static boolean exists(Path interpreter) {
        if (interpreter.getNameCount() > 1 || interpreter.isAbsolute()) {
            return Files.isExecutable(interpreter);
        }
        String path = System.getenv().getOrDefault("PATH", "");
        for (String folder : path.split(File.pathSeparator)) {
            if (!folder.isEmpty() && Files.isExecutable(Path.of(folder).resolve(interpreter))) {
                return true;
            }
        }
        return false;
    }
}
