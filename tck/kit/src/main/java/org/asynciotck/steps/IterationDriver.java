package org.asynciotck.steps;

import java.util.Objects;
import java.util.Optional;
import org.asynciotck.spi.Operation.RunOnce.Via;

/**
 * Which primitive drives "the loop runs one iteration" in one run, and why: what the run's
 * {@link IterationPreflight} found, shown in conformance.json and the certificate so that a run
 * driven by the fallback never looks like one driven by the documented primitive.
 *
 * @param via how every scenario outside LIFE-1 and LIFE-4 runs one iteration; null when neither
 *            primitive returned in the preflight (those scenarios are then blocked)
 * @param why what the preflight saw, in the kit's own words (nothing the loop sent)
 * @param documentedBroken whether the preflight found that stop() before run_forever() does not return
 *            (then LIFE-4, whose claim is that primitive's pending stop(), cannot be checked)
 */
public record IterationDriver(Via via, String why, boolean documentedBroken) {

    public IterationDriver {
        Objects.requireNonNull(why, "why");
    }

    /** What a preflight found: anything but stop-before-run is chosen only when stop-before-run did not return. */
    public IterationDriver(Via via, String why) {
        this(via, why, via != Via.STOP_BEFORE_RUN);
    }

    /** For the kit's own controls: {@code via} drives iterations without a preflight, which found nothing broken. */
    public static IterationDriver forced(Via via) {
        return new IterationDriver(Objects.requireNonNull(via, "via"), "forced by the kit's own test, no preflight ran",
                false);
    }

    /** What a run that made no preflight assumes (a run outside the kit's runner): the documented primitive. */
    static final IterationDriver ASSUMED = new IterationDriver(Via.STOP_BEFORE_RUN,
            "assumed: no preflight ran (a run outside the kit's runner)");

    /**
     * Read back from conformance.json ({@link #wireName()}, {@link #why()}).
     *
     * @throws IllegalArgumentException naming the value, when {@code drivenBy} is no primitive's name
     */
    public static IterationDriver ofWire(String drivenBy, String why) {
        if ("none".equals(drivenBy)) {
            return new IterationDriver(null, why);
        }
        for (Via via : Via.values()) {
            if (via.wireName().equals(drivenBy)) {
                return new IterationDriver(via, why);
            }
        }
        throw new IllegalArgumentException("driven_by [" + drivenBy + "] is none of stop_before_run, call_soon_stop, none");
    }

    public Optional<Via> drives() {
        return Optional.ofNullable(via);
    }

    /** "stop_before_run", "call_soon_stop", or "none" when neither primitive works. */
    public String wireName() {
        return via == null ? "none" : via.wireName();
    }
}
