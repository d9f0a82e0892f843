package org.asynciotck.explore;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;
import org.junit.jupiter.api.Test;

/**
 * Where a CancelledError's message is compared (CANCEL-7): a task's at its first retrieval only, when nothing
 * awaits the task (CPython hands the caught error out once), a plain future's at every retrieval; and a program
 * without a message is generated and compared as before.
 */
class CancelMessagesTest {

    private static final String WHY = CancelMessages.MESSAGE;
    private static final Outcome WITH_MESSAGE = Outcome.error("CancelledError", WHY);
    private static final Outcome WITHOUT = Outcome.error("CancelledError", "");

    /** k2 awaits f1 and is cancelled with a message; two iterations; result() of k2 twice, of f1. */
    private static Program program(Operation... more) {
        List<Operation> steps = new java.util.ArrayList<>(List.of(new Operation.CreateFuture("f1"),
                new Operation.CreateTask("k2", "k2", "f1", Operation.TaskConstruction.CREATE_TASK, false, List.of()),
                new Operation.CancelTask("k2", WHY), new Operation.RunOnce(), new Operation.RunOnce(),
                new Operation.FutureResult("k2"), new Operation.FutureResult("k2"), new Operation.FutureResult("f1")));
        steps.addAll(List.of(more));
        return new Program(steps, Map.of("k2", "task"), Map.of(), Map.of(), Map.of());
    }

    private static List<Outcome> outcomes(Outcome first, Outcome second, Outcome future, Outcome... more) {
        List<Outcome> outcomes = new java.util.ArrayList<>(List.of(Outcome.nothing(), Outcome.nothing(),
                Outcome.value(true), Outcome.nothing(), Outcome.nothing(), first, second, future));
        outcomes.addAll(List.of(more));
        return outcomes;
    }

    @Test
    void aTasksMessageIsComparedAtItsFirstRetrievalOnly_aFuturesAtEvery() {
        List<Outcome> expected = outcomes(WITH_MESSAGE, WITH_MESSAGE, WITH_MESSAGE);
        assertThat(CancelMessages.compared(program(), expected, 5)).isTrue();
        assertThat(CancelMessages.compared(program(), expected, 6)).isFalse();
        assertThat(CancelMessages.compared(program(), expected, 7)).isTrue();

        // CPython's second retrieval has no message, the reference loop's has: not a divergence
        assertThat(CancelMessages.compare(program(), expected, outcomes(WITH_MESSAGE, WITHOUT, WITH_MESSAGE))).isEmpty();
        assertThat(CancelMessages.compare(program(), expected, outcomes(WITHOUT, WITHOUT, WITH_MESSAGE))).get()
                .satisfies(d -> assertThat(d.ruleId()).isEqualTo("CANCEL-7"))
                .satisfies(d -> assertThat(d.signature()).isEqualTo("message|CANCEL-7"));
        assertThat(CancelMessages.compare(program(), expected, outcomes(WITH_MESSAGE, WITHOUT, WITHOUT))).isPresent();
    }

    @Test
    void aTaskThatATaskAwaitsIsNotCompared_itsAwaiterRetrievedItFirst() {
        Program awaited = program(new Operation.CreateTask("k3", "k3", "k2", Operation.TaskConstruction.CREATE_TASK,
                false, List.of()));
        List<Outcome> expected = outcomes(WITH_MESSAGE, WITH_MESSAGE, WITH_MESSAGE, Outcome.nothing());
        assertThat(CancelMessages.compared(awaited, expected, 5)).isFalse();
    }

    @Test
    void aProgramWithoutAMessageComparesNoMessage() {
        Program plain = new Program(List.of(new Operation.CreateFuture("f1"), new Operation.CancelFuture("f1"),
                new Operation.FutureResult("f1")), Map.of(), Map.of(), Map.of(), Map.of());
        assertThat(CancelMessages.compared(plain, List.of(Outcome.nothing(), Outcome.value(true), WITHOUT), 2)).isFalse();
    }

    @Test
    void aProgramWithoutTheMessageArgumentIsTheProgramItWas() {
        SketchGenerator generator = new SketchGenerator(12, 28);
        int withMessage = 0;
        for (int i = 0; i < 500; i++) {
            Sketch sketch = generator.sketch(1, i);
            Program with = Program.of(sketch, Allowed.DEFAULT);
            Program without = Program.of(sketch, Allowed.DEFAULT.with(Allowed.Use.CANCEL_MESSAGES, false));
            boolean message = Steps.everyOperation(with.steps()).stream()
                    .anyMatch(op -> op instanceof Operation.CancelTask c && c.msg() != null);
            if (message) {
                withMessage++;
            } else {
                assertThat(with).isEqualTo(without);
            }
        }
        assertThat(withMessage).isPositive();
    }
}
