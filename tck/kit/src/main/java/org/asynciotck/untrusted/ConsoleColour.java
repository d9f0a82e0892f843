package org.asynciotck.untrusted;

/**
 * The only escape sequences the kit writes to a console: a few SGR colours of its own, each
 * wrapped around text that {@link ConsoleText#clean} has already made safe. No escape is ever
 * taken from outside; an implementation's text cannot carry one to the terminal.
 */
public enum ConsoleColour {
    /** MUST failures, crashes, "NOT CONFORMANT". */
    RED("31"),
    /** "CONFORMANT", passes. */
    GREEN("32"),
    /** SHOULD warnings, "INCOMPLETE". */
    YELLOW("33"),
    /** Secondary text: the rule that is running, INFO observations. */
    DIM("2");

    static final String RESET = "\u001b[0m";

    private final String start;

    ConsoleColour(String code) {
        this.start = "\u001b[" + code + "m";
    }

    String start() {
        return start;
    }
}
