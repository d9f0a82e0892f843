package org.asynciotck.untrusted;

/**
 * Text that an implementation chose (a label a loop rewrote, an error type, a detail made of its trace, its
 * name) written into a file the kit writes as code or as a spec: one line, with every control character,
 * line separator and bidirectional override ({@link ConsoleText#isControl}, NUL included) written as a
 * {@code \\uXXXX} escape. So it can neither start a line of its own (a Gherkin scenario, a Python statement) nor
 * make the file unreadable (NUL in Python source) nor hide what it says (U+202E). HTML is escaped by
 * {@code Html.escape}, XML by {@link XmlText}.
 */
public final class FileText {

    private FileText() {}

    /** {@code text} on one line, its controls escaped as {@code \\uXXXX}. */
    public static String oneLine(String text) {
        if (text == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (ConsoleText.isControl(c) || c == '\ufeff') {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /**
     * A Python string literal of {@code text}: double-quoted, backslash and quote escaped, every control as
     * {@code \\uXXXX} (a valid escape in a Python str literal, so the script reads back the same string).
     */
    public static String pythonString(String text) {
        return "\"" + oneLine(text.replace("\\", "\\\\").replace("\"", "\\\"")) + "\"";
    }
}
