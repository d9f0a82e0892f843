package org.asynciotck.broken;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.function.Function;
import org.asynciotck.reference.ReferenceImplementation;
import org.asynciotck.spi.Event;
import org.asynciotck.spi.LoopImplementation;
import org.asynciotck.spi.LoopSession;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Operation.TaskConstruction;
import org.junit.jupiter.api.Test;

/**
 * Each broken variant differs from the reference loop on the probe of the rule it breaks
 * (and the reference gives the asyncio answer). This checks the variants, not the rules.
 */
class BrokenVariantsTest {

    private static final LoopImplementation REFERENCE = new ReferenceImplementation();

    private static Object probe(LoopImplementation implementation, Function<LoopSession, Object> probe) {
        try (LoopSession session = implementation.openSession()) {
            return probe.apply(session);
        }
    }

    private static Object labels(LoopSession session) {
        @SuppressWarnings("unchecked")
        List<Event> events = (List<Event>) session.perform(new Operation.Recorded()).value();
        return events.stream().map(e -> e.label() + "@" + e.run()).toList();
    }

    private static Operation callSoon(String label, Operation... then) {
        return new Operation.CallSoon(label, List.of(then), null);
    }

    private static void assertBreaks(LoopImplementation broken, String expectedId, Object expectedFromReference,
            Function<LoopSession, Object> probe) {
        assertThat(broken.info().id()).isEqualTo(expectedId);
        assertThat(probe(REFERENCE, probe)).isEqualTo(expectedFromReference);
        assertThat(probe(broken, probe)).isNotEqualTo(expectedFromReference);
    }

    @Test
    void lifoReadyQueueBreaksFifo() {
        assertBreaks(BrokenLifoReadyQueue.implementation(), "broken-lifo-ready-queue", List.of("a@1", "b@1"), s -> {
            s.perform(callSoon("a"));
            s.perform(callSoon("b"));
            s.perform(new Operation.RunOnce());
            return labels(s);
        });
    }

    @Test
    void drainingNewCallbacksRunsThemInTheSameIteration() {
        assertBreaks(BrokenDrainsNewCallbacks.implementation(), "broken-drains-new-callbacks",
                List.of("a@1", "c@2"), s -> {
                    s.perform(callSoon("a", callSoon("c")));
                    s.perform(new Operation.RunOnce());
                    s.perform(new Operation.RunOnce());
                    return labels(s);
                });
    }

    @Test
    void synchronousFuturesCallBackInsideSetResult() {
        assertBreaks(BrokenSynchronousFutureCallbacks.implementation(), "broken-synchronous-future-callbacks",
                List.of(), s -> {
                    s.perform(new Operation.CreateFuture("f"));
                    s.perform(new Operation.AddDoneCallback("f", "done", List.of()));
                    s.perform(new Operation.SetResult("f", 1));
                    return labels(s);
                });
    }

    @Test
    void inlineTaskStartsItsCoroutineInTheConstructor() {
        assertBreaks(BrokenTaskStartsInline.implementation(), "broken-task-starts-inline", List.of(), s -> {
            s.perform(new Operation.CreateTask("T", "t", null, TaskConstruction.TASK_CONSTRUCTOR, false));
            return labels(s);
        });
    }

    @Test
    void enterWithoutCheckAcceptsASecondTask() {
        assertBreaks(BrokenEnterWithoutConflictCheck.implementation(), "broken-enter-without-conflict-check",
                "RuntimeError", s -> {
                    s.perform(new Operation.CreateTask("A", "a", null, TaskConstruction.TASK_CONSTRUCTOR, false));
                    s.perform(new Operation.CreateTask("B", "b", null, TaskConstruction.TASK_CONSTRUCTOR, false));
                    s.perform(new Operation.EnterTask("A"));
                    return String.valueOf(s.perform(new Operation.EnterTask("B")).errorType());
                });
    }

    @Test
    void cancelledHeadTimerStillDecidesTheTimeout() {
        assertBreaks(BrokenTimeoutIgnoresCancelledHead.implementation(), "broken-timeout-ignores-cancelled-head",
                50.0, s -> {
                    s.perform(new Operation.CallLater(1, "soon", List.of(), "soon"));
                    s.perform(new Operation.CallLater(50, "later", List.of(), null));
                    s.perform(new Operation.CancelHandle("soon"));
                    return s.perform(new Operation.SelectTimeout()).value();
                });
    }

    @Test
    void cancelThatRemovesShortensTheQueue() {
        assertBreaks(BrokenCancelRemovesHandle.implementation(), "broken-cancel-removes-handle", 1, s -> {
            s.perform(new Operation.CallSoon("a", List.of(), "h"));
            s.perform(new Operation.CancelHandle("h"));
            return s.perform(new Operation.ReadyQueueLength()).value();
        });
    }
}
