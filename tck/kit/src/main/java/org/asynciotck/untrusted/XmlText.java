package org.asynciotck.untrusted;

/**
 * Escapes text for XML content and attribute values (HTML and SVG alike): the five special
 * characters become entities, and the control characters XML does not allow at all (all but
 * tab and the newlines) become U+FFFD. The one place both the reports and the pictures escape.
 */
public final class XmlText {

    private XmlText() {}

    public static String escape(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(text.length() + 16);
        text.codePoints().forEach(c -> {
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> {
                    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') {
                        out.append('\uFFFD');
                    } else {
                        out.appendCodePoint(c);
                    }
                }
            }
        });
        return out.toString();
    }
}
