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
     * Whether a run before {@code run} was stopping from its start and a callback called stop() again in it: a
     * run_once (stop() then run_forever()), or a run_forever() with a top-level stop() written before it. A loop
     * that queues each stop() (uvloop, errata U-7) keeps the second, which cuts a later run short after its
     * first batch (and a stop() in that run is then one more of the same). Right after a run_once that is
     * enough; otherwise the observed run must also be what {@code run} had queued when it started and no more:
     * a run cut short anywhere else is too easily something else (the gallery's clock_rewound_when_timers_fire
     * looked like it).
     */
    static boolean staleStopBefore(Program program, Map<Integer, List<String>> e, Map<Integer, List<String>> o, int run) {
        Set<String> stoppers = new HashSet<>();
        program.steps().forEach(step -> collectStoppers(step, stoppers));
        int started = 0;
        boolean stopFirst = false;
        for (Operation step : program.steps()) {
            if (step instanceof Operation.Stop) {
                stopFirst = true;
                continue;
            }
            if (!Steps.startsRun(step)) {
                continue;
            }
            if (++started >= run) {
                return false;
            }
            boolean stoppingFromTheStart = step instanceof Operation.RunOnce
                    || step instanceof Operation.RunForever && stopFirst;
            stopFirst = false;
            boolean stoppedAgain = e.getOrDefault(started, List.of()).stream()
                    .anyMatch(t -> stoppers.contains(Steps.base(t)));
            if (stoppingFromTheStart && stoppedAgain && (started == run - 1 && step instanceof Operation.RunOnce
                    || queuedBefore(program, run).containsAll(owners(program, o.getOrDefault(run, List.of()))))) {
                return true;
            }
        }
        return false;
    }

    /**
     * What top-level steps between the run before {@code run} and it queued for it: callbacks (call_soon,
     * call_soon_threadsafe), tasks' first steps, timers already due (a delay of zero or less), and the task of a
     * run_until_complete(coro) that starts {@code run}.
     */
    private static Set<String> queuedBefore(Program program, int run) {
        Set<String> queued = new HashSet<>();
        int started = 0;
        for (Operation step : program.steps()) {
            if (Steps.startsRun(step) && ++started == run) {
                if (step instanceof Operation.RunCoroutineUntilComplete r) {
                    queued.add(r.label()); // the task the run wraps its coroutine in: its first step is queued first
                }
                return queued;
            }
            if (started == run - 1) {
                Steps.scheduled(step).map(Steps.Scheduled::label).filter(label -> queuedAtOnce(program, step, label))
                        .ifPresent(queued::add);
            }
        }
        return queued;
    }

    private static boolean queuedAtOnce(Program program, Operation step, String label) {
        Double delay = program.delays().get(label);
        return step instanceof Operation.CallSoon || step instanceof Operation.CallSoonThreadsafe
                || "task".equals(program.kinds().get(label)) || delay != null && delay <= 0;
    }

    /** The callbacks and tasks that recorded {@code tokens} (a note's is the callback it was taken in), errors left out. */
    private static List<String> owners(Program program, List<String> tokens) {
        return tokens.stream().filter(t -> !t.startsWith("!error")).map(t -> Steps.owner(program, Steps.base(t))).toList();
    }

    /** Whether observed run {@code run} is the expected one cut short: a proper prefix of it (errors left out). */
    static boolean cutShort(Map<Integer, List<String>> e, Map<Integer, List<String>> o, int run) {
        List<String> expected = e.getOrDefault(run, List.of()).stream().filter(t -> !t.startsWith("!error")).toList();
        List<String> observed = o.getOrDefault(run, List.of()).stream().filter(t -> !t.startsWith("!error")).toList();
        return observed.size() < expected.size() && Steps.beginsWith(expected, observed);
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
