package org.asynciotck.steps;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Matches an error message against a template from a feature file, where
 * {@code {a}} stands for "some representation of task a" (CPython prints the
 * task's repr, e.g. {@code <Task pending name='a' coro=<...>>}, and other loops
 * their own): any text in which the name stands as a word of its own. Everything else
 * must appear as written; a trailing full stop is optional.
 */
final class MessageTemplate {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([^}]+)}");

    private MessageTemplate() {}

    static boolean matches(String template, String message) {
        if (message == null) {
            return false;
        }
        StringBuilder regex = new StringBuilder();
        Matcher matcher = PLACEHOLDER.matcher(template);
        int last = 0;
        while (matcher.find()) {
            regex.append(Pattern.quote(template.substring(last, matcher.start())));
            regex.append(".*?(?<!\\w)").append(Pattern.quote(matcher.group(1))).append("(?!\\w).*?");
            last = matcher.end();
        }
        regex.append(Pattern.quote(template.substring(last))).append("\\.?");
        return Pattern.compile(regex.toString(), Pattern.DOTALL).matcher(message.trim()).matches();
    }
}
