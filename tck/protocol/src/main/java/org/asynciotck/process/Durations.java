package org.asynciotck.process;

import java.time.Duration;

/** Durations as messages show them. */
public final class Durations {

    private Durations() {}

    /** "10 s" for whole seconds, else "1500 ms". */
    public static String describe(Duration duration) {
        return duration.toMillis() % 1000 == 0 ? duration.toSeconds() + " s" : duration.toMillis() + " ms";
    }

    static Duration requirePositive(Duration duration, String what) {
        if (duration == null || duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException(what + " must be positive: " + duration);
        }
        return duration;
    }

    /** {@code duration}, if it lies in the bounds of a timeout ({@link AgentCommand#MIN_TIMEOUT} to {@link AgentCommand#MAX_TIMEOUT}). */
    static Duration requireTimeout(Duration duration, String what) {
        if (duration == null || duration.compareTo(AgentCommand.MIN_TIMEOUT) < 0
                || duration.compareTo(AgentCommand.MAX_TIMEOUT) > 0) {
            throw new IllegalArgumentException(what + " must be from " + describe(AgentCommand.MIN_TIMEOUT) + " to "
                    + describe(AgentCommand.MAX_TIMEOUT) + ": " + duration);
        }
        return duration;
    }
}
