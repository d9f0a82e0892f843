package org.asynciotck.runner;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Links to the CPython sources a feature cites. Each feature's description has a paragraph
 * starting "Source: CPython Lib/asyncio/&lt;file&gt;.py, &lt;function&gt;"; the files it names
 * become links, so no rule needs its link written by hand.
 */
public final class CpythonSource {

    /** The CPython branch the links point at; the features describe 3.10 to 3.13, 3.12 is the middle. */
    static final String BLOB = "https://github.com/python/cpython/blob/3.12/";

    private static final Pattern SOURCE_PARAGRAPH = Pattern.compile("(?s)Source:(.*?)(?:\\n\\s*\\n|$)");
    private static final Pattern FILE = Pattern.compile("\\b(Lib/asyncio/[A-Za-z_]+\\.py|Modules/_asynciomodule\\.c)\\b");

    private CpythonSource() {}

    /**
     * The CPython files named in the "Source:" paragraph of {@code description}, in the order named,
     * each once: file path ("Lib/asyncio/tasks.py") to its URL. Empty when there is no such paragraph
     * or it cites only the source document.
     */
    public static Map<String, String> links(String description) {
        Map<String, String> links = new LinkedHashMap<>();
        if (description == null) {
            return links;
        }
        Matcher paragraph = SOURCE_PARAGRAPH.matcher(description);
        while (paragraph.find()) {
            Matcher file = FILE.matcher(paragraph.group(1));
            while (file.find()) {
                links.putIfAbsent(file.group(1), BLOB + file.group(1));
            }
        }
        return links;
    }
}
