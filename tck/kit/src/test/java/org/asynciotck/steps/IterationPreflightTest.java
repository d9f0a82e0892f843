package org.asynciotck.steps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.asynciotck.spi.ImplementationFailure;
import org.asynciotck.spi.ImplementationInfo;
import org.asynciotck.spi.LoopImplementation;
import org.asynciotck.spi.LoopSession;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Operation.RunOnce.Via;
import org.asynciotck.spi.OperationUnsupported;
import org.asynciotck.spi.Outcome;
import org.junit.jupiter.api.Test;

/** The preflight tries stop-before-run, then the fallback in a fresh session, and says which returned. */
class IterationPreflightTest {

    private static Outcome hangs() {
        throw new ImplementationFailure(ImplementationFailure.Kind.TIMED_OUT, "loop text that must not be recorded", "");
    }

    @Test
    void aLoopWhoseStopBeforeRunReturnsIsDrivenByItAndAskedNothingElse() {
        Scripted loop = new Scripted(via -> Outcome.nothing());
        IterationDriver driver = IterationPreflight.run(loop);
        assertEquals(Via.STOP_BEFORE_RUN, driver.via());
        assertEquals(List.of(Via.STOP_BEFORE_RUN), loop.sent);
        assertEquals("stop_before_run", driver.wireName());
    }

    @Test
    void aLoopWhoseStopBeforeRunHangsIsDrivenByTheFallbackTriedInAFreshSession() {
        Scripted loop = new Scripted(via -> via == Via.STOP_BEFORE_RUN ? hangs() : Outcome.nothing());
        IterationDriver driver = IterationPreflight.run(loop);
        assertEquals(Via.CALL_SOON_STOP, driver.via());
        assertEquals(List.of(Via.STOP_BEFORE_RUN, Via.CALL_SOON_STOP), loop.sent);
        assertEquals(2, loop.sessions, "one session per attempt");
        assertTrue(driver.why().contains("timed-out"), driver.why());
        assertTrue(!driver.why().contains("loop text"), "the loop's own text stays out: " + driver.why());
    }

    @Test
    void aLoopWhereNeitherReturnsIsDrivenByNothing() {
        IterationDriver driver = IterationPreflight.run(new Scripted(via -> via == Via.STOP_BEFORE_RUN
                ? Outcome.error("RuntimeError", "no") : hangs()));
        assertNull(driver.via());
        assertEquals("none", driver.wireName());
        assertTrue(driver.why().contains("raised an error") && driver.why().contains("timed-out"), driver.why());
    }

    @Test
    void anAgentThatAnswersTheFallbackUnsupportedIsDrivenByNothing() {
        IterationDriver driver = IterationPreflight.run(new Scripted(via -> {
            if (via == Via.STOP_BEFORE_RUN) {
                return hangs();
            }
            throw new OperationUnsupported("run_once", "no via field here");
        }));
        assertNull(driver.via());
        assertTrue(driver.why().contains("unsupported"), driver.why());
    }

    @Test
    void aPreflightThatCannotOpenALoopDecidesNothing() {
        Scripted loop = new Scripted(via -> Outcome.nothing());
        loop.opens = false;
        IterationDriver driver = IterationPreflight.run(loop);
        assertEquals(Via.STOP_BEFORE_RUN, driver.via());
        assertTrue(driver.why().startsWith("the preflight could not open a loop"), driver.why());
    }

    /** A loop whose run_once answers by {@code script}; records what it was sent. */
    private static final class Scripted implements LoopImplementation {
        final List<Via> sent = new ArrayList<>();
        final Function<Via, Outcome> script;
        int sessions;
        boolean opens = true;

        Scripted(Function<Via, Outcome> script) {
            this.script = script;
        }

        @Override
        public ImplementationInfo info() {
            throw new UnsupportedOperationException("the preflight needs no info");
        }

        @Override
        public LoopSession openSession() {
            if (!opens) {
                throw new ImplementationFailure(ImplementationFailure.Kind.CRASHED, "no agent", "");
            }
            sessions++;
            return new LoopSession() {
                @Override
                public Outcome perform(Operation operation) {
                    Via via = ((Operation.RunOnce) operation).via();
                    sent.add(via);
                    return script.apply(via);
                }

                @Override
                public void close() {}
            };
        }
    }
}
