package org.asynciotck.untrusted;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * The one place that turns an implementation-supplied string (its id, name or version) into a
 * folder under a reports root. The name keeps only letters, digits, '.', '_' and '-', so it
 * cannot climb out; the containment check says so again for the resolved path, so a change to
 * the name rule (or a symbolic link planted in the root) cannot make a run write elsewhere.
 * Nothing here creates a folder: callers create it only after the check.
 */
public final class ReportFolders {

    /** Longer names are cut: a folder name is for finding the reports, not for the whole version string. */
    static final int MAX_NAME_LENGTH = 100;
    /** The name of a folder whose text had nothing usable in it. */
    static final String FALLBACK = "implementation";

    private ReportFolders() {}

    /** A folder name made of {@code text}: never empty, never "." or "..", never starting with '.' or '_'. */
    public static String name(String text) {
        String name = (text == null ? "" : text).replaceAll("[^A-Za-z0-9._-]+", "_").replaceAll("^[._]+", "");
        if (name.length() > MAX_NAME_LENGTH) {
            name = name.substring(0, MAX_NAME_LENGTH);
        }
        return name.isEmpty() ? FALLBACK : name;
    }

    /**
     * {@code root/name(text)}, checked to lie strictly under {@code root} once resolved and
     * normalised (and, where they exist, with symbolic links followed).
     *
     * @throws IllegalArgumentException naming the text, the folder and the root when it does not
     */
    public static Path inside(Path root, String text) {
        Path base = root.toAbsolutePath().normalize();
        Path folder = base.resolve(name(text)).normalize();
        if (!folder.startsWith(base) || folder.equals(base) || escapesThroughLinks(base, folder)) {
            throw new IllegalArgumentException("report folder for [" + text + "] would be " + folder
                    + ", outside the reports root " + base + ": pass --out with a folder of your choice");
        }
        return folder;
    }

    private static boolean escapesThroughLinks(Path base, Path folder) {
        if (!Files.exists(folder, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        try {
            return !folder.toRealPath().startsWith(base.toRealPath());
        } catch (IOException e) {
            return true; // a folder whose real place cannot be told is not known to be inside
        }
    }
}
