package org.asynciotck.steps;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Operation.RunOnce.Via;

/**
 * The run-lifecycle primitives that scenarios drive the loop with, the rule that checks each
 * one, which primitive drives one iteration in this run, and which of them a rule found broken.
 *
 * <p><b>One iteration.</b> Before the scenarios, the run's {@link IterationPreflight} finds out
 * whether stop() before run_forever() (LIFE-1's primitive) returns, and if not, whether
 * call_soon(loop.stop) then run_forever() (LIFE-2's shape) does; its {@link IterationDriver}
 * is the same whatever the scenarios' order or {@code --jobs}. "The loop runs one iteration" is
 * then sent by the primitive that works, and every scenario gets its own verdict. LIFE-1 always
 * sends stop() before run_forever(): that is its claim. So does LIFE-4, whose claim is about the
 * stop() that is pending when the iteration starts; where that primitive is broken, LIFE-4 is
 * blocked by LIFE-1 at once. Where neither primitive returned, every scenario but LIFE-1's that
 * runs one iteration is blocked by LIFE-1 and LIFE-2, one at a time and side by side alike.
 *
 * <p><b>Blocking.</b> The lifecycle feature runs first (its file sorts first). When the primitive a
 * lifecycle rule checks hangs, crashes or breaks the protocol in one of that rule's scenarios, every
 * later scenario that would send it is reported "blocked" by that rule at once, instead of hanging
 * again under another rule's name. When the fallback drives iterations, LIFE-2 checks what
 * {@code run_once} sends, so LIFE-2's breakage blocks it and LIFE-1's does not. A lifecycle rule
 * that merely fails an assertion blocks nothing: that costs no time, and the other rules still get
 * their own verdicts. Run in another order (or without the lifecycle rules, e.g. with --tags),
 * nothing is blocked this way and every scenario gets its own verdict: the order changes how fast
 * and how clearly a broken loop is reported, never whether the run is conformant (only a MUST
 * lifecycle rule that did not pass blocks anything). A blocked rule was not checked, which is never
 * a pass; checked, it may pass: the primitive can hang in the lifecycle rule's scenario and not in
 * its own (SideBySideRunTest shows one such rule).
 *
 * <p>Scenarios side by side ({@code --jobs N}, N &gt; 1) block nothing on what a scenario found:
 * which scenario runs before which is then an accident of timing, and a verdict must not depend on
 * it. Each scenario that needs a broken primitive pays its own named bound and gets its own verdict,
 * N of those bounds overlapping; every rule that one at a time would not block passes or not exactly
 * as it does one at a time. (What the preflight found blocks in both modes: it ran before either.)
 */
final class LifecyclePrimitives {

    /**
     * Which lifecycle rule checks the primitive an operation uses. One iteration, on the loop's thread or on
     * another (THREAD-1), is LIFE-1's primitive when stop-before-run drives it and LIFE-2's under the fallback.
     */
    private static final Map<Class<? extends Operation>, String> CHECKED_BY = Map.of(
            Operation.RunOnce.class, "LIFE-1",
            Operation.RunOnceOnAnotherThread.class, "LIFE-1",
            Operation.RunForever.class, "LIFE-2",
            Operation.RunUntilComplete.class, "LIFE-5",
            Operation.StartLoopThread.class, "LIFE-2");

    /** The rule that checks run_forever() until a callback stops it: the fallback's shape. */
    private static final String FALLBACK_RULE = "LIFE-2";
    private static final String DOCUMENTED_RULE = "LIFE-1";
    /** Rules whose claim is about stop() before run_forever() itself: never driven by the fallback. */
    private static final Set<String> CLAIMS_ABOUT_STOP_BEFORE_RUN = Set.of("LIFE-1", "LIFE-4");

    /** Rule ID to why it counts as broken, in this run (each run has its own, in its {@link RunScope}). */
    private final Map<String, String> broken = new ConcurrentHashMap<>();
    /** False when the run's scenarios run side by side: then no scenario's failure blocks another. */
    private final boolean blocksLaterScenarios;
    private final IterationDriver iterations;

    /**
     * @param blocksLaterScenarios true when the scenarios run one at a time, the lifecycle feature first
     * @param iterations           what the run's preflight found drives one iteration
     */
    LifecyclePrimitives(boolean blocksLaterScenarios, IterationDriver iterations) {
        this.blocksLaterScenarios = blocksLaterScenarios;
        this.iterations = iterations;
    }

    IterationDriver iterations() {
        return iterations;
    }

    /** The operation to send for {@code operation} in a scenario of {@code scenarioRule}: one iteration by the driver. */
    Operation driven(Operation operation, String scenarioRule) {
        if (!isOneIteration(operation) || iterations.via() != Via.CALL_SOON_STOP
                || CLAIMS_ABOUT_STOP_BEFORE_RUN.contains(scenarioRule)) {
            return operation;
        }
        // THREAD-1's claim is the thread the iteration runs on, not the primitive that drives it
        return operation instanceof Operation.RunOnce
                ? new Operation.RunOnce(Via.CALL_SOON_STOP)
                : new Operation.RunOnceOnAnotherThread(Via.CALL_SOON_STOP);
    }

    /** "The loop runs one iteration", on the loop's own thread or on another: the preflight's driver sends both. */
    private static boolean isOneIteration(Operation operation) {
        return operation instanceof Operation.RunOnce || operation instanceof Operation.RunOnceOnAnotherThread;
    }

    private static boolean isFallbackIteration(Operation operation) {
        return operation instanceof Operation.RunOnce once && once.via() == Via.CALL_SOON_STOP
                || operation instanceof Operation.RunOnceOnAnotherThread other && other.via() == Via.CALL_SOON_STOP;
    }

    /** Remembers that the primitive a lifecycle rule checks failed in one of its own scenarios. */
    void failedIn(String ruleId, String scenario, Operation operation,
            org.asynciotck.spi.ImplementationFailure failure) {
        if (blocksLaterScenarios && ruleId.equals(CHECKED_BY.get(operation.getClass()))) {
            String kind = failure.kind().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
            broken.putIfAbsent(ruleId, operation.wireName() + " " + kind + " in its scenario \"" + scenario + "\"");
        }
    }

    /**
     * Why {@code operation} may not be sent in a scenario of {@code scenarioRule}, if the preflight or a
     * lifecycle rule found its primitive broken; a lifecycle rule is never blocked by itself.
     */
    Optional<String> blocking(Operation operation, String scenarioRule) {
        if (isOneIteration(operation) && !DOCUMENTED_RULE.equals(scenarioRule)) {
            Optional<String> preflight = blockedByPreflight(scenarioRule);
            if (preflight.isPresent()) {
                return preflight;
            }
        }
        String checkedBy = checkedBy(operation, scenarioRule);
        if (checkedBy == null || checkedBy.equals(scenarioRule) || !broken.containsKey(checkedBy)) {
            return Optional.empty();
        }
        return Optional.of("blocked by " + checkedBy + ": this scenario needs " + operation.wireName()
                + ", which " + broken.get(checkedBy) + " (see " + checkedBy + ")");
    }

    private Optional<String> blockedByPreflight(String scenarioRule) {
        if (iterations.via() == null) {
            return Optional.of("blocked by LIFE-1 and LIFE-2: this scenario runs the loop one iteration, and no "
                    + "primitive does that here: " + iterations.why() + " (see LIFE-1 and LIFE-2)");
        }
        if (iterations.documentedBroken() && CLAIMS_ABOUT_STOP_BEFORE_RUN.contains(scenarioRule)) {
            return Optional.of("blocked by LIFE-1: this rule's claim is about stop() before run_forever(), which "
                    + "cannot be replaced here: " + iterations.why() + " (see LIFE-1)");
        }
        return Optional.empty();
    }

    /** The rule whose primitive {@code operation} is sent by in a scenario of {@code scenarioRule}. */
    private String checkedBy(Operation operation, String scenarioRule) {
        if (isFallbackIteration(driven(operation, scenarioRule))) {
            return FALLBACK_RULE;
        }
        return CHECKED_BY.get(operation.getClass());
    }
}
