package org.asynciotck.cli;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import sun.misc.Signal;

/**
 * Makes Ctrl-C (SIGINT) and SIGTERM end the kit with the exit code README promises for an
 * incomplete run, {@link ExitCode#NOT_CONFORMANT}, instead of the JVM's 130 or 143. The exit
 * runs the shutdown hooks as before: the partial reports are written, every agent is ended.
 *
 * <p>{@code sun.misc.Signal} is the JDK's supported way to handle a signal (module
 * {@code jdk.unsupported}, kept for exactly this); where the platform does not know a signal,
 * the JVM's own handling stays.
 */
final class InterruptExit {

    /**
     * What must happen when a signal arrives, before the exit starts the shutdown hooks (which end the
     * agents at the same time as they write the partial reports): a run in progress freezes its results,
     * so the scenario the signal cut is not-run, never "crashed" by the kit's own kill.
     */
    private static final List<Runnable> BEFORE_EXIT = new CopyOnWriteArrayList<>();

    private InterruptExit() {}

    /** Runs {@code action} when a signal ends the kit, until the returned registration is closed. */
    static Registration beforeExit(Runnable action) {
        BEFORE_EXIT.add(action);
        return () -> BEFORE_EXIT.remove(action);
    }

    /** A {@link #beforeExit} action, withdrawn by {@link #close}. */
    interface Registration extends AutoCloseable {
        @Override
        void close();
    }

    static void install() {
        for (String name : new String[] {"INT", "TERM"}) {
            try {
                Signal.handle(new Signal(name), signal -> {
                    BEFORE_EXIT.forEach(Runnable::run);
                    System.exit(ExitCode.NOT_CONFORMANT);
                });
            } catch (IllegalArgumentException e) {
                // This platform has no such signal, or the JVM reserves it: its default stays.
            }
        }
    }
}
