package org.asynciotck.report;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.function.Function;
import org.asynciotck.runner.RunResult;

/**
 * Makes sure a run leaves reports behind however it ends: normally ({@link #finish}),
 * by an exception in the kit, or by Ctrl-C (a JVM shutdown hook writes what was
 * collected so far, marked {@code "complete": false}).
 *
 * <p>Exactly one of these writes happens; the lock keeps the hook and the main
 * thread from writing at the same time.
 */
public final class InterruptSafeReporting implements AutoCloseable {

    private final ReportWriter writer;
    private final Function<String, RunResult> partialResult;
    private final PrintWriter console;
    private final Thread hook;
    private final Object lock = new Object();
    private boolean written;

    /**
     * @param partialResult what has been collected so far, given why the run was cut; called from the hook's thread
     * @param console       where to say that partial reports were written
     */
    public InterruptSafeReporting(ReportWriter writer, Function<String, RunResult> partialResult, PrintWriter console) {
        this.writer = writer;
        this.partialResult = partialResult;
        this.console = console;
        this.hook = new Thread(() -> writePartial("run interrupted"), "asyncio-tck-partial-report");
    }

    /** Registers the shutdown hook; call before the run starts. */
    public InterruptSafeReporting install() {
        Runtime.getRuntime().addShutdownHook(hook);
        return this;
    }

    /** Writes the final reports (unless the hook already wrote partial ones). */
    public void finish(RunResult result) throws IOException {
        synchronized (lock) {
            if (written) {
                return;
            }
            writer.write(result);
            written = true;
        }
    }

    /**
     * Writes what has been collected so far, unless some reports were already written.
     *
     * @param why what happened to the run, for the console line ("run interrupted")
     */
    public void writePartial(String why) {
        synchronized (lock) {
            if (written) {
                return;
            }
            try {
                writer.write(partialResult.apply(why));
                written = true;
                console.println(why + ": partial reports written to " + writer.directory());
                console.flush();
            } catch (IOException | UncheckedIOException e) {
                console.println(why + ": could not write partial reports to " + writer.directory()
                        + ": " + e.getMessage());
            }
        }
    }

    /** Writes partial reports if nothing was written yet (the run broke off), and removes the hook. */
    @Override
    public void close() {
        writePartial("run broke off");
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shutdownInProgress) {
            // The JVM is already shutting down; the hook has run or is running, nothing to undo.
        }
    }
}
