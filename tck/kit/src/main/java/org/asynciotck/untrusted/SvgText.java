package org.asynciotck.untrusted;

/**
 * Makes text from an implementation (a callback's label, a scenario's message) safe inside an SVG
 * {@code <text>} or attribute: controls, line separators and the bidirectional controls are written
 * as {@code \\uXXXX} (as {@link ConsoleText} does, so a label cannot reorder the picture's text or
 * break it over lines), XML's five special characters become entities, and the text is cut to a
 * number of code points with "…", so that a chip keeps its size whatever the label.
 */
public final class SvgText {

    private SvgText() {}

    /** {@code text} escaped for SVG, at most {@code maxCodePoints} shown (then "…"). */
    public static String of(String text, int maxCodePoints) {
        if (text == null) {
            return "";
        }
        StringBuilder plain = new StringBuilder(text.length());
        int shown = 0;
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            i += Character.charCount(c);
            if (shown == maxCodePoints) {
                plain.append('…');
                break;
            }
            if (c <= Character.MAX_VALUE && ConsoleText.isControl((char) c)
                    || Character.getType(c) == Character.FORMAT || Character.getType(c) == Character.SURROGATE) {
                plain.append(String.format("\\u%04x", c));
            } else {
                plain.appendCodePoint(c);
            }
            shown++;
        }
        return XmlText.escape(plain.toString()); // controls are written out above, so none is replaced here
    }
}
