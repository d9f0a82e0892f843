package org.asynciotck.cli;

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

    private InterruptExit() {}

    static void install() {
        for (String name : new String[] {"INT", "TERM"}) {
            try {
                Signal.handle(new Signal(name), signal -> System.exit(ExitCode.NOT_CONFORMANT));
            } catch (IllegalArgumentException e) {
                // This platform has no such signal, or the JVM reserves it: its default stays.
            }
        }
    }
}
