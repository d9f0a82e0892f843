package org.asynciotck.explore;

import java.util.Optional;
import java.util.Set;
import org.asynciotck.spi.Operation;

/**
 * What asyncio guarantees about a program's trace, and nothing more (docs/exploration.md). Compares what
 * the reference loop did (expected) with what the implementation under test did (observed) and names the
 * first guarantee the observed trace breaks.
 *
 * <p>Guaranteed: the outcome of every top-level operation (kind, error type, simple values); which run each
 * event happened in (run_once is one iteration, so this is the ntodo batch boundary); the order of the
 * events of a run (the ready queue is FIFO, call_soon_threadsafe from the loop's own thread shares it, done
 * callbacks are queued in registration order, due timers are moved in deadline order); how many callback
 * errors reach the exception handler; each loop's clock against itself ({@link ClockChecks}: the values of
 * loop.time() and when() are never compared between the loops). Not guaranteed: the order among leaf timers with equal delays
 * (compared as a set: their positions are kept, the labels at them are sorted); the text of error messages
 * (but a CancelledError's message where CPython guarantees it: {@link CancelMessages}, CANCEL-7);
 * reports other than the kit's own callback errors (a task's "exception was never retrieved" depends on
 * garbage collection).
 */
public final class Model {
    private Model() {}

    /** How the signature of a program that the loop did not complete (it hung, crashed, broke the protocol) begins. */
    static final String FAILURE_SIGNATURE = "failure|";

    /**
     * Every rule a divergence can name (in {@link Outcomes}, {@link RunOrder}, {@link Stops}, {@link ReadyQueue},
     * {@link ClockChecks}, {@link TimeoutProbe}, {@link CancelMessages}, {@link EagerStarts},
     * {@link ExecutorChecks}), kept true to the
     * sources by ModelRulesTest; the rules a program leans on are these and more ({@link Reliance}).
     */
    public static final Set<String> RULES = Set.of("AGEN-1", "AGEN-2", "AGEN-3", "AGEN-4", "CLOCK-1",
            "CLOCK-2", "CTX-1", "CTX-2", "CTX-3", "CTX-4", "CTX-5", "CTX-6", "CTX-7", "EXEC-1", "EXEC-2", "EXEC-3", "EXEC-4", "EXEC-5", "EXEC-7", "CANCEL-5", "CANCEL-6", "CANCEL-7", "CLOSED-1", "CLOSED-2", "CLOSED-3",
            "CLOSED-4", "CURRENT-1", "CURRENT-2", "EAGER-4", "ERROR-1", "EXC-1", "EXC-2", "EXC-3", "EXC-4", "EXC-5",
            "FUTURE-1", "FUTURE-3", "FUTURE-4", "FUTURE-5", "FUTURE-6", "HANDLE-1", "HANDLE-4", "IO-1", "IO-2", "IO-3",
            "IO-4", "IO-5", "LIFE-1", "LIFE-2", "LIFE-5", "NTODO-1", "NTODO-2", "NTODO-3", "NTODO-4", "ORDER-1",
            "ORDER-2", "RUN-1", "RUN-2", "RUN-3", "RUN-4", "RUN-6", "RUN-7", "TASK-1", "TIMEOUT-1", "TIMEOUT-2", "TIMEOUT-3",
            "TIMEOUT-4", "TIMER-1", "TIMER-2", "TIMER-3", "TIMER-4", "TIMER-5", "TIMER-6");

    /**
     * The first guarantee {@code given}, what the implementation did, breaks, if any (what CPython does that
     * asyncio does not promise left out: {@link ReadyQueue#forgivingWhatOnlyCPythonQueues}).
     */
    public static Optional<Divergence> compare(Program program, Trace expected, Trace given) {
        if (expected.failure() != null) {
            return Optional.of(new Divergence("the reference loop completes every generated program", null,
                    "the reference loop failed: " + expected.failure(), "reference-failed"));
        }
        if (given.failure() != null) {
            String kind = given.failure().split(":", 2)[0];
            return Optional.of(new Divergence("the loop completes every bounded program within the operation bound",
                    null, "after " + given.outcomes().size() + " of " + program.size() + " operations: "
                    + given.failure(), FAILURE_SIGNATURE + kind));
        }
        Trace observed = ReadyQueue.forgivingWhatOnlyCPythonQueues(program, expected, given);
        Optional<Divergence> clock = ClockChecks.reference(program, expected);
        if (clock.isPresent()) {
            return clock;
        }
        // A run that an error ended on one loop and not on the other: the events after it differ because of it,
        // so the error names the cause (a base exception let through, a handler's error that escaped).
        Optional<Divergence> ending = Outcomes.runEndings(program, expected, observed);
        if (ending.isPresent()) {
            return ending;
        }
        // The default executor's promises (where a job and its done callback ran, a shutdown that waits): a job's
        // outcome delivered on the wrong thread, or never, changes the events only as a consequence
        Optional<Divergence> executor = ExecutorChecks.compare(program, expected, observed);
        if (executor.isPresent()) {
            return executor;
        }
        // Events first: an operation's outcome that differs is most often what a difference in the events
        // before it caused (a future a late stop() let complete), and the events name that cause.
        Optional<Divergence> events = RunOrder.events(program, expected, observed);
        if (events.isPresent()) {
            return events;
        }
        // Where each async generator was closed (in a task, or never), whenever that was
        Optional<Divergence> closed = AsyncGeneratorBlocks.closed(program, expected, observed);
        if (closed.isPresent()) {
            return closed;
        }
        Optional<Divergence> outcome = Outcomes.outcomes(program, expected, observed);
        if (outcome.isPresent()) {
            return outcome;
        }
        // Each loop's clock against itself: times are never compared between the loops (ClockChecks)
        clock = ClockChecks.compare(program, expected, observed);
        if (clock.isPresent()) {
            return clock;
        }
        Optional<Divergence> message = CancelMessages.compare(program, expected.outcomes(), observed.outcomes());
        if (message.isPresent()) {
            return message;
        }
        boolean handlerSet = program.steps().stream().anyMatch(Operation.SetExceptionHandler.class::isInstance);
        if (handlerSet && expected.kitErrorsReported() != observed.kitErrorsReported()) {
            return Optional.of(new Divergence("reports go to the handler set last; set_exception_handler(None) restores"
                    + " the default handler", "EXC-3", "expected " + expected.kitErrorsReported() + " reports of '"
                    + Trace.KIT_ERROR + "' to the kit's recording handler, observed " + observed.kitErrorsReported(),
                    "reports|handler|" + Long.compare(observed.kitErrorsReported(), expected.kitErrorsReported())));
        }
        if (expected.kitReportsReceived() != observed.kitReportsReceived()) {
            return Optional.of(new Divergence("call_exception_handler() hands the context to the handler that was set",
                    handlerSet ? "EXC-3" : "EXC-5", "expected " + expected.kitReportsReceived() + " reports of '"
                    + Trace.KIT_REPORT + "' to the kit's recording handler, observed " + observed.kitReportsReceived(),
                    "reports|called|" + Long.compare(observed.kitReportsReceived(), expected.kitReportsReceived())));
        }
        if (expected.kitErrorsReported() == observed.kitErrorsReported()
                && expected.kitErrorsWithFullContext() != observed.kitErrorsWithFullContext()) {
            return Optional.of(new Divergence("the context of a callback's error names 'message', 'exception' and"
                    + " 'handle'", "EXC-1", "of " + expected.kitErrorsReported() + " reports of '" + Trace.KIT_ERROR
                    + "', expected " + expected.kitErrorsWithFullContext() + " with all three keys, observed "
                    + observed.kitErrorsWithFullContext() + "; the keys observed: " + observed.contexts(),
                    "reports|context|EXC-1"));
        }
        if (expected.kitErrorsReported() != observed.kitErrorsReported()) {
            return Optional.of(new Divergence("the error of a callback that raises goes to the loop's exception handler",
                    "ERROR-1", "expected " + expected.kitErrorsReported() + " reports of '" + Trace.KIT_ERROR
                    + "', observed " + observed.kitErrorsReported(), "reports|" + Long.compare(
                    observed.kitErrorsReported(), expected.kitErrorsReported())));
        }
        return Optional.empty();
    }
}
