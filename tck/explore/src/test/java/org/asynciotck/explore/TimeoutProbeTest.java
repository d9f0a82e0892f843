package org.asynciotck.explore;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.asynciotck.spi.Event;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;
import org.junit.jupiter.api.Test;

/**
 * The select-timeout probe: written only where the implementation declares the capability, at the end of the
 * program, and compared within a tolerance (CPython's clock is real), with None and 0 compared exactly.
 */
class TimeoutProbeTest {

    /**
     * An overdue leaf timer (AT, argument 1), then the probe of the argument 10 (a cancelled head, a far timer), whose
     * three children ask for four select_timeouts.
     */
    private static final Sketch SKETCH = new Sketch(List.of(
            new Sketch.Choice(Sketch.Kind.AT, 1, List.of()),
            new Sketch.Choice(Sketch.Kind.AT, 10, List.of(child(), child(), child())),
            new Sketch.Choice(Sketch.Kind.SOON, 0, List.of())));

    private static Sketch.Child child() {
        return new Sketch.Child(Sketch.ChildKind.SOON, 0, List.of());
    }

    private static final Allowed PROBING = Allowed.DEFAULT.with(Allowed.Use.SELECT_TIMEOUTS, true);

    @Test
    void theProbeIsWrittenAtTheEndOnlyWhereTheCapabilityIsDeclared() {
        Program without = Program.of(SKETCH, Allowed.DEFAULT);
        assertThat(without.steps()).noneMatch(Operation.SelectTimeout.class::isInstance);

        Program with = Program.of(SKETCH, PROBING);
        List<Operation> steps = with.steps();
        assertThat(steps.get(0)).isInstanceOf(Operation.CallAt.class);
        assertThat(steps.get(1)).isInstanceOf(Operation.CallSoon.class); // the probe's choice adds nothing where it stands
        assertThat(steps.subList(2, steps.size())).containsExactly(
                new Operation.CallLater(3600.0, "y3", List.of(), "y3"),
                new Operation.CallLater(100000.0, "y4", List.of(), "y4"),
                new Operation.CancelHandle("y3"),
                new Operation.SelectTimeout(), new Operation.SelectTimeout(), new Operation.SelectTimeout(),
                new Operation.SelectTimeout());
    }

    @Test
    void theBlockGoesAsFarAsItsChoiceHasChildren() {
        Program least = Program.of(new Sketch(List.of(new Sketch.Choice(Sketch.Kind.AT, 9, List.of()))), PROBING);
        assertThat(least.steps()).containsExactly(new Operation.SelectTimeout());
        for (int children = 1; children <= 3; children++) {
            Sketch.Choice probing = new Sketch.Choice(Sketch.Kind.AT, 9,
                    java.util.Collections.nCopies(children, child()));
            Program program = Program.of(new Sketch(List.of(probing)), PROBING);
            assertThat(program.steps()).filteredOn(Operation.SelectTimeout.class::isInstance)
                    .as("select_timeouts of a probe with %d children", children).hasSize(children + 1);
            assertThat(program.steps()).filteredOn(Operation.CallLater.class::isInstance).hasSize(2);
        }
    }

    @Test
    void answersAreTheSameWithinTheToleranceButNoneAndZeroExactly() {
        assertThat(TimeoutProbe.same(3600.0, 3599.998)).isTrue();
        assertThat(TimeoutProbe.same(86400.0, 100000.0)).isFalse();
        assertThat(TimeoutProbe.same(0.0, 0)).isTrue();
        assertThat(TimeoutProbe.same(0.0, 0.001)).isFalse();
        assertThat(TimeoutProbe.same(null, null)).isTrue();
        assertThat(TimeoutProbe.same(null, 0.0)).isFalse();
    }

    @Test
    void aCorrectLoopsRealClockIsNoDivergence() {
        Program program = Program.of(SKETCH, PROBING);
        Trace expected = trace(program, 0.0, 86400.0, 86400.0, 86400.0);
        Trace observed = trace(program, 0.0, 86399.997, 86399.995, 86399.99);
        assertThat(Model.compare(program, expected, observed)).isEmpty();
    }

    @Test
    void eachWrongAnswerNamesItsRule() {
        Program program = Program.of(SKETCH, PROBING);
        Trace expected = trace(program, 0.0, 86400.0, 86400.0, 86400.0);
        assertThat(Model.compare(program, expected, trace(program, 0.0, 3599.9, 3599.9, 3599.9))).get()
                .satisfies(d -> assertThat(d.signature()).isEqualTo("timeout|TIMEOUT-4"));
        assertThat(Model.compare(program, expected, trace(program, 0.0, 99999.9, 99999.9, 99999.9))).get()
                .satisfies(d -> assertThat(d.signature()).isEqualTo("timeout|TIMEOUT-2"));
        // The first probe ran only the overdue timer t1 (and c2, ready before it: TIMEOUT-1)
        assertThat(Model.compare(program, expected, trace(program, 12.5, 86400.0, 86400.0, 86400.0))).get()
                .satisfies(d -> assertThat(d.signature()).isEqualTo("timeout|TIMEOUT-1"));
    }

    /** Both timers and the callback run in the first probe's iteration (run 1); the other steps answer nothing. */
    private static Trace trace(Program program, Object... timeouts) {
        List<Outcome> outcomes = new ArrayList<>();
        int probe = 0;
        for (Operation step : program.steps()) {
            outcomes.add(step instanceof Operation.SelectTimeout ? Outcome.value(timeouts[probe++]) : Outcome.nothing());
        }
        return new Trace(outcomes, List.of(Event.of("c2", 1), Event.of("t1", 1)), List.of(), null);
    }
}
