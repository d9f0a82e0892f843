package org.asynciotck.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The generated part of a hand-written page: everything between {@value #START} and
 * {@value #END} belongs to the kit and is replaced as a whole; the rest is left as it is.
 */
public final class ReadmeBlock {

    public static final String START = "<!-- matrix:start -->";
    public static final String END = "<!-- matrix:end -->";

    private ReadmeBlock() {}

    /** Checks, before any work is done, that {@code page} can take a generated block. */
    public static void requireMarkers(Path page) throws IOException {
        if (!Files.isRegularFile(page)) {
            throw new IllegalArgumentException("no file " + page + " to write the matrix into");
        }
        locate(Files.readString(page, StandardCharsets.UTF_8), page);
    }

    /** Replaces the generated block of {@code page} with {@code content}; written atomically. */
    public static void replace(Path page, String content) throws IOException {
        String text = Files.readString(page, StandardCharsets.UTF_8);
        int[] block = locate(text, page);
        AtomicFiles.write(page, text.substring(0, block[0]) + START + "\n" + content + END + text.substring(block[1]));
    }

    private static int[] locate(String text, Path page) {
        int start = text.indexOf(START);
        int end = text.indexOf(END);
        if (start < 0 || end < start) {
            throw new IllegalArgumentException(page + " has no generated block: add the lines " + START + " and "
                    + END + " where the matrix belongs");
        }
        return new int[] {start, end + END.length()};
    }
}
