package org.asynciotck.cli;

import java.io.PrintWriter;
import org.asynciotck.runner.ScenarioListener;
import org.asynciotck.runner.ScenarioResult;

/** "scenarios 12/44, failures 1" on stderr: rewritten in place on a terminal, every tenth line otherwise. */
final class ConsoleProgress implements ScenarioListener {

    private static final int LINE_EVERY = 10;

    private final PrintWriter err;
    private final boolean terminal;
    private int failures;

    ConsoleProgress(PrintWriter err, boolean terminal) {
        this.err = err;
        this.terminal = terminal;
    }

    @Override
    public synchronized void scenarioFinished(ScenarioResult result, int finished, int total) {
        if (result.verdict().isProblem()) {
            failures++;
        }
        String line = "scenarios " + finished + "/" + total + ", failures " + failures;
        boolean last = finished == total;
        if (terminal) {
            // The carriage return on its own: the console writer lets a bare one through as layout.
            err.print("\r");
            err.print(line);
            if (last) {
                err.println();
            }
            err.flush();
        } else if (last || finished % LINE_EVERY == 0) {
            err.println(line);
            err.flush();
        }
    }
}
