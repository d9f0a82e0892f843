package org.asynciotck.process;

import java.nio.charset.StandardCharsets;

/** Bytes an agent sent, made safe to quote in a one-line message. */
final class Snippet {

    /** How many characters of an offending line a message quotes. */
    static final int MAX_CHARS = 200;

    private Snippet() {}

    /**
     * The first {@value #MAX_CHARS} characters of {@code bytes} (decoded as UTF-8, invalid
     * bytes replaced) in double quotes, with control characters, quotes and backslashes
     * escaped Java-style, followed by the total size when cut.
     */
    static String of(byte[] bytes) {
        String text = new String(BoundedLineReader.head(bytes, MAX_CHARS * 4), StandardCharsets.UTF_8);
        StringBuilder out = new StringBuilder("\"");
        int shown = 0;
        for (int i = 0; i < text.length() && shown < MAX_CHARS; i++, shown++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0)) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
        if (shown < text.length() || bytes.length > MAX_CHARS * 4) {
            out.append("... (").append(bytes.length).append(" bytes)");
        }
        return out.toString();
    }
}
