package org.asynciotck.cli;

import java.io.PrintWriter;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/**
 * What a dependency logs through java.util.logging (the JUnit Platform's launcher reports discovery issues
 * that way, quoting the feature text it could not parse) reaches the terminal only through the kit's
 * sanitising console writer, like everything else the kit prints: JUL's own ConsoleHandler wrote control
 * characters of a hostile feature file raw to standard error (issue 27, case 4).
 */
final class LoggingThroughTheConsole extends Handler {

    private final PrintWriter err;

    private LoggingThroughTheConsole(PrintWriter err) {
        this.err = err;
        setFormatter(new SimpleFormatter());
    }

    /** Replaces the root logger's handlers with one that writes to {@code err} (a sanitising writer). */
    static void install(PrintWriter err) {
        Logger root = Logger.getLogger("");
        for (Handler handler : root.getHandlers()) {
            root.removeHandler(handler);
        }
        root.addHandler(new LoggingThroughTheConsole(err));
    }

    @Override
    public void publish(LogRecord record) {
        if (isLoggable(record)) {
            err.print(getFormatter().format(record));
            err.flush();
        }
    }

    @Override
    public void flush() {
        err.flush();
    }

    @Override
    public void close() {
        flush();
    }
}
