package org.asynciotck.untrusted;

/**
 * The one console sanitiser: makes text that came from outside safe to print on a terminal.
 *
 * <p>C0 controls (except the newline, and the tab, shown as spaces), DEL, C1 controls, the Unicode line and paragraph
 * separators and the bidirectional controls are written as {@code \\uXXXX}, so an escape
 * sequence cannot clear the screen, set the window title or reorder a line, and the escapes stay
 * valid inside a JSON string. A newline inside the text is folded: it becomes a newline followed
 * by {@link #CONTINUATION}, so the text cannot start a line of its own that looks like one the
 * kit wrote (a forged "CONFORMANT"). Each line is capped at {@link #MAX_LINE} characters.
 * HTML, XML and JSON writers do their own escaping; this is for the console only.
 */
public final class ConsoleText {

    /** What a folded newline is followed by, so that the continuation reads as part of what came before. */
    public static final String CONTINUATION = "    | ";
    /** What a tab is shown as. */
    static final String TAB = "    ";
    /** The longest line echoed; the rest is replaced by a note saying how much was left out. */
    public static final int MAX_LINE = 1000;
    /** The most lines one piece of text may take on the console. */
    public static final int MAX_LINES = 60;

    private ConsoleText() {}

    /** {@code text} with every control escaped and embedded newlines folded. */
    public static String clean(String text) {
        if (text == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder(text.length() + 16);
        int lineStart = 0;
        int lines = 1;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n') {
                if (++lines > MAX_LINES) {
                    out.append(" ... (").append(countLines(text, i)).append(" more lines not shown)");
                    return out.toString();
                }
                out.append('\n').append(CONTINUATION);
                lineStart = out.length();
                continue;
            }
            if (out.length() - lineStart >= MAX_LINE) {
                int end = text.indexOf('\n', i);
                int left = (end < 0 ? text.length() : end) - i;
                out.append(" ... (").append(left).append(" more characters not shown)");
                if (end < 0) {
                    return out.toString();
                }
                i = end - 1;
                continue;
            }
            if (c == '\t') {
                out.append(TAB); // whitespace that forms no sequence; spaces read the same on every terminal
            } else if (isControl(c)) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** Whether {@code c} must not reach a terminal as itself (newline included; callers fold it). */
    public static boolean isControl(char c) {
        return c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f)
                || c == '\u2028' || c == '\u2029'
                || c == '\u061c' || c == '\u200e' || c == '\u200f'
                || (c >= '\u202a' && c <= '\u202e') || (c >= '\u2066' && c <= '\u2069');
    }

    private static int countLines(String text, int from) {
        int count = 0;
        for (int i = from; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                count++;
            }
        }
        return count;
    }
}
