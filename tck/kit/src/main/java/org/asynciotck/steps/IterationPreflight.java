package org.asynciotck.steps;

import java.util.Locale;
import java.util.Optional;
import org.asynciotck.spi.ImplementationFailure;
import org.asynciotck.spi.LoopImplementation;
import org.asynciotck.spi.LoopSession;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Operation.RunOnce.Via;
import org.asynciotck.spi.OperationUnsupported;
import org.asynciotck.spi.Outcome;

/**
 * Before any scenario, on fresh loops of its own, finds which primitive can drive one iteration
 * (docs/threads-and-time.md, "Which primitive drives iterations"): stop() before run_forever()
 * first, since asyncio documents it as one iteration (and on uvloop the other is one batch late,
 * errata U-1); only when that does not answer {@code nothing} within the implementation's
 * operation bound, {@code call_soon(loop.stop)} then run_forever(), in a fresh session.
 *
 * <p>It runs once per run, before the scenarios and apart from them, so its answer depends on
 * neither their order nor {@code --jobs}. It waits at most two operation bounds (plus a fresh
 * agent's handshake and loop for each attempt), paid once per run, and only by a loop whose
 * stop-before-run hangs.
 */
public final class IterationPreflight {

    private static final String DOCUMENTED = "stop() before run_forever()";
    private static final String FALLBACK = "call_soon(loop.stop) then run_forever()";

    private IterationPreflight() {}

    /** Tries the primitives in order on {@code implementation}; never throws for what the loop does. */
    public static IterationDriver run(LoopImplementation implementation) {
        Attempt documented = attempt(implementation, Via.STOP_BEFORE_RUN);
        if (documented.noLoop()) {
            // Not about either primitive: the scenarios meet the same trouble and report it themselves.
            return new IterationDriver(Via.STOP_BEFORE_RUN, "the preflight could not open a loop ("
                    + documented.failure().orElseThrow() + "); iterations are driven by " + DOCUMENTED);
        }
        if (documented.failure().isEmpty()) {
            return new IterationDriver(Via.STOP_BEFORE_RUN, DOCUMENTED + " ran one iteration in the preflight");
        }
        String broken = DOCUMENTED + " " + documented.failure().get() + " in the preflight";
        Attempt fallback = attempt(implementation, Via.CALL_SOON_STOP);
        if (fallback.failure().isEmpty()) {
            return new IterationDriver(Via.CALL_SOON_STOP, broken + "; " + FALLBACK
                    + " returned, so it drives the iterations of every rule but LIFE-1 and LIFE-4");
        }
        return new IterationDriver(null, broken + ", and " + FALLBACK + " " + fallback.failure().get()
                + ": no primitive drives iterations");
    }

    private static Attempt attempt(LoopImplementation implementation, Via via) {
        LoopSession session;
        try {
            session = implementation.openSession();
        } catch (ImplementationFailure failure) {
            return new Attempt(Optional.of(kind(failure)), true);
        } catch (RuntimeException e) {
            // An implementation that opens no loops (the samples of a run with other step definitions)
            // or cannot: the scenarios meet it themselves, with their own verdicts.
            return new Attempt(Optional.of("threw " + e.getClass().getSimpleName()), true);
        }
        Optional<String> failure;
        try {
            Outcome outcome = session.perform(new Operation.RunOnce(via));
            failure = outcome.isError() ? Optional.of("raised an error") : Optional.empty();
        } catch (ImplementationFailure e) {
            failure = Optional.of(kind(e));
        } catch (OperationUnsupported e) {
            failure = Optional.of("was answered unsupported");
        } catch (RuntimeException e) {
            failure = Optional.of("threw " + e.getClass().getSimpleName()); // an implementation in the JVM
        }
        try {
            session.close();
        } catch (RuntimeException e) {
            // What the loop sent after its close is a scenario's business; the primitive has answered.
        }
        return new Attempt(failure, false);
    }

    /** The kit's word for a failure ("timed-out"); the loop's own text is left out of the run's record. */
    private static String kind(ImplementationFailure failure) {
        return switch (failure.kind()) {
            case TIMED_OUT -> "did not return within the operation bound (timed-out)";
            default -> failure.kind().name().toLowerCase(Locale.ROOT).replace('_', '-');
        };
    }

    /** @param failure what went wrong, empty when the primitive answered nothing in time; @param noLoop no session opened */
    private record Attempt(Optional<String> failure, boolean noLoop) {}
}
