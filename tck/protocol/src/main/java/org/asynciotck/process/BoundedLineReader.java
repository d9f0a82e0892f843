package org.asynciotck.process;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Splits a byte stream into {@code \n}-terminated lines, never holding more than
 * {@code maxLineBytes} of one line: an agent that prints 100 MB on one line costs the kit
 * 1 MiB, not 100 MB.
 */
final class BoundedLineReader {

    private final InputStream in;
    private final int maxLineBytes;
    private final byte[] buffer = new byte[8192];
    /** Bytes of {@link #buffer} not yet handed out: [position, limit). */
    private int position;
    private int limit;

    BoundedLineReader(InputStream in, int maxLineBytes) {
        if (maxLineBytes < 1) {
            throw new IllegalArgumentException("maxLineBytes < 1: " + maxLineBytes);
        }
        this.in = in;
        this.maxLineBytes = maxLineBytes;
    }

    /**
     * The next line, or {@link StdoutItem.Oversized} once a line passes the limit (the caller
     * must stop reading then: the rest of that line is not skipped), or {@link StdoutItem.End}.
     */
    StdoutItem next() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        while (true) {
            if (position == limit) {
                limit = in.read(buffer);
                position = 0;
                if (limit < 0) {
                    limit = 0;
                    return new StdoutItem.End(line.toByteArray());
                }
            }
            int newline = indexOfNewline();
            int end = newline < 0 ? limit : newline;
            int room = maxLineBytes - line.size();
            if (end - position > room) {
                line.write(buffer, position, room);
                position += room;
                return new StdoutItem.Oversized(line.toByteArray(), maxLineBytes);
            }
            line.write(buffer, position, end - position);
            position = end;
            if (newline >= 0) {
                position++; // consume the newline itself
                return new StdoutItem.Line(line.toByteArray());
            }
        }
    }

    private int indexOfNewline() {
        for (int i = position; i < limit; i++) {
            if (buffer[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    /** The first {@code n} bytes of {@code bytes}, for messages. */
    static byte[] head(byte[] bytes, int n) {
        return bytes.length <= n ? bytes : Arrays.copyOf(bytes, n);
    }
}
