package org.asynciotck.explore;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.asynciotck.spi.Event;
import org.asynciotck.spi.Operation;

/**
 * What the model knows of {@code stop()} ({@link Model}): which runs a stop ends, a stop that takes effect a
 * batch late (NTODO-4), and a stale stop that cuts the next run short (errata U-7).
 */
final class Stops {

    private Stops() {}

    /**
     * One root cause, one signature: a loop on which {@code stop()} takes effect a batch late (uvloop, errata
     * U-1) shows it as events that ran earlier than expected or that should not have run at all, in a run that
     * a stop() ends, or as a run's outcome that differs because of it. All of these are grouped under
     * {@code stop|late}, whatever kind of callback showed it first.
     */
    static Divergence lateStop(String detail) {
        return new Divergence("stop() lets the current batch finish and no more: what the batch scheduled waits"
                + " for the next run", "NTODO-4", detail, "stop|late");
    }

    /** The runs (of the expected trace) that a stop() ends: one of its callbacks called stop(), or stop() came first. */
    static Set<Integer> stoppedRuns(Program program, Trace expected) {
        Set<String> stoppers = new HashSet<>();
        for (Operation step : program.steps()) {
            collectStoppers(step, stoppers);
        }
        Set<Integer> runs = new HashSet<>();
        for (Event event : expected.events()) {
            if (stoppers.contains(Steps.base(event.label()))) {
                runs.add(event.run());
            }
        }
        int started = 0;
        boolean stopFirst = false;
        for (Operation step : program.steps()) {
            if (step instanceof Operation.Stop) {
                stopFirst = true;
            } else if (Steps.startsRun(step)) {
                started++;
                // run_once is stop() then run_forever() (docs/protocol.md), select_timeout one iteration as well,
                // and run_until_complete() stops the loop from the future's done callback: runs that a stop() ends too
                if (stopFirst || step instanceof Operation.RunOnce || step instanceof Operation.SelectTimeout
                        || step instanceof Operation.RunUntilComplete
                        || step instanceof Operation.RunCoroutineUntilComplete) {
                    runs.add(started);
                }
                stopFirst = false;
            }
        }
        return runs;
    }

    static Set<Integer> stopped(Program program, Map<Integer, List<String>> expectedRuns) {
        List<Event> events = new ArrayList<>();
        expectedRuns.forEach((run, tokens) -> tokens.forEach(t -> events.add(Event.of(t, run))));
        return stoppedRuns(program, new Trace(List.of(), events, List.of(), null));
    }

    /**
     * Whether the run before {@code run} was a run_once (stop() then run_forever()) in which a callback called
     * stop() again: a loop that queues each stop() (uvloop) keeps the second and cuts {@code run} short.
     */
    static boolean staleStopBefore(Program program, Map<Integer, List<String>> e, int run) {
        Set<String> stoppers = new HashSet<>();
        program.steps().forEach(step -> collectStoppers(step, stoppers));
        int started = 0;
        for (Operation step : program.steps()) {
            if (Steps.startsRun(step) && ++started == run - 1) {
                // Only a run_once: with stop() written before a run_forever, a cut-short run is too easily
                // something else (the gallery's clock_rewound_when_timers_fire looked like it).
                return step instanceof Operation.RunOnce && e.getOrDefault(run - 1, List.of())
                        .stream().anyMatch(t -> stoppers.contains(Steps.base(t)));
            }
        }
        return false;
    }

    /** Whether observed run {@code run} is the expected one cut short: a proper prefix of it (errors left out). */
    static boolean cutShort(Map<Integer, List<String>> e, Map<Integer, List<String>> o, int run) {
        List<String> expected = e.getOrDefault(run, List.of()).stream().filter(t -> !t.startsWith("!error")).toList();
        List<String> observed = o.getOrDefault(run, List.of()).stream().filter(t -> !t.startsWith("!error")).toList();
        return observed.size() < expected.size() && expected.subList(0, observed.size()).equals(observed);
    }

    /**
     * Whether observed run {@code run} is the expected one with more at its end: every event expected in it
     * first, then only events expected later or never. That is the shape of a stop() that takes effect a batch
     * late; a loop that runs new callbacks in the batch that scheduled them mixes them in before the end.
     */
    static boolean ranOneBatchMore(Map<Integer, List<String>> e, Map<Integer, List<String>> o, int run) {
        // Errors reported by callbacks are left out: the extra batch may raise what the expected one raised.
        List<String> expected = e.getOrDefault(run, List.of()).stream().filter(t -> !t.startsWith("!error")).toList();
        List<String> observed = o.getOrDefault(run, List.of()).stream().filter(t -> !t.startsWith("!error")).toList();
        if (observed.size() <= expected.size()) {
            return false;
        }
        List<String> head = new ArrayList<>(observed.subList(0, expected.size()));
        List<String> want = new ArrayList<>(expected);
        head.sort(null);
        want.sort(null);
        return head.equals(want) && observed.subList(expected.size(), observed.size()).stream()
                .noneMatch(expected::contains);
    }

    private static void collectStoppers(Operation op, Set<String> stoppers) {
        for (Operation each : Steps.everyOperation(List.of(op))) {
            Steps.scheduled(each).filter(body -> body.then().stream().anyMatch(Operation.Stop.class::isInstance))
                    .ifPresent(body -> stoppers.add(body.label()));
        }
    }
}
