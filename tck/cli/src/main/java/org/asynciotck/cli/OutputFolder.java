package org.asynciotck.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Checks that reports can be written before a run spends any time. */
final class OutputFolder {

    private OutputFolder() {}

    /** @throws IllegalArgumentException naming the folder, the reason and the fix */
    static Path requireWritable(Path folder) {
        try {
            Files.createDirectories(folder);
            Path probe = Files.createTempFile(folder, ".write-check", ".tmp");
            Files.delete(probe);
            return folder;
        } catch (IOException | SecurityException e) {
            throw new IllegalArgumentException("output folder [" + folder + "] is not writable (" + e.getClass().getSimpleName()
                    + ": " + e.getMessage() + "): pass --out with a folder you can write to");
        }
    }
}
