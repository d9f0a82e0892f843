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
    void theRestOfABatchThatABaseExceptionEndedIsExc2AlsoWhenTheRaisingCallbackNotedSomethingFirst() {
        // uvloop, 5000 programs of seed 1: c1 notes is_running() and raises SystemExit; the note is the run's last
        // event, and s2 (a stopper) ran in it on uvloop: named NTODO-4 ("extra") and NTODO-2 ("earlier") before
        for (boolean runOnceAfter : new boolean[] {false, true}) {
            List<Operation> steps = new java.util.ArrayList<>(List.of(
                    new Operation.CallSoon("c1", List.of(new Operation.Note("c1.1", new Operation.IsRunning()),
                            new Operation.RaiseBaseException(Operation.BaseErrorType.SYSTEM_EXIT)), "hc1"),
                    new Operation.CallSoon("s2", List.of(new Operation.Stop()), null), new Operation.RunForever()));
            List<Outcome> outcomes = new java.util.ArrayList<>(List.of(Outcome.nothing(), Outcome.nothing(),
                    Outcome.error("SystemExit", "raised by the kit")));
            List<Event> expected = new java.util.ArrayList<>(List.of(Event.of("c1", 1), new Event("c1.1", 1, true)));
            if (runOnceAfter) {
                steps.add(new Operation.RunOnce(null));
                outcomes.add(Outcome.nothing());
                expected.add(Event.of("s2", 2));
            }
            Program program = new Program(steps, Map.of("c1", "call_soon", "c1.1", "note", "s2", "stopper"), Map.of(),
                    Map.of(), Map.of());
            Trace observed = trace(outcomes, Event.of("c1", 1), new Event("c1.1", 1, true), Event.of("s2", 1));

            assertThat(Model.compare(program, new Trace(outcomes, expected, List.of(), null), observed)).get()
                    .satisfies(d -> assertThat(d.ruleId()).as("%s", d).isEqualTo("EXC-2"));
        }
    }

    @Test
    void aRunThatEndedOnTheFuturesErrorBecauseATimerRanFirstIsOrder1_notExc4() {
        // uvloop (errata E-1): t2 (overdue) sets f1's exception before u3 sets its result; u3's set_result then raises
        // InvalidStateError, which goes to the raising handler. The run's outcome differs because of the order.
        Program program = timerFirst();
        List<Outcome> before = List.of(Outcome.nothing(), Outcome.nothing(), Outcome.nothing(), Outcome.nothing());
        List<Outcome> expectedOutcomes = new java.util.ArrayList<>(before);
        expectedOutcomes.add(Outcome.value(3));
        List<Outcome> observedOutcomes = new java.util.ArrayList<>(before);
        observedOutcomes.add(Outcome.error("RuntimeError", "set by the kit"));
        Trace expected = trace(expectedOutcomes, Event.of("u3", 1), Event.of("t2", 1),
                new Event("!error", 1, "InvalidStateError: FINISHED: <Future finished>"));
        Trace observed = trace(observedOutcomes, Event.of("t2", 1), Event.of("u3", 1),
                new Event("!error", 1, "InvalidStateError: invalid state"));

        assertThat(Model.compare(program, expected, observed)).get()
                .satisfies(d -> assertThat(d.ruleId()).as("%s", d).isEqualTo("ORDER-1"));
    }

    @Test
    void aRunCutShortAfterAStopInARunForeverThatWasStoppingAnywayIsTheStaleStop() {
        // uvloop, errata U-7: stop(); call_soon(s1: stop()); run_forever(); then run_until_complete(f2), whose first
        // batch (u4) completes f2: uvloop's second queued stop ends that run before f2's done callback d3
        Program program = new Program(List.of(new Operation.Stop(),
                new Operation.CallSoon("s1", List.of(new Operation.Stop()), null), new Operation.RunForever(),
                new Operation.CreateFuture("f2"), new Operation.AddDoneCallback("f2", "d3", List.of()),
                new Operation.CallSoon("u4", List.of(new Operation.SetResult("f2", 4)), null),
                new Operation.RunUntilComplete("f2")),
                Map.of("s1", "stopper", "d3", "done_callback", "u4", "call_soon"), Map.of(), Map.of(), Map.of("d3", "f2"));
        List<Outcome> outcomes = List.of(Outcome.nothing(), Outcome.nothing(), Outcome.nothing(), Outcome.nothing(),
                Outcome.nothing(), Outcome.nothing(), Outcome.value(4));
        Trace expected = trace(outcomes, Event.of("s1", 1), Event.of("u4", 2), Event.of("d3", 2));
        Trace observed = trace(outcomes, Event.of("s1", 1), Event.of("u4", 2));

        assertThat(Model.compare(program, expected, observed)).get()
                .satisfies(d -> assertThat(d.signature()).as("%s", d).isEqualTo("stop|stale"));
    }

    @Test
    void aLaterRunWhoseOutcomeDiffersBecauseAnEarlierRunsOrderDidIsNotExc4() {
        // the same, then u4 sets f1's result again and run_until_complete(f1) returns f1's outcome: run 2's events
        // agree, its outcome differs because of run 1's order
        Program program = timerFirst(new Operation.CallSoon("u4", List.of(new Operation.SetResult("f1", 4)), null),
                new Operation.RunUntilComplete("f1"));
        Outcome failed = Outcome.error("RuntimeError", "set by the kit");
        List<Outcome> expectedOutcomes = List.of(Outcome.nothing(), Outcome.nothing(), Outcome.nothing(),
                Outcome.nothing(), Outcome.value(3), Outcome.nothing(), Outcome.value(3));
        List<Outcome> observedOutcomes = List.of(Outcome.nothing(), Outcome.nothing(), Outcome.nothing(),
                Outcome.nothing(), failed, Outcome.nothing(), failed);
        Event invalid = new Event("!error", 1, "InvalidStateError: invalid state");
        Event invalidAgain = new Event("!error", 2, "InvalidStateError: invalid state");
        Trace expected = trace(expectedOutcomes, Event.of("u3", 1), Event.of("t2", 1), invalid, Event.of("u4", 2),
                invalidAgain);
        Trace observed = trace(observedOutcomes, Event.of("t2", 1), Event.of("u3", 1), invalid, Event.of("u4", 2),
                invalidAgain);

        assertThat(Model.compare(program, expected, observed)).get()
                .satisfies(d -> assertThat(d.ruleId()).as("%s", d).isEqualTo("ORDER-1"));
    }

    @Test
    void theStaleStopCutsARunWhoseFirstBatchHoldsATasksFirstStep() {
        // uvloop, errata U-7, with task k3 awaiting f2 made before the run: k3's first step and u4 are its first batch
        Program program = new Program(List.of(new Operation.Stop(),
                new Operation.CallSoon("s1", List.of(new Operation.Stop()), null), new Operation.RunForever(),
                new Operation.CreateFuture("f2"),
                new Operation.CreateTask("k3", "k3", "f2", Operation.TaskConstruction.CREATE_TASK, false, List.of()),
                new Operation.CallSoon("u4", List.of(new Operation.SetResult("f2", 4)), null),
                new Operation.RunUntilComplete("f2")),
                Map.of("s1", "stopper", "k3", "task", "u4", "call_soon"), Map.of(), Map.of(), Map.of());
        List<Outcome> outcomes = List.of(Outcome.nothing(), Outcome.nothing(), Outcome.nothing(), Outcome.nothing(),
                Outcome.nothing(), Outcome.nothing(), Outcome.value(4));
        Trace expected = trace(outcomes, Event.of("s1", 1), Event.of("k3:start", 2), Event.of("u4", 2),
                Event.of("k3:end", 2));
        Trace observed = trace(outcomes, Event.of("s1", 1), Event.of("k3:start", 2), Event.of("u4", 2));

        assertThat(Model.compare(program, expected, observed)).get()
                .satisfies(d -> assertThat(d.signature()).as("%s", d).isEqualTo("stop|stale"));
    }

    @Test
    void aStaleStopThatCarriesOverARunIsTheStaleStopToo() {
        // uvloop, 5000 programs of seed 1 (program 465): c1's stop() in a run_once stays queued and ends run 2 after
        // its first batch, in which s2's stop() is one more of the same; that one cuts run 3 short before d4
        Program program = new Program(List.of(new Operation.CallSoon("c1", List.of(new Operation.Stop()), "hc1"),
                new Operation.RunOnce(null), new Operation.CallSoon("s2", List.of(new Operation.Stop()), null),
                new Operation.RunForever(), new Operation.CreateFuture("f3"),
                new Operation.AddDoneCallback("f3", "d4", List.of()),
                new Operation.CallSoon("u5", List.of(new Operation.SetResult("f3", 5)), null),
                new Operation.RunUntilComplete("f3")),
                Map.of("c1", "stopper", "s2", "stopper", "d4", "done_callback", "u5", "call_soon"), Map.of(), Map.of(),
                Map.of("d4", "f3"));
        List<Outcome> outcomes = new java.util.ArrayList<>(java.util.Collections.nCopies(7, Outcome.nothing()));
        outcomes.add(Outcome.value(5));
        Trace expected = trace(outcomes, Event.of("c1", 1), Event.of("s2", 2), Event.of("u5", 3), Event.of("d4", 3));
        Trace observed = trace(outcomes, Event.of("c1", 1), Event.of("s2", 2), Event.of("u5", 3));

        assertThat(Model.compare(program, expected, observed)).get()
                .satisfies(d -> assertThat(d.signature()).as("%s", d).isEqualTo("stop|stale"));
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

    /**
     * f1; a raising exception handler; t2 (overdue) sets f1's exception, u3 sets its result; run_until_complete(f1);
     * then {@code more} (whose callbacks are "call_soon" labelled u4).
     */
    private static Program timerFirst(Operation... more) {
        List<Operation> steps = new java.util.ArrayList<>(List.of(new Operation.CreateFuture("f1"),
                new Operation.SetExceptionHandler(Operation.ExceptionHandlerKind.RAISING),
                new Operation.CallLater(-10.0, "t2", List.of(new Operation.SetException("f1")), "ht2"),
                new Operation.CallSoon("u3", List.of(new Operation.SetResult("f1", 3)), null),
                new Operation.RunUntilComplete("f1")));
        steps.addAll(List.of(more));
        return new Program(steps, Map.of("t2", "call_later", "u3", "call_soon", "u4", "call_soon"), Map.of(),
                Map.of("t2", -10.0), Map.of());
    }

    private static Trace trace(List<Outcome> outcomes, Event... events) {
        return new Trace(outcomes, List.of(events), List.of(), null);
    }
}
