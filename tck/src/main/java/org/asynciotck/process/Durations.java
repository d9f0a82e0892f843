package org.asynciotck.process;

import java.time.Duration;

/** Durations as messages show them. */
final class Durations {

    private Durations() {}

    /** "10 s" for whole seconds, else "1500 ms". */
    static String describe(Duration duration) {
        return duration.toMillis() % 1000 == 0 ? duration.toSeconds() + " s" : duration.toMillis() + " ms";
    }

    static Duration requirePositive(Duration duration, String what) {
        if (duration == null || duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException(what + " must be positive: " + duration);
        }
        return duration;
    }
}
