package org.asynciotck.explore;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.asynciotck.spi.Event;
import org.asynciotck.spi.Operation;

/**
 * The model's comparison of the events of a program's runs ({@link Model}): which run each event happened in and
 * their order within it, the first place the traces part, and which guarantee that breaks (the ready queue's
 * order, the batch, a timer run early or late, a watcher, a note read in a callback, a run_until_complete()
 * that returned early).
 */
final class RunOrder {

    private RunOrder() {}

    /** The events of each run, as compared: labels, "!error Type" for an operation that raised in a callback. */
    static Map<Integer, List<String>> canonical(Program program, Trace trace) {
        Map<Integer, List<String>> runs = new TreeMap<>();
        int shutdown = AsyncGeneratorBlocks.shutdownRun(program);
        for (Event event : trace.events()) {
            if (ExecutorBlocks.isJob(program, event.label())
                    || Operation.ShutdownDefaultExecutor.RETURNED.equals(event.label())) {
                continue; // a worker thread records at times of its own: compared apart (ExecutorChecks)
            }
            if (AsyncGeneratorBlocks.isGenerator(program, event.label()) || event.run() == shutdown) {
                // where the loop closes a generator is compared apart (AsyncGeneratorBlocks.closed), and what else
                // the shutdown's run runs depends on how many iterations the loop's shutdown takes, its own
                continue;
            }
            runs.computeIfAbsent(event.run(), r -> new ArrayList<>()).add(token(program, event));
        }
        for (List<String> run : runs.values()) {
            // Where a timer with a positive delay (a timed run's) runs among the run's callbacks is not
            // guaranteed: CPython's clock is real, and on a loaded machine the callbacks ready before it may
            // take longer than its delay (seen on 3.13 py at a load average of 9: a 3 ms timer before the
            // third callback of a chain). Those timers are compared at the end of their run, in their order.
            List<String> timed = new ArrayList<>();
            for (String token : run) {
                Double delay = program.delays().get(Steps.base(token));
                if (delay != null && delay > 0) {
                    timed.add(token);
                }
            }
            if (!timed.isEmpty()) {
                run.removeAll(timed);
                run.addAll(timed);
            }
            Map<String, List<Integer>> positions = new HashMap<>();
            for (int i = 0; i < run.size(); i++) {
                String group = program.equalGroups().get(run.get(i));
                if (group != null) {
                    positions.computeIfAbsent(group, g -> new ArrayList<>()).add(i);
                }
            }
            for (List<Integer> at : positions.values()) {
                List<String> labels = new ArrayList<>();
                at.forEach(i -> labels.add(run.get(i)));
                labels.sort(null);
                for (int k = 0; k < at.size(); k++) {
                    run.set(at.get(k), labels.get(k));
                }
            }
        }
        return runs;
    }

    /** An event as the model compares it, as the replay script writes it too. */
    static String token(Program program, Event event) {
        if ("!error".equals(event.label())) {
            String value = String.valueOf(event.value());
            return "!error " + value.split(":", 2)[0];
        }
        if ("note".equals(program.kinds().get(event.label())) && ClockChecks.isClockNote(event.label())
                && event.value() instanceof Number) {
            return event.label() + ":time"; // a reading of the clock: checked on its own loop (ClockChecks), never compared
        }
        if ("note".equals(program.kinds().get(event.label())) || AsyncGeneratorBlocks.isGenerator(program, event.label())) {
            // A note (or a generator's record of where it was closed): what it saw is compared along with where it ran
            // (an error by its type only, as above)
            return event.label() + ":" + noted(event.value());
        }
        return event.label();
    }

    /** A noted value as Python writes it (so the replay script compares the same text). */
    static String noted(Object value) {
        if (value == null) {
            return "None";
        }
        if (value instanceof Boolean b) {
            return b ? "True" : "False";
        }
        if (value instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())) {
            return Long.toString(n.longValue()); // a count (the ready queue's length), as Python prints it
        }
        String text = String.valueOf(value);
        return text.matches("[A-Za-z]*(Error|Exception|Interrupt|Exit|Iteration)(: .*)?") ? text.split(":", 2)[0] : text;
    }

    /** One event as compared: its run and its token. */
    record At(int run, String token) {}

    static List<At> flat(Map<Integer, List<String>> runs) {
        List<At> flat = new ArrayList<>();
        runs.forEach((run, tokens) -> tokens.forEach(t -> flat.add(new At(run, t))));
        return flat;
    }

    /** The first position where the traces part, in run order: classified by what happened to what was expected there. */
    static Optional<Divergence> events(Program program, Trace expected, Trace observed) {
        Map<Integer, List<String>> e = canonical(program, expected);
        Map<Integer, List<String>> o = canonical(program, observed);
        List<At> ef = flat(e);
        List<At> of = flat(o);
        int i = 0;
        while (i < ef.size() && i < of.size() && ef.get(i).equals(of.get(i))) {
            i++;
        }
        if (i == ef.size() && i == of.size()) {
            return Optional.empty();
        }
        Optional<Divergence> refused = refusedRunStarted(program, ef, of, e, o);
        if (refused.isPresent()) {
            return refused;
        }
        if (i == of.size()) {
            return Optional.of(misplaced(program, ef.get(i).token(), ef.get(i).run(), null, "missing", e, o));
        }
        if (i == ef.size()) {
            return Optional.of(misplaced(program, of.get(i).token(), null, of.get(i).run(), "extra", e, o));
        }
        At x = ef.get(i);
        At y = of.get(i);
        if (x.token().equals(y.token())) {
            return Optional.of(misplaced(program, x.token(), x.run(), y.run(),
                    y.run() > x.run() ? "later" : "earlier", e, o));
        }
        if (x.run() == y.run() && Steps.base(x.token()).equals(Steps.base(y.token()))
                && "note".equals(program.kinds().get(Steps.base(x.token())))) {
            return Optional.of(misnoted(program, x, y, e, o));
        }
        if (find(ef, i, y.token()) == null && Steps.cancelled(program, y.token())) {
            // A cancelled handle that ran: the cause, whatever it displaced (HANDLE-1)
            return Optional.of(misplaced(program, y.token(), null, y.run(), "extra", e, o));
        }
        Integer xObserved = find(of, i, x.token());
        Integer yExpected = find(ef, i, y.token());
        if (y.run() == x.run() && yExpected != null && yExpected == x.run()
                && (xObserved != null || "stopper".equals(Steps.kind(program, y.token())))) {
            // The loop ran y where x was due, both of the same run, and x ran later (or y was a stop() that ended
            // the runs before x): it broke the run's order first, and where x went follows from that (NTODO-3,
            // FUTURE-1, ...). An x that never ran at all is missing, whatever ran in its place.
            return Optional.of(misordered(program, x.run(), x.token(), y.token(), e.get(x.run()),
                    o.getOrDefault(x.run(), List.of())));
        }
        if (xObserved != null && xObserved > x.run()) {
            return Optional.of(misplaced(program, x.token(), x.run(), xObserved, "later", e, o));
        }
        if (xObserved != null && xObserved == x.run() && y.run() == x.run()) {
            return Optional.of(misordered(program, x.run(), x.token(), y.token(), e.get(x.run()), o.get(x.run())));
        }
        if (yExpected == null) {
            return Optional.of(misplaced(program, y.token(), null, y.run(), "extra", e, o));
        }
        if (yExpected > y.run()) {
            return Optional.of(misplaced(program, y.token(), yExpected, y.run(), "earlier", e, o));
        }
        if (xObserved == null) {
            return Optional.of(misplaced(program, x.token(), x.run(), null, "missing", e, o));
        }
        return Optional.of(misordered(program, x.run(), x.token(), y.token(), e.get(x.run()),
                o.getOrDefault(x.run(), List.of())));
    }

    /** A note that ran where expected and saw something else: named by what it observed. */
    static Divergence misnoted(Program program, At expected, At observed, Map<Integer, List<String>> e,
            Map<Integer, List<String>> o) {
        String label = Steps.base(expected.token());
        Operation of = Steps.noteOf(program, label);
        String seen = expected.token().substring(label.length() + 1);
        String saw = observed.token().substring(label.length() + 1);
        String[] guarantee = of instanceof Operation.ReadyQueueLength
                ? ReadyQueue.misnoted(program, label, expected.run(), seen, saw)
                : of instanceof Operation.ContextValue
                ? ContextNotes.guarantee(program, label, saw)
                : of instanceof Operation.AsyncgenHooks
                ? new String[] {"while the loop runs, the async generator hooks installed are the loop's own", "AGEN-1"}
                : of instanceof Operation.LoopTime
                ? new String[] {"loop.time() answers a number while a callback runs", "CLOCK-1"}
                : of instanceof Operation.IsRunning
                ? new String[] {"is_running() is True while the loop runs its callbacks", "RUN-2"}
                : of instanceof Operation.RunCoroutineUntilComplete
                ? new String[] {"a running loop refuses run_until_complete() from one of its callbacks, with"
                        + " RuntimeError", "RUN-3"}
                : "task".equals(program.kinds().get(label.substring(0, Math.max(0, label.lastIndexOf('.')))))
                ? new String[] {"asyncio.current_task() in a task's step is that task", "CURRENT-1"}
                : new String[] {"asyncio.current_task() in a plain callback is None, whoever scheduled it", "CURRENT-2"};
        String detail = "in " + Steps.runName(expected.run()) + ": note '" + label + "' (" + (of == null ? "?" : of.wireName())
                + ") expected '" + seen + "', observed '" + saw + "'; expected " + e + ", observed " + o;
        return new Divergence(guarantee[0], guarantee[1], detail, "note|" + (guarantee[1] == null ? "no-rule"
                : guarantee[1]));
    }

    static Integer find(List<At> flat, int from, String token) {
        for (int k = from; k < flat.size(); k++) {
            if (flat.get(k).token().equals(token)) {
                return flat.get(k).run();
            }
        }
        return null;
    }

    /**
     * A coroutine that a callback handed to {@code run_until_complete()} on the running loop ran on the loop
     * under test and not on the reference loop: the refused call wrapped it in a task anyway (RUN-6, errata
     * U-6). It is the cause of whatever else the run then did differently, so it is named first.
     */
    static Optional<Divergence> refusedRunStarted(Program program, List<At> ef, List<At> of,
            Map<Integer, List<String>> e, Map<Integer, List<String>> o) {
        Set<String> refused = new HashSet<>();
        for (Operation step : program.steps()) {
            for (Operation op : Steps.everyOperation(Steps.thenOf(step))) {
                if (op instanceof Operation.Note n && n.of() instanceof Operation.RunCoroutineUntilComplete r) {
                    refused.add(r.label());
                }
            }
        }
        for (At at : of) {
            String label = Steps.base(at.token());
            if (refused.contains(label) && ef.stream().noneMatch(x -> Steps.base(x.token()).equals(label))) {
                return Optional.of(new Divergence("a running loop refuses run_until_complete(coro) before it wraps"
                        + " the coroutine: the coroutine never starts (errata U-6)", "RUN-6", "'" + at.token()
                        + "' (the coroutine of a refused run_until_complete) observed in " + Steps.runName(at.run())
                        + "; expected " + e + ", observed " + o, "run|RUN-6"));
            }
        }
        return Optional.empty();
    }

    private static Divergence misplaced(Program program, String token, Integer expectedRun, Integer observedRun,
            String where, Map<Integer, List<String>> e, Map<Integer, List<String>> o) {
        String kind = Steps.kind(program, token);
        if ("reader".equals(kind) || "writer".equals(kind)) {
            // A watcher's block (Program: watch) has no stop() of its own and nothing it queues: where its
            // callback went is what the loop does with readiness, whatever else the iterations ran
            String[] rule = watcherGuarantee(program, kind, Steps.base(token), where, expectedRun, e);
            return new Divergence(rule[0], rule[1], "'" + token + "' (" + kind + ") expected in "
                    + Steps.runName(expectedRun) + ", observed in " + Steps.runName(observedRun) + "; expected " + e
                    + ", observed " + o, "io|" + where + "|" + rule[1]);
        }
        // A run that a callback's KeyboardInterrupt or SystemExit ended: what else ran in it is that ending's
        if (("earlier".equals(where) || "extra".equals(where)) && observedRun != null
                && endedByABaseException(program, e.get(observedRun))) {
            return new Divergence("KeyboardInterrupt and SystemExit raised by a callback leave run_forever() at once:"
                    + " the rest of the batch stays queued for the next run (errata U-5)", "EXC-2", "'" + token + "' ("
                    + kind + ") expected in " + Steps.runName(expectedRun) + ", observed in " + Steps.runName(observedRun)
                    + ", which a callback's BaseException ends; expected " + e + ", observed " + o, "run|EXC-2");
        }
        Set<Integer> stoppedRuns = Stops.stopped(program, e);
        boolean cancelledRan = "extra".equals(where) && Steps.cancelled(program, token);
        if (!cancelledRan && ("earlier".equals(where) || "extra".equals(where)) && observedRun != null
                && stoppedRuns.contains(observedRun) && Stops.ranOneBatchMore(e, o, observedRun)) {
            return Stops.lateStop("'" + token + "' (" + kind + ") expected in " + Steps.runName(expectedRun) + ", observed in "
                    + Steps.runName(observedRun) + ", a run that stop() ends; expected " + e + ", observed " + o);
        }
        if (("later".equals(where) || "missing".equals(where)) && expectedRun != null
                && Stops.staleStopBefore(program, e, o, expectedRun) && Stops.cutShort(e, o, expectedRun)) {
            return new Divergence("a stop() called in a run that is stopping anyway changes nothing: the next run"
                    + " is not cut short (errata U-7)", "NTODO-4", "'" + token + "' (" + kind + ") expected in "
                    + Steps.runName(expectedRun) + ", observed in " + Steps.runName(observedRun) + ", after a run_once in"
                    + " which a callback called stop() again; expected " + e + ", observed " + o, "stop|stale");
        }
        if (("later".equals(where) || "missing".equals(where)) && expectedRun != null
                && returnedBeforeItsLastIteration(program, expectedRun, e, o)) {
            return new Divergence("run_until_complete() returns after the iteration that runs the future's done"
                    + " callbacks, and that iteration runs its whole batch and the timers due in it (errata N-7)",
                    "RUN-7", "'" + token + "' (" + kind + ") expected in " + Steps.runName(expectedRun) + ", observed in "
                    + Steps.runName(observedRun) + ", after a run_until_complete() that ran less than its last iteration;"
                    + " expected " + e + ", observed " + o, "run|RUN-7");
        }
        if ("missing".equals(where) && token.equals("!error RuntimeError") && Steps.closesWhileRunning(program)) {
            return new Divergence("close() while the loop runs raises RuntimeError and leaves the loop open",
                    "CLOSED-1", "'" + token + "' expected in " + Steps.runName(expectedRun) + ", observed in "
                    + Steps.runName(observedRun) + "; expected " + e + ", observed " + o, "run|missing|CLOSED-1");
        }
        if (Integer.valueOf(0).equals(observedRun) && Steps.isTimer(kind)) {
            return new Divergence("a timer, whatever its delay, is never run by call_later() or call_at() itself: the"
                    + " loop runs it in an iteration", "TIMER-4", "'" + token + "' (" + kind + ") expected in "
                    + Steps.runName(expectedRun) + ", observed outside any iteration; expected " + e + ", observed " + o,
                    "run|TIMER-4");
        }
        String[] guarantee = switch (where) {
            case "earlier" -> switch (kind) {
                case "done_callback" -> new String[] {"completing a future queues its done callbacks with call_soon;"
                        + " they run in the next iteration", "FUTURE-1"};
                case "task" -> new String[] {"creating a task queues one step and starts nothing", "TASK-1"};
                case "call_later", "call_at" -> new String[] {"a timer that falls due while an iteration runs its"
                        + " callbacks waits for the next iteration", "ORDER-2"};
                default -> new String[] {"a callback scheduled during an iteration runs in the next iteration;"
                        + " stop() lets the current batch finish and no more", "NTODO-2"};
            };
            case "later" -> switch (kind) {
                case "call_later", "call_at" -> new String[] {"a due timer runs in the iteration that finds it due",
                        "NTODO-1"};
                default -> new String[] {"one iteration runs every handle that is in the ready queue when its"
                        + " drain starts; stop() lets that batch finish", "NTODO-1"};
            };
            case "extra" -> Steps.cancelled(program, token)
                    ? new String[] {"a cancelled handle never runs", "HANDLE-1"}
                    : Steps.removed(program, token)
                    ? new String[] {"remove_done_callback() removes every registration of the callback: none runs",
                            "FUTURE-5"}
                    : "done_callback".equals(kind) && Integer.valueOf(0).equals(observedRun)
                    ? new String[] {"a done callback is queued with call_soon, never called at once: it runs in an"
                            + " iteration", "FUTURE-1"}
                    : new String[] {"stop() lets the current batch finish and no more: what the batch scheduled"
                            + " waits for the next run", "NTODO-4"};
            default -> expectedRun != null && ranThePrefixOf(e.get(expectedRun), o.get(expectedRun))
                    ? new String[] {"one iteration runs every handle that is in the ready queue when its drain starts",
                            "NTODO-1"}
                    : new String[] {"every callback scheduled and not cancelled runs", null};
        };
        String detail = "'" + token + "' (" + kind + ") expected in " + Steps.runName(expectedRun)
                + ", observed in " + Steps.runName(observedRun)
                + "; expected " + e + ", observed " + o;
        // Grouped by where the event went and the guarantee that names it, not by what kind of callback
        // showed it first: one cause, one group.
        return new Divergence(guarantee[0], guarantee[1], detail, "run|" + where + "|" + (guarantee[1] == null
                ? "no-rule" : guarantee[1]));
    }

    /** Whether the last callback of {@code run} (expected) raises KeyboardInterrupt or SystemExit, ending the run. */
    private static boolean endedByABaseException(Program program, List<String> run) {
        if (run == null || run.isEmpty()) {
            return false;
        }
        // the callback whose event came last; a note recorded inside a callback ("c1.1") is the callback's ("c1")
        String last = Steps.owner(program, Steps.base(run.get(run.size() - 1)));
        return Steps.everyOperation(program.steps()).stream().map(Steps::scheduled).flatMap(Optional::stream)
                .anyMatch(s -> s.label().equals(last) && s.then().stream()
                        .anyMatch(Operation.RaiseBaseException.class::isInstance));
    }

    /**
     * Whether {@code run} is a top-level run_until_complete() that ran a strict prefix (perhaps nothing) of
     * what the reference loop's ran: it returned before its last iteration was done.
     */
    private static boolean returnedBeforeItsLastIteration(Program program, int run, Map<Integer, List<String>> e,
            Map<Integer, List<String>> o) {
        Operation step = Steps.stepOfRun(program, run);
        if (!(step instanceof Operation.RunUntilComplete) && !(step instanceof Operation.RunCoroutineUntilComplete)) {
            return false;
        }
        List<String> expected = e.get(run);
        List<String> observed = o.getOrDefault(run, List.of());
        return expected != null && observed.size() < expected.size() && Steps.beginsWith(expected, observed);
    }

    /**
     * Whether {@code observed} is a non-empty strict prefix of {@code expected}: the run began its batch as
     * asyncio does and left the rest of it undone.
     */
    private static boolean ranThePrefixOf(List<String> expected, List<String> observed) {
        return expected != null && observed != null && !observed.isEmpty() && observed.size() < expected.size()
                && Steps.beginsWith(expected, observed);
    }

    /**
     * The guarantee a reader or writer's misplaced callback breaks: one that runs where none should (a replaced
     * one: IO-4; a reader of a socket with nothing to read: IO-1), or one that is missing (a writer: IO-5; a
     * reader in its first iteration: IO-1, in a later one, while its socket stays readable: IO-2).
     */
    private static String[] watcherGuarantee(Program program, String kind, String label, String where,
            Integer expectedRun, Map<Integer, List<String>> e) {
        boolean replaced = replaced(program, label);
        if (replaced) {
            return new String[] {"add_reader() for a descriptor that already has a reader replaces it (add_writer() a"
                    + " writer)", "IO-4"};
        }
        if ("writer".equals(kind)) {
            return new String[] {"a writer runs in each iteration while its descriptor is writable", "IO-5"};
        }
        Integer first = e.entrySet().stream().filter(run -> run.getValue().contains(label)).map(Map.Entry::getKey)
                .findFirst().orElse(null);
        if (("missing".equals(where) || "later".equals(where)) && first != null && !first.equals(expectedRun)) {
            return new String[] {"a reader runs again in every iteration while its descriptor stays readable", "IO-2"};
        }
        return new String[] {"a reader runs in the iteration whose poll finds its descriptor readable, and not before",
                "IO-1"};
    }

    /** Whether a later add_reader()/add_writer() of the same socket replaced the watcher labelled {@code label}. */
    private static boolean replaced(Program program, String label) {
        String socket = null;
        for (Operation step : program.steps()) {
            if (step instanceof Operation.AddReader r && socket == null && r.label().equals(label)) {
                socket = "reader " + r.socket();
            } else if (step instanceof Operation.AddWriter w && socket == null && w.label().equals(label)) {
                socket = "writer " + w.socket();
            } else if (socket != null && (step instanceof Operation.AddReader r && socket.equals("reader " + r.socket())
                    || step instanceof Operation.AddWriter w && socket.equals("writer " + w.socket()))) {
                return true;
            }
        }
        return false;
    }

    private static Divergence misordered(Program program, int run, String expectedFirst, String observedFirst,
            List<String> er, List<String> or) {
        String a = Steps.kind(program, expectedFirst);
        String b = Steps.kind(program, observedFirst);
        String guarantee;
        String rule;
        Double da = program.delays().get(Steps.base(expectedFirst));
        Double db = program.delays().get(Steps.base(observedFirst));
        if (da != null && db != null && !Objects.equals(da, db)) {
            if (da <= 0 && db <= 0) {
                guarantee = "overdue timers with different deadlines run in the order of their deadlines";
                rule = "TIMER-6";
            } else {
                guarantee = "timers with different deadlines run in the order of their deadlines";
                rule = "TIMER-2";
            }
        } else if (Steps.isTimer(b) && !Steps.isTimer(a)) {
            guarantee = "due timers are queued after the callbacks already ready in the same iteration"
                    + " (errata E-1; uvloop runs due timers first)";
            rule = "ORDER-1";
        } else if ("done_callback".equals(a) && "done_callback".equals(b)
                && Objects.equals(program.doneOf().get(expectedFirst), program.doneOf().get(observedFirst))) {
            guarantee = "a future's done callbacks are queued in registration order";
            rule = "FUTURE-1";
        } else {
            guarantee = "the ready queue is first in, first out";
            rule = "NTODO-3";
        }
        String detail = "in " + Steps.runName(run) + ": expected '" + expectedFirst + "' (" + a + ") where '" + observedFirst
                + "' (" + b + ") ran; expected " + er + ", observed " + or;
        return new Divergence(guarantee, rule, detail, "order|" + rule);
    }
}
