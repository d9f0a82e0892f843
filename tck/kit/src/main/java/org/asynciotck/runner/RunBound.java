package org.asynciotck.runner;

import java.time.Duration;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import org.asynciotck.spi.ImplementationFailure;
import org.asynciotck.spi.ImplementationInfo;
import org.asynciotck.spi.LoopImplementation;
import org.asynciotck.spi.LoopSession;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;

/**
 * The overall bound of one run (docs/threads-and-time.md, "The bound of a whole run"): every
 * scenario may use {@link #OPERATIONS_PER_SCENARIO} operation bounds (a fresh agent's handshake,
 * opening its loop, one operation that hangs), plus {@link #SLACK} for the kit itself. Once it has
 * passed, every operation and every new session fails at once as timed-out, so the run still ends
 * with a verdict for each scenario, in bounded time, whatever the implementation does.
 */
final class RunBound implements LoopImplementation {

    static final int OPERATIONS_PER_SCENARIO = 3;
    static final Duration SLACK = Duration.ofSeconds(30);

    private final LoopImplementation implementation;
    private final IntSupplier scenarios;
    private final LongSupplier nanoClock;
    /** System.nanoTime() at which the bound passes; set when the first session opens. */
    private long deadline;
    private Duration bound;

    RunBound(LoopImplementation implementation, IntSupplier scenarios, LongSupplier nanoClock) {
        this.implementation = implementation;
        this.scenarios = scenarios;
        this.nanoClock = nanoClock;
    }

    /** The bound for {@code scenarios} scenarios of an implementation with that operation bound. */
    static Duration of(int scenarios, Duration operationBound) {
        return operationBound.multipliedBy((long) OPERATIONS_PER_SCENARIO * Math.max(1, scenarios)).plus(SLACK);
    }

    @Override
    public ImplementationInfo info() {
        return implementation.info();
    }

    @Override
    public Duration operationBound() {
        return implementation.operationBound();
    }

    @Override
    public LoopSession openSession() {
        synchronized (this) {
            if (bound == null) {
                bound = of(scenarios.getAsInt(), implementation.operationBound());
                deadline = nanoClock.getAsLong() + bound.toNanos();
            }
        }
        requireTimeLeft("opening a loop");
        LoopSession session = implementation.openSession();
        return new LoopSession() {
            @Override
            public Outcome perform(Operation operation) {
                requireTimeLeft(operation.wireName());
                return session.perform(operation);
            }

            @Override
            public void close() {
                session.close();
            }
        };
    }

    @Override
    public void close() {
        implementation.close();
    }

    private void requireTimeLeft(String what) {
        if (nanoClock.getAsLong() - deadline >= 0) {
            throw new ImplementationFailure(ImplementationFailure.Kind.TIMED_OUT, "not attempted (" + what
                    + "): the run's overall bound of " + bound.toSeconds() + " s has passed ("
                    + OPERATIONS_PER_SCENARIO + " operation bounds per scenario plus " + SLACK.toSeconds()
                    + " s; docs/threads-and-time.md)", "");
        }
    }
}
