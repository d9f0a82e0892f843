package org.asynciotck.explore;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.asynciotck.spi.Event;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;
import org.junit.jupiter.api.Test;

/**
 * Which guarantee a run that a KeyboardInterrupt ended on one loop only breaks: EXC-2 when the raising callback
 * ran in that run on both loops, the scheduling difference that let it in otherwise (found against uvloop, whose
 * stop() a batch late let a raising callback run: it was named EXC-2, and is U-1's stop|late).
 */
class RunEndingsTest {

    /** c1 schedules c1.1, which raises KeyboardInterrupt; s2 stops the loop; then run_forever. */
    private static final Program PROGRAM = new Program(List.of(
            new Operation.CallSoon("c1", List.of(new Operation.CallSoon("c1.1",
                    List.of(new Operation.RaiseBaseException(Operation.BaseErrorType.KEYBOARD_INTERRUPT)), null)), "hc1"),
            new Operation.CallSoon("s2", List.of(new Operation.Stop()), null),
            new Operation.RunForever()),
            Map.of("c1", "call_soon", "c1.1", "call_soon", "s2", "stopper"), Map.of(), Map.of(), Map.of());

    private static final Outcome INTERRUPTED = Outcome.error("KeyboardInterrupt", "raised by the kit");

    @Test
    void theRaisingCallbackLetInByALateStopIsAScheduling_notAnExc2_divergence() {
        Trace expected = trace(List.of(Outcome.nothing(), Outcome.nothing(), Outcome.nothing()),
                Event.of("c1", 1), Event.of("s2", 1));
        Trace observed = trace(List.of(Outcome.nothing(), Outcome.nothing(), INTERRUPTED),
                Event.of("c1", 1), Event.of("s2", 1), Event.of("c1.1", 1));

        assertThat(Model.compare(PROGRAM, expected, observed)).get()
                .satisfies(d -> assertThat(d.signature()).isNotEqualTo("run-ending|EXC-2"))
                .satisfies(d -> assertThat(d.ruleId()).isEqualTo("NTODO-4"));
    }

    @Test
    void aBaseExceptionThatDidNotLeaveTheRunOnOneLoopIsExc2() {
        Trace expected = trace(List.of(Outcome.nothing(), Outcome.nothing(), INTERRUPTED),
                Event.of("c1", 1), Event.of("s2", 1), Event.of("c1.1", 2));
        // Both ran c1.1 in the same run; one let the KeyboardInterrupt out of run_forever, the other did not.
        Trace observed = trace(List.of(Outcome.nothing(), Outcome.nothing(), Outcome.nothing()),
                Event.of("c1", 1), Event.of("s2", 1), Event.of("c1.1", 2));

        assertThat(Model.compare(PROGRAM, expected, observed)).get()
                .satisfies(d -> assertThat(d.signature()).isEqualTo("run-ending|EXC-2"));
    }

    @Test
    void theRestOfABatchThatABaseExceptionEndedRunInTheSameRunIsExc2() {
        // errata U-5: c1 raises SystemExit; asyncio leaves s2 queued for the next run, uvloop has run it
        Program program = new Program(List.of(
                new Operation.CallSoon("c1", List.of(new Operation.RaiseBaseException(Operation.BaseErrorType.SYSTEM_EXIT)),
                        "hc1"),
                new Operation.CallSoon("s2", List.of(new Operation.Stop()), null),
                new Operation.RunForever(), new Operation.RunOnce(null)),
                Map.of("c1", "call_soon", "s2", "stopper"), Map.of(), Map.of(), Map.of());
        Outcome exited = Outcome.error("SystemExit", "raised by the kit");
        Trace expected = trace(List.of(Outcome.nothing(), Outcome.nothing(), exited, Outcome.nothing()),
                Event.of("c1", 1), Event.of("s2", 2));
        Trace observed = trace(List.of(Outcome.nothing(), Outcome.nothing(), exited, Outcome.nothing()),
                Event.of("c1", 1), Event.of("s2", 1));

        assertThat(Model.compare(program, expected, observed)).get()
                .satisfies(d -> assertThat(d.ruleId()).isEqualTo("EXC-2"))
                .satisfies(d -> assertThat(d.signature()).isEqualTo("run|EXC-2"));
    }

    @Test
    void aCoroutineThatARefusedNestedRunStartedIsRun6() {
        // errata U-6: c1 calls run_until_complete(coro) on the running loop; asyncio refuses before it wraps coro,
        // uvloop refuses after, and the task it made runs in the next iteration
        Program program = new Program(List.of(
                new Operation.CallSoon("c1", List.of(new Operation.Note("c1.1",
                        new Operation.RunCoroutineUntilComplete("c1.1.co", null))), null),
                new Operation.CallSoon("s2", List.of(new Operation.CallSoon("s2.1", List.of(new Operation.Stop()), null)),
                        null),
                new Operation.RunForever()),
                Map.of("c1", "call_soon", "c1.1", "note", "c1.1.co", "task", "s2", "call_soon", "s2.1", "stopper"),
                Map.of(), Map.of(), Map.of());
        Trace expected = trace(List.of(Outcome.nothing(), Outcome.nothing(), Outcome.nothing()),
                Event.of("c1", 1), Event.of("c1.1:RuntimeError", 1), Event.of("s2", 1), Event.of("s2.1", 2));
        Trace observed = trace(List.of(Outcome.nothing(), Outcome.nothing(), Outcome.nothing()),
                Event.of("c1", 1), Event.of("c1.1:RuntimeError", 1), Event.of("s2", 1), Event.of("c1.1.co:start", 2),
                Event.of("c1.1.co:end", 2), Event.of("s2.1", 2));

        assertThat(Model.compare(program, expected, observed)).get()
                .satisfies(d -> assertThat(d.ruleId()).isEqualTo("RUN-6"));
    }

    @Test
    void theRaisingCallbacksAreFoundWhereverTheyAreScheduled() {
        assertThat(Outcomes.raisingLabels(PROGRAM)).containsExactly("c1.1");
    }

    private static Trace trace(List<Outcome> outcomes, Event... events) {
        return new Trace(outcomes, List.of(events), List.of(), null);
    }
}
