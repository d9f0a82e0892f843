package org.asynciotck.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits {@code --command "AGENT COMMAND"} into words the way a POSIX shell would for the
 * simple cases: blanks separate words, single or double quotes keep blanks inside a word.
 * No variables, globbing or escapes: the command is started directly, never through a shell.
 */
final class CommandWords {

    private CommandWords() {}

    static List<String> split(String command) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (char c : command.toCharArray()) {
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (quote != 0) {
            throw new IllegalArgumentException("unbalanced " + quote + " in --command [" + command + "]: close the quote");
        }
        if (inWord) {
            words.add(word.toString());
        }
        if (words.isEmpty()) {
            throw new IllegalArgumentException("--command is empty: give the agent's command line");
        }
        return words;
    }
}
