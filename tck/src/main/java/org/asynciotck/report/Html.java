package org.asynciotck.report;

/**
 * Escapes text for HTML and SVG (XML) content and attribute values. Every string
 * that comes from an implementation or a feature file goes through here.
 */
public final class Html {

    private Html() {}

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
                    // Control characters other than tab and newlines are not allowed in XML at all.
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
