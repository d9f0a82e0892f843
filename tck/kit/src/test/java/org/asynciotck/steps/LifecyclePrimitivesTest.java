package org.asynciotck.steps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.asynciotck.spi.ImplementationFailure;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Operation.RunOnce.Via;
import org.junit.jupiter.api.Test;

/** What "the loop runs one iteration" sends and when it is blocked, for each answer of the preflight. */
class LifecyclePrimitivesTest {

    private static final Operation ONE_ITERATION = new Operation.RunOnce();
    private static final IterationDriver DOCUMENTED = new IterationDriver(Via.STOP_BEFORE_RUN, "it returned");
    private static final IterationDriver FALLBACK = new IterationDriver(Via.CALL_SOON_STOP, "stop-before-run hung");
    private static final IterationDriver NEITHER = new IterationDriver(null, "both hung");
    private static final ImplementationFailure HUNG =
            new ImplementationFailure(ImplementationFailure.Kind.TIMED_OUT, "hung", "");

    @Test
    void theDocumentedPrimitiveDrivesEveryRuleWhereItReturned() {
        LifecyclePrimitives lifecycle = new LifecyclePrimitives(true, DOCUMENTED);
        for (String rule : new String[] {"LIFE-1", "LIFE-4", "NTODO-1"}) {
            assertEquals(ONE_ITERATION, lifecycle.driven(ONE_ITERATION, rule), rule);
            assertEquals(Optional.empty(), lifecycle.blocking(ONE_ITERATION, rule), rule);
        }
    }

    @Test
    void theFallbackDrivesEveryRuleButTheTwoWhoseClaimIsStopBeforeRun() {
        LifecyclePrimitives lifecycle = new LifecyclePrimitives(true, FALLBACK);
        assertEquals(new Operation.RunOnce(Via.CALL_SOON_STOP), lifecycle.driven(ONE_ITERATION, "NTODO-1"));
        assertEquals(new Operation.RunOnce(Via.CALL_SOON_STOP), lifecycle.driven(ONE_ITERATION, "LIFE-3"));
        assertEquals(ONE_ITERATION, lifecycle.driven(ONE_ITERATION, "LIFE-1"));
        assertEquals(ONE_ITERATION, lifecycle.driven(ONE_ITERATION, "LIFE-4"));
        assertEquals(Optional.empty(), lifecycle.blocking(ONE_ITERATION, "NTODO-1"));
        assertEquals(Optional.empty(), lifecycle.blocking(ONE_ITERATION, "LIFE-1"));
        assertTrue(lifecycle.blocking(ONE_ITERATION, "LIFE-4").orElseThrow().startsWith("blocked by LIFE-1: "));
        // other operations are sent as they are
        assertEquals(new Operation.RunForever(), lifecycle.driven(new Operation.RunForever(), "NTODO-1"));
        // THREAD-1's iteration on another thread is driven like the rest: its claim is the thread
        assertEquals(new Operation.RunOnceOnAnotherThread(Via.CALL_SOON_STOP),
                lifecycle.driven(new Operation.RunOnceOnAnotherThread(), "THREAD-1"));
        assertEquals(new Operation.RunOnceOnAnotherThread(),
                new LifecyclePrimitives(true, DOCUMENTED).driven(new Operation.RunOnceOnAnotherThread(), "THREAD-1"));
    }

    @Test
    void aForcedFallbackBlocksNothingTheDocumentedPrimitiveCouldCheck() {
        LifecyclePrimitives lifecycle = new LifecyclePrimitives(true, IterationDriver.forced(Via.CALL_SOON_STOP));
        assertEquals(new Operation.RunOnce(Via.CALL_SOON_STOP), lifecycle.driven(ONE_ITERATION, "NTODO-1"));
        assertEquals(ONE_ITERATION, lifecycle.driven(ONE_ITERATION, "LIFE-4"));
        assertEquals(Optional.empty(), lifecycle.blocking(ONE_ITERATION, "LIFE-4"));
    }

    @Test
    void underTheFallbackAHangOfLife1BlocksNothingAndAHangOfLife2BlocksOneIteration() {
        LifecyclePrimitives lifecycle = new LifecyclePrimitives(true, FALLBACK);
        lifecycle.failedIn("LIFE-1", "stop before run", ONE_ITERATION, HUNG);
        assertEquals(Optional.empty(), lifecycle.blocking(ONE_ITERATION, "NTODO-1"));
        lifecycle.failedIn("LIFE-2", "until stopped", new Operation.RunForever(), HUNG);
        assertTrue(lifecycle.blocking(ONE_ITERATION, "NTODO-1").orElseThrow().startsWith("blocked by LIFE-2: "));
    }

    @Test
    void underTheDocumentedPrimitiveAHangOfLife1BlocksLaterScenariosOneAtATimeOnly() {
        LifecyclePrimitives oneAtATime = new LifecyclePrimitives(true, DOCUMENTED);
        LifecyclePrimitives sideBySide = new LifecyclePrimitives(false, DOCUMENTED);
        for (LifecyclePrimitives lifecycle : new LifecyclePrimitives[] {oneAtATime, sideBySide}) {
            lifecycle.failedIn("LIFE-1", "stop before run", ONE_ITERATION, HUNG);
        }
        assertTrue(oneAtATime.blocking(ONE_ITERATION, "NTODO-1").orElseThrow().startsWith("blocked by LIFE-1: "));
        assertEquals(Optional.empty(), oneAtATime.blocking(ONE_ITERATION, "LIFE-1"), "never blocked by itself");
        assertEquals(Optional.empty(), sideBySide.blocking(ONE_ITERATION, "NTODO-1"));
    }

    @Test
    void whereNeitherPrimitiveReturnedEveryOneIterationButLife1sIsBlockedInBothModes() {
        for (boolean oneAtATime : new boolean[] {true, false}) {
            LifecyclePrimitives lifecycle = new LifecyclePrimitives(oneAtATime, NEITHER);
            assertTrue(lifecycle.blocking(ONE_ITERATION, "NTODO-1").orElseThrow()
                    .startsWith("blocked by LIFE-1 and LIFE-2: "));
            assertTrue(lifecycle.blocking(ONE_ITERATION, "LIFE-4").isPresent());
            assertEquals(Optional.empty(), lifecycle.blocking(ONE_ITERATION, "LIFE-1"));
            assertEquals(Optional.empty(), lifecycle.blocking(new Operation.RunForever(), "NTODO-1"));
        }
    }

    @Test
    void anIterationOnAnotherThreadIsBlockedExactlyLikeOneOnTheLoopsThread() {
        Operation elsewhere = new Operation.RunOnceOnAnotherThread();
        for (boolean oneAtATime : new boolean[] {true, false}) {
            assertTrue(new LifecyclePrimitives(oneAtATime, NEITHER).blocking(elsewhere, "THREAD-1").orElseThrow()
                    .startsWith("blocked by LIFE-1 and LIFE-2: "));
        }
        LifecyclePrimitives documented = new LifecyclePrimitives(true, DOCUMENTED);
        documented.failedIn("LIFE-1", "stop before run", ONE_ITERATION, HUNG);
        assertTrue(documented.blocking(elsewhere, "THREAD-1").orElseThrow().startsWith("blocked by LIFE-1: "));
        LifecyclePrimitives fallback = new LifecyclePrimitives(true, FALLBACK);
        fallback.failedIn("LIFE-1", "stop before run", ONE_ITERATION, HUNG);
        assertEquals(Optional.empty(), fallback.blocking(elsewhere, "THREAD-1"));
        fallback.failedIn("LIFE-2", "until stopped", new Operation.RunForever(), HUNG);
        assertTrue(fallback.blocking(elsewhere, "THREAD-1").orElseThrow().startsWith("blocked by LIFE-2: "));
    }
}
