package org.asynciotck.steps;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.asynciotck.spi.Operation;

/**
 * The run-lifecycle primitives that scenarios drive the loop with, the rule that checks each
 * one, and which of them a rule found broken in this run.
 *
 * <p>The lifecycle feature runs first (its file sorts first). When the primitive a lifecycle rule
 * checks hangs, crashes or breaks the protocol in one of that rule's scenarios, every later
 * scenario that would send it is reported "blocked" by that rule at once, instead of hanging
 * again under another rule's name. A lifecycle rule that merely fails an assertion blocks
 * nothing: that costs no time, and the other rules still get their own verdicts. Run in another
 * order (or without the lifecycle rules, e.g. with --tags), nothing is blocked and every scenario
 * gets its own verdict: the order changes how fast and how clearly a broken loop is reported,
 * never whether the run is conformant (only a MUST lifecycle rule that did not pass blocks
 * anything). A blocked rule was not checked, which is never a pass; checked, it may pass: the
 * primitive can hang in the lifecycle rule's scenario and not in its own (SideBySideRunTest shows
 * one such rule).
 *
 * <p>Scenarios side by side ({@code --jobs N}, N &gt; 1) block nothing: which scenario runs before
 * which is then an accident of timing, and a verdict must not depend on it. Each scenario that
 * needs a broken primitive pays its own named bound and gets its own verdict, N of those bounds
 * overlapping; every rule that one at a time would not block passes or not exactly as it does one
 * at a time.
 */
final class LifecyclePrimitives {

    /** Which lifecycle rule checks the primitive an operation uses. */
    private static final Map<Class<? extends Operation>, String> CHECKED_BY = Map.of(
            Operation.RunOnce.class, "LIFE-1",
            Operation.RunForever.class, "LIFE-2",
            Operation.RunUntilComplete.class, "LIFE-5",
            Operation.StartLoopThread.class, "LIFE-2");

    /** Rule ID to why it counts as broken, in this run (each run has its own, in its {@link RunScope}). */
    private final Map<String, String> broken = new ConcurrentHashMap<>();
    /** False when the run's scenarios run side by side: then nothing is blocked. */
    private final boolean blocksLaterScenarios;

    /** @param blocksLaterScenarios true when the scenarios run one at a time, the lifecycle feature first */
    LifecyclePrimitives(boolean blocksLaterScenarios) {
        this.blocksLaterScenarios = blocksLaterScenarios;
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
     * Why {@code operation} may not be sent in a scenario of {@code scenarioRule}, if a lifecycle
     * rule found its primitive broken; a lifecycle rule is never blocked by itself.
     */
    Optional<String> blocking(Operation operation, String scenarioRule) {
        String checkedBy = CHECKED_BY.get(operation.getClass());
        if (checkedBy == null || checkedBy.equals(scenarioRule) || !broken.containsKey(checkedBy)) {
            return Optional.empty();
        }
        return Optional.of("blocked by " + checkedBy + ": this scenario needs " + operation.wireName()
                + ", which " + broken.get(checkedBy) + " (see " + checkedBy + ")");
    }
}
