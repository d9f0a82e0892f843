package org.asynciotck.report;

import org.asynciotck.untrusted.XmlText;

/**
 * Escapes text for HTML and SVG (XML) content and attribute values. Every string
 * that comes from an implementation or a feature file goes through here.
 */
public final class Html {

    private Html() {}

    public static String escape(String text) {
        return XmlText.escape(text);
    }
}
