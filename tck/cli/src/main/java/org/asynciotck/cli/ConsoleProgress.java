package org.asynciotck.cli;

import java.io.PrintWriter;
import org.asynciotck.report.VerdictLabel;
import org.asynciotck.runner.RuleLevel;
import org.asynciotck.runner.ScenarioListener;
import org.asynciotck.runner.ScenarioResult;
import org.asynciotck.untrusted.ConsoleColour;
import org.asynciotck.untrusted.SanitisingPrintWriter;

/**
 * Progress on stderr. Each MUST failure and SHOULD warning gets a line of its own as soon as its
 * scenario ends ({@code "  NTODO-3 fail: [NTODO-3] ...: expected ..."}); INFO observations are for
 * the summary. On a terminal one line rewrites itself in place and names the scenario running
 * ({@code "[12/44] NTODO-3 The ready queue is first in, first out | failures 1"}), so a hang shows
 * where it hangs; elsewhere (a CI log) every tenth scenario prints {@code "scenarios 10/44,
 * failures 1"}. Colour, where the console has it: failures red, warnings yellow.
 */
final class ConsoleProgress implements ScenarioListener {

    private static final int LINE_EVERY = 10;
    /** The progress line is cut to this many characters, so that it fits one terminal line. */
    static final int PROGRESS_WIDTH = 100;
    /** A failure line shows this much of the message; the summary and the reports have the rest. */
    static final int REASON_WIDTH = 160;

    private final PrintWriter err;
    private final boolean terminal;
    private int failures;
    private int warnings;
    /** Characters of the progress line now on the terminal, to blank them out before another line. */
    private int shown;

    ConsoleProgress(PrintWriter err, boolean terminal) {
        this.err = err;
        this.terminal = terminal;
    }

    @Override
    public synchronized void scenarioStarted(String ruleId, String name, int started, int total) {
        if (terminal) {
            redraw("[" + started + "/" + total + "] " + (ruleId.isEmpty() ? "" : ruleId + " ") + name + counts());
        }
    }

    @Override
    public synchronized void scenarioFinished(ScenarioResult result, int finished, int total) {
        RuleLevel level = result.level().orElse(RuleLevel.MUST);
        boolean problem = result.verdict().isProblem() && level != RuleLevel.INFO;
        if (problem) {
            if (level == RuleLevel.MUST) {
                failures++;
            } else {
                warnings++;
            }
            if (terminal) {
                redraw("");
                err.print("\r");
            }
            err.print("  ");
            SanitisingPrintWriter.print(err, level == RuleLevel.MUST ? ConsoleColour.RED : ConsoleColour.YELLOW,
                    result.ruleId().orElse("?") + " " + VerdictLabel.of(level, result.verdict())
                            + (level == RuleLevel.SHOULD ? " (SHOULD warning)" : ""));
            err.print(": " + RunSummary.located(RunSummary.firstLine(result.message()), result.location(), REASON_WIDTH));
            err.println();
            shown = 0;
        }
        boolean last = finished == total;
        String line = "scenarios " + finished + "/" + total + counts().replace(" |", ",");
        if (terminal) {
            if (last) {
                redraw("");
                err.print("\r");
                SanitisingPrintWriter.print(err, failures > 0 ? ConsoleColour.RED : ConsoleColour.GREEN, line);
                err.println();
                shown = 0;
            }
        } else if (last || finished % LINE_EVERY == 0) {
            err.println(line);
        }
        err.flush();
    }

    private String counts() {
        return " | failures " + failures + (warnings > 0 ? ", warnings " + warnings : "");
    }

    /** Rewrites the progress line: the carriage return on its own, which the console writer lets through. */
    private void redraw(String text) {
        String line = cut(text, PROGRESS_WIDTH);
        err.print("\r");
        err.print(line + " ".repeat(Math.max(0, shown - line.length())));
        shown = line.length();
        err.flush();
    }

    private static String cut(String text, int width) {
        return text.length() <= width ? text : text.substring(0, width - 3) + "...";
    }
}
