package org.asynciotck.steps;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses a list of quoted names as written in steps: {@code "a", "b" and "c"}. */
final class Labels {

    private static final Pattern QUOTED = Pattern.compile("\"([^\"]*)\"");

    private Labels() {}

    static List<String> parse(String text) {
        List<String> labels = new ArrayList<>();
        Matcher matcher = QUOTED.matcher(text);
        while (matcher.find()) {
            labels.add(matcher.group(1));
        }
        if (labels.isEmpty()) {
            throw new IllegalArgumentException("expected quoted names like \"a\", \"b\" and \"c\", got [" + text + "]");
        }
        return labels;
    }
}
