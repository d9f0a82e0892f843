package org.asynciotck.exploration;

import java.time.Duration;
import java.util.Objects;

/**
 * How much a certification explores: programs {@code 0 .. programs-1} of {@code seed}, for at most {@code time}
 * (shrinking included), or nothing when {@code on} is false. The same budget on the same loop gives the same
 * programs, so a verdict the exploration gave can be replayed from the numbers in the report.
 *
 * @param seed     the seed the programs are generated from
 * @param programs the most programs run
 * @param time     the bound on the whole stage; past it no further program starts and the report says so
 * @param on       false when the user turned the stage off (the certificate then says that it was off)
 */
public record ExplorationBudget(long seed, int programs, Duration time, boolean on) {

    /**
     * The default of every certification: 300 programs of seed 1 in at most 20 s. Against CPython 3.12 on a
     * 2-core machine the 300 programs take a few seconds (explore runs about 300 programs/s there); the time
     * bound is for loops much slower than that, and for shrinking what a broken loop does.
     */
    public static final ExplorationBudget DEFAULT = new ExplorationBudget(1, 300, Duration.ofSeconds(20), true);

    /** The stage turned off. */
    public static final ExplorationBudget OFF = new ExplorationBudget(DEFAULT.seed, DEFAULT.programs, DEFAULT.time, false);

    /** The most programs one certification may ask for: beyond it use {@code explore}, which writes as it goes. */
    public static final int MAX_PROGRAMS = 1_000_000;

    public ExplorationBudget {
        Objects.requireNonNull(time, "time");
        if (programs < 1 || programs > MAX_PROGRAMS) {
            throw new IllegalArgumentException("bad number of exploration programs [" + programs + "]: use 1 to "
                    + MAX_PROGRAMS + ", or turn the stage off");
        }
        if (time.isNegative() || time.isZero()) {
            throw new IllegalArgumentException("bad exploration time [" + time + "]: it must be positive");
        }
    }

    public ExplorationBudget withSeed(long seed) {
        return new ExplorationBudget(seed, programs, time, on);
    }

    public ExplorationBudget withPrograms(int programs) {
        return new ExplorationBudget(seed, programs, time, on);
    }

    public ExplorationBudget withTime(Duration time) {
        return new ExplorationBudget(seed, programs, time, on);
    }

    public ExplorationBudget turnedOff() {
        return new ExplorationBudget(seed, programs, time, false);
    }

    /** "300 programs of seed 1, at most 20 s", for reports and messages. */
    public String describe() {
        return programs + " programs of seed " + seed + ", at most " + time.toSeconds() + " s";
    }
}
