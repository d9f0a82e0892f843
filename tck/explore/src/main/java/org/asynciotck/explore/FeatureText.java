package org.asynciotck.explore;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.asynciotck.spi.Event;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;
import org.asynciotck.untrusted.FileText;

/**
 * A minimal program as a scenario in the kit's own step language (the steps of tck/kit's
 * org.asynciotck.steps), when every operation it uses has a step; otherwise empty, and
 * {@link #unexpressible} says which operations have none.
 */
public final class FeatureText {

    private FeatureText() {}

    /** The operations of {@code program} (and of its callbacks) that no step of the kit can say. */
    public static List<String> unexpressible(Program program, Trace expected) {
        List<String> missing = new ArrayList<>();
        Set<String> cancelled = cancelledHandles(program);
        Map<Integer, String> clock = clockSteps(program, cancelled);
        for (int i = 0; i < program.size(); i++) {
            Operation op = program.steps().get(i);
            if (!clock.containsKey(i) && step(op, cancelled).isEmpty()) {
                missing.add(describe(op));
            }
        }
        for (int i = 0; i < expected.outcomes().size(); i++) {
            Outcome outcome = expected.outcomes().get(i);
            if (outcome.isError() && !checksItsOutcome(program.steps().get(i))) {
                missing.add("operation " + (i + 1) + " (" + program.steps().get(i).wireName() + ") is refused with "
                        + outcome.errorType() + ": the kit's setup steps expect success");
            }
        }
        return missing;
    }

    /**
     * The feature, when every operation has a step; {@code level} is the rule's level in the catalogue (MUST,
     * SHOULD, INFO), and a divergence that no rule names is written under {@code @EXPLORED-1 @INFO}.
     */
    public static Optional<String> of(Program program, Trace expected, Divergence divergence, String level,
            String title, String replay) {
        return of(program, expected, divergence, level, title, replay, List.of());
    }

    /**
     * The same, for expectations of a reference loop that followed {@code profiles} (the eager-task-factory
     * profile, where the implementation declared it): the rule is tagged {@code @profile-NAME} for each, so the
     * scenario applies only to loops that follow them.
     */
    public static Optional<String> of(Program program, Trace expected, Divergence divergence, String level,
            String title, String replay, List<String> profiles) {
        if (!unexpressible(program, expected).isEmpty()) {
            return Optional.empty();
        }
        Set<String> cancelled = cancelledHandles(program);
        Map<Integer, String> clock = clockSteps(program, cancelled);
        StringBuilder f = new StringBuilder();
        String rule = divergence.ruleId() == null ? "EXPLORED-1" : divergence.ruleId();
        String tagLevel = divergence.ruleId() == null || level == null ? "INFO" : level;
        // The title, the replay and the detail carry what the implementation said: one line each (FileText)
        f.append("Feature: Found by differential exploration: ").append(FileText.oneLine(title)).append("\n\n")
                .append("  ").append(divergence.guarantee()).append(".\n")
                .append("  Replay: ").append(FileText.oneLine(replay)).append("\n")
                .append("  What the loop under test did: ")
                .append(FileText.oneLine(divergence.detail().split("; expected", 2)[0]))
                .append("\n\n")
                .append("  @").append(rule).append(" @").append(tagLevel).append(" @explored")
                .append(program.steps().stream().anyMatch(Operation.SelectTimeout.class::isInstance)
                        ? " @needs-select-timeout" : "")
                .append(profiles.stream().map(p -> " @profile-" + p).collect(java.util.stream.Collectors.joining()))
                .append(notesLengths(program) ? " @needs-ready-queue\n" : "\n")
                .append("  Rule: ").append(divergence.guarantee()).append("\n\n")
                .append("    Scenario: the shrunk program\n")
                .append("      Given a fresh event loop\n");
        for (int i = 0; i < program.size(); i++) {
            Operation op = program.steps().get(i);
            Outcome outcome = expected.outcomes().get(i);
            f.append(op instanceof Operation.RunOnce && outcome.isError()
                    ? "      When the loop runs one iteration, which may end with an error\n"
                    : clock.containsKey(i) ? clock.get(i) : step(op, cancelled).orElseThrow());
            if (CancelMessages.compared(program, expected.outcomes(), i)) {
                // the message is compared here (CANCEL-7), so the scenario checks it too
                f.append("      Then it is refused with CancelledError \"").append(outcome.message()).append("\"\n");
            } else {
                answer(op, outcome).ifPresent(f::append);
            }
        }
        Map<Integer, List<String>> byRun = new TreeMap<>();
        List<String> order = new ArrayList<>();
        for (Event event : expected.events()) {
            if ("note".equals(program.kinds().get(event.label()))) {
                // a note is recorded under a name of its own in a scenario, and checked by its value
                f.append("      Then note \"").append(event.label()).append("\" is ").append(noteValue(event.value()))
                        .append("\n");
            } else if (!"!error".equals(event.label())) {
                byRun.computeIfAbsent(event.run(), r -> new ArrayList<>()).add(event.label());
                order.add(event.label());
            }
        }
        if (byRun.isEmpty()) {
            f.append("      Then no callback has run\n");
        }
        for (Map.Entry<Integer, List<String>> run : byRun.entrySet()) {
            f.append("      Then exactly the callbacks ").append(labels(run.getValue())).append(" ran ")
                    .append(run.getKey() == 0 ? "outside any iteration" : "in iteration " + run.getKey())
                    .append(", in any order\n");
        }
        boolean equalDeadlines = program.equalGroups().values().stream().collect(Collectors.groupingBy(g -> g,
                Collectors.counting())).values().stream().anyMatch(c -> c > 1);
        if (!order.isEmpty() && !equalDeadlines) {
            f.append("      And the callbacks ran in the order ").append(labels(order)).append("\n");
        }
        if (expected.kitErrorsReported() > 0) {
            f.append("      And the loop reported RuntimeError \"raised by the kit\"\n");
        }
        if (expected.kitReportsReceived() > 0) {
            f.append("      And the loop reported RuntimeError \"").append(Program.REPORTED_MESSAGE).append("\"\n");
        }
        return Optional.of(f.toString());
    }

    /** The operations whose step lets an error through to a "Then it ..." line that checks it. */
    private static boolean checksItsOutcome(Operation op) {
        return op instanceof Operation.RunUntilComplete || op instanceof Operation.RunOnce
                || op instanceof Operation.RunCoroutineUntilComplete || op instanceof Operation.CallExceptionHandler
                || op instanceof Operation.FutureResult;
    }

    /**
     * The "Then it ..." line that checks what the reference loop answered to {@code op}, for the operations
     * whose answer is the guarantee (the exception handler's, a coroutine's run, a result, a run that an error
     * ends); none for the others, whose effects the events show.
     */
    private static Optional<String> answer(Operation op, Outcome outcome) {
        if (op instanceof Operation.SelectTimeout && !outcome.isError()) {
            // "about": at most the kit's tolerance less, since CPython's clock moves on (the reference's is virtual)
            Object value = outcome.value();
            return Optional.of("      Then the select timeout is " + (value == null
                    ? "none, so the loop blocks until I/O or a wake-up"
                    : ((Number) value).doubleValue() == 0.0 ? "0 seconds"
                    : "about " + plain(((Number) value).doubleValue()) + " seconds") + "\n");
        }
        if (op instanceof Operation.ReadyQueueLength && outcome.value() instanceof Number n) {
            return Optional.of("      Then the ready queue holds " + n.longValue() + (n.longValue() == 1 ? " handle\n"
                    : " handles\n"));
        }
        boolean answered = op instanceof Operation.GetExceptionHandler || op instanceof Operation.CallExceptionHandler
                || op instanceof Operation.RunCoroutineUntilComplete || op instanceof Operation.FutureResult
                || op instanceof Operation.RemoveReader || op instanceof Operation.RemoveWriter
                || (op instanceof Operation.RunOnce || op instanceof Operation.RunUntilComplete) && outcome.isError();
        if (!answered) {
            return Optional.empty();
        }
        String then = "      Then ";
        if (outcome.isError()) {
            return Optional.of(then + "it is refused with an error of type " + outcome.errorType() + "\n");
        }
        Object value = outcome.value();
        if (outcome.kind() == Outcome.Kind.NOTHING) {
            return Optional.of(then + "it succeeds\n");
        } else if (value == null) {
            return Optional.of(then + "it answers None\n");
        } else if (value instanceof Boolean b) {
            return Optional.of(then + "it answers " + b + "\n");
        } else if (value instanceof String text) {
            return Optional.of(then + "it returns \"" + text + "\"\n");
        } else if (value instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())) {
            return Optional.of(then + "it returns " + n.longValue() + "\n");
        }
        return Optional.of(then + "it succeeds\n");
    }

    /** How a note's value is checked: an error by its type (its text differs between loops), else as it is. */
    private static String noteValue(Object value) {
        String noted = RunOrder.noted(value);
        if (!noted.equals(String.valueOf(value)) && value != null) {
            return "an error of type " + noted;
        }
        return value instanceof Boolean b ? b.toString() : value instanceof Number ? noted : "\"" + noted + "\"";
    }

    /** Whether the program asks for the ready queue's length (a note, or at top level): it needs the capability. */
    private static boolean notesLengths(Program program) {
        return Steps.everyOperation(program.steps()).stream()
                .anyMatch(op -> op instanceof Operation.ReadyQueueLength
                        || op instanceof Operation.Note n && n.of() instanceof Operation.ReadyQueueLength);
    }

    private static Set<String> cancelledHandles(Program program) {
        Set<String> cancelled = new HashSet<>();
        for (Operation op : program.steps()) {
            if (op instanceof Operation.CancelHandle c) {
                cancelled.add(c.handle());
            }
        }
        return cancelled;
    }

    /**
     * The steps of the clock's readings (ClockChecks) that the kit can say, by index: a deadline site around a leaf
     * timer with a delay of 0 (the kit's TIMER-1 steps take no negative delay), whose handle the kit names by the
     * timer's label. A timed run's end has none (nor has the timed run itself).
     */
    private static Map<Integer, String> clockSteps(Program program, Set<String> cancelled) {
        Map<Integer, String> steps = new TreeMap<>();
        for (ClockChecks.Site site : ClockChecks.sites(program)) {
            if (site instanceof ClockChecks.Deadline d && d.delay() == 0.0
                    && step(program.steps().get(d.timer()), cancelled).isPresent()) {
                String before = "before " + d.label();
                String after = "after " + d.label();
                steps.put(d.before(), "      And the loop's time is noted as \"" + before + "\"\n");
                steps.put(d.after(), "      And the loop's time is noted again as \"" + after + "\"\n");
                steps.put(d.when(), "      Then the deadline of timer \"" + d.label() + "\" is 0 seconds after a time"
                        + " between notes \"" + before + "\" and \"" + after + "\"\n");
            }
        }
        return steps;
    }

    private static Optional<String> step(Operation op, Set<String> cancelled) {
        String g = "      And ";
        if (op instanceof Operation.CallSoon o) {
            boolean named = o.handle() != null && cancelled.contains(o.handle());
            if (o.then().isEmpty()) {
                return Optional.of(g + "callback \"" + o.label() + "\" is scheduled with call_soon"
                        + (named ? " as handle \"" + o.handle() + "\"" : "") + "\n");
            }
            if (named) {
                return Optional.empty();
            }
            return table(o.then()).map(table -> g + "callback \"" + o.label()
                    + "\" is scheduled with call_soon and, when it runs, does:\n" + table);
        } else if (op instanceof Operation.CallSoonThreadsafe o && o.then().isEmpty()
                && (o.handle() == null || !cancelled.contains(o.handle()))) {
            return Optional.of(g + "callback \"" + o.label() + "\" is scheduled with call_soon_threadsafe\n");
        } else if (op instanceof Operation.CallLater o && o.then().isEmpty() && o.delay() == 0.0
                && (o.handle() == null || !cancelled.contains(o.handle()))) {
            return Optional.of(g + "timer \"" + o.label() + "\" is scheduled with call_later in 0 seconds\n");
        } else if (op instanceof Operation.CallAt o && o.then().isEmpty() && o.delay() == 0.0
                && (o.handle() == null || !cancelled.contains(o.handle()))) {
            return Optional.of(g + "timer \"" + o.label() + "\" is scheduled with call_at in 0 seconds\n");
        } else if (op instanceof Operation.CallLater o && o.then().isEmpty() && o.delay() > 0
                && (o.label().equals(o.handle()) || o.handle() == null || !cancelled.contains(o.handle()))) {
            // the step names the timer's handle after its label, as the select-timeout probe does
            return Optional.of(g + "timer \"" + o.label() + "\" is scheduled with call_later in " + plain(o.delay())
                    + " seconds\n");
        } else if (op instanceof Operation.SelectTimeout) {
            return Optional.of("      When the loop computes its select timeout\n");
        } else if (op instanceof Operation.SocketPair o) {
            return Optional.of(g + "a socket pair \"" + o.socket() + "\"\n");
        } else if (op instanceof Operation.MakeReadable o) {
            return Optional.of(g + "a byte waits on socket \"" + o.socket() + "\"\n");
        } else if (op instanceof Operation.AddReader o && o.then().isEmpty()) {
            return Optional.of(g + "reader \"" + o.label() + "\" watches socket \"" + o.socket() + "\"\n");
        } else if (op instanceof Operation.AddWriter o && o.then().isEmpty()) {
            return Optional.of(g + "writer \"" + o.label() + "\" watches socket \"" + o.socket() + "\"\n");
        } else if (op instanceof Operation.RemoveReader o) {
            return Optional.of("      When the reader of socket \"" + o.socket() + "\" is removed\n");
        } else if (op instanceof Operation.RemoveWriter o) {
            return Optional.of("      When the writer of socket \"" + o.socket() + "\" is removed\n");
        } else if (op instanceof Operation.CreateFuture o) {
            return Optional.of(g + "a future \"" + o.future() + "\" made by the loop\n");
        } else if (op instanceof Operation.AddDoneCallback o && o.then().isEmpty()) {
            return Optional.of(g + "callback \"" + o.label() + "\" is added as a done callback of future \""
                    + o.future() + "\"\n");
        } else if (op instanceof Operation.SetResult o) {
            return Optional.of(g + "future \"" + o.future() + "\" is completed with set_result\n");
        } else if (op instanceof Operation.SetException o) {
            return Optional.of(g + "future \"" + o.future() + "\" is completed with set_exception\n");
        } else if (op instanceof Operation.CancelFuture o) {
            return Optional.of(g + "future \"" + o.future() + "\" is completed with cancel\n");
        } else if (op instanceof Operation.CreateTask o && o.then().isEmpty() && o.awaits() != null && !o.eagerStart()
                && (o.via() == null || o.via() == Operation.TaskConstruction.CREATE_TASK)) {
            return Optional.of(g + "task \"" + o.task() + "\" is created with loop.create_task, awaiting future \""
                    + o.awaits() + "\"\n");
        } else if (op instanceof Operation.Stop) {
            return Optional.of(g + "the loop has been asked to stop\n");
        } else if (op instanceof Operation.ReadyQueueLength) {
            return Optional.of(""); // its answer is the step: "Then the ready queue holds N handles"
        } else if (op instanceof Operation.RunOnce) {
            return Optional.of("      When the loop runs one iteration\n");
        } else if (op instanceof Operation.RunForever) {
            return Optional.of("      When the loop runs until it is stopped\n");
        } else if (op instanceof Operation.RunUntilComplete o) {
            return Optional.of("      When the loop runs until future \"" + o.future() + "\" is done\n");
        } else if (op instanceof Operation.CancelHandle o) {
            return Optional.of(g + "the handle \"" + o.handle() + "\" is cancelled\n");
        } else if (op instanceof Operation.SetExceptionHandler o) {
            return Optional.of(g + switch (o.handler()) {
                case RAISING -> "the loop's exception handler is one that raises\n";
                case DEFAULT -> "the loop's exception handler is set to None\n";
                case RECORDING -> "the loop's exception handler is the kit's recording handler again\n";
            });
        } else if (op instanceof Operation.GetExceptionHandler) {
            return Optional.of("      When the loop is asked for its exception handler\n");
        } else if (op instanceof Operation.CallExceptionHandler o) {
            return Optional.of("      When the loop is asked to report \"" + o.message() + "\" to its exception handler\n");
        } else if (op instanceof Operation.RunCoroutineUntilComplete o) {
            return Optional.of("      When the loop runs coroutine \"" + o.label() + "\""
                    + (o.awaits() == null ? "" : ", awaiting future \"" + o.awaits() + "\",") + " until it is complete\n");
        } else if (op instanceof Operation.CreateScriptedTask o && o.then().isEmpty() && o.awaits() != null
                && o.catchesCancellation()) {
            return Optional.of(g + "task \"" + o.task() + "\" is created with loop.create_task, awaiting future \""
                    + o.awaits() + "\", and catches its cancellation\n");
        } else if (op instanceof Operation.CancelTask o && o.msg() == null) {
            return Optional.of(g + "task \"" + o.task() + "\" is cancelled with task.cancel()\n");
        } else if (op instanceof Operation.CancelTask o) {
            return Optional.of(g + "task \"" + o.task() + "\" is cancelled with the message \"" + o.msg() + "\"\n");
        } else if (op instanceof Operation.FutureResult o) {
            return Optional.of("      When the result of future \"" + o.future() + "\" is asked for\n");
        } else if (op instanceof Operation.CreateTask o && !o.then().isEmpty() && !o.eagerStart()
                && o.via() == Operation.TaskConstruction.CREATE_TASK) {
            // the scripted task's coroutine does what this one does: start, its then, its await, end
            return table(o.then()).map(table -> g + "task \"" + o.task() + "\" is created with loop.create_task"
                    + (o.awaits() == null ? "" : ", awaiting future \"" + o.awaits() + "\",")
                    + " and, in its first step, does:\n" + table);
        }
        return Optional.empty();
    }

    /** The rows of a callback table, one per operation of {@code then}; empty when a row cannot be said. */
    private static Optional<String> table(List<Operation> then) {
        StringBuilder table = new StringBuilder();
        for (Operation child : then) {
            Optional<String> row = row(child);
            if (row.isEmpty()) {
                return Optional.empty();
            }
            table.append("        | ").append(row.get()).append(" |\n");
        }
        return Optional.of(table.toString());
    }
    private static Optional<String> row(Operation child) {
        if (child instanceof Operation.CallSoon o) {
            if (o.then().isEmpty()) {
                return Optional.of("schedule callback \"" + o.label() + "\" with call_soon");
            }
            if (o.then().size() == 1 && o.then().get(0) instanceof Operation.Stop) {
                return Optional.of("schedule callback \"" + o.label() + "\" with call_soon, which stops the loop");
            }
            if (o.then().size() == 1 && o.then().get(0) instanceof Operation.SetResult r && r.value() instanceof Integer v) {
                return Optional.of("schedule callback \"" + o.label() + "\" with call_soon, which sets the result of future \""
                        + r.future() + "\" to " + v);
            }
        } else if (child instanceof Operation.Stop) {
            return Optional.of("stop the loop");
        } else if (child instanceof Operation.Raise) {
            return Optional.of("raise an error");
        } else if (child instanceof Operation.SetResult o && o.value() instanceof Integer v) {
            return Optional.of("set the result of future \"" + o.future() + "\" to " + v);
        } else if (child instanceof Operation.SetException o) {
            return Optional.of("set an exception on future \"" + o.future() + "\"");
        } else if (child instanceof Operation.CancelFuture o) {
            return Optional.of("complete future \"" + o.future() + "\" with cancel");
        } else if (child instanceof Operation.CallLater o && o.then().isEmpty() && o.delay() == 0.0) {
            return Optional.of("schedule timer \"" + o.label() + "\" with call_later in 0 seconds");
        } else if (child instanceof Operation.RaiseBaseException o) {
            return Optional.of("raise " + o.errorType().wireName());
        } else if (child instanceof Operation.CreateTask o && o.then().isEmpty() && o.awaits() == null && !o.eagerStart()
                && o.label().equals(o.task())) {
            return switch (o.via()) {
                case CREATE_TASK -> Optional.of("create task \"" + o.task() + "\" with loop.create_task");
                case ASYNCIO_CREATE_TASK -> Optional.of("create task \"" + o.task() + "\" with asyncio.create_task");
                case TASK_CONSTRUCTOR -> Optional.of("create task \"" + o.task() + "\" with the Task constructor");
                default -> Optional.empty();
            };
        } else if (child instanceof Operation.Note o && o.of() instanceof Operation.RunCoroutineUntilComplete r
                && r.awaits() == null) {
            return Optional.of("note running the loop until coroutine \"" + r.label() + "\" is complete as \""
                    + o.name() + "\"");
        } else if (child instanceof Operation.CancelTask o && o.msg() == null) {
            return Optional.of("cancel task \"" + o.task() + "\"");
        } else if (child instanceof Operation.CancelTask o) {
            return Optional.of("cancel task \"" + o.task() + "\" with the message \"" + o.msg() + "\"");
        } else if (child instanceof Operation.Note o && o.of() instanceof Operation.ReadyQueueLength) {
            return Optional.of("note the ready queue length as \"" + o.name() + "\"");
        }
        return Optional.empty();
    }

    /** A number of seconds as the steps write it: 3600, 0.25 (never 1.0E5). */
    private static String plain(double seconds) {
        return seconds == Math.rint(seconds) ? Long.toString((long) seconds)
                : java.math.BigDecimal.valueOf(seconds).toPlainString();
    }

    private static String labels(List<String> labels) {
        List<String> quoted = labels.stream().map(l -> "\"" + l + "\"").toList();
        if (quoted.size() == 1) {
            return quoted.get(0);
        }
        return String.join(", ", quoted.subList(0, quoted.size() - 1)) + " and " + quoted.get(quoted.size() - 1);
    }

    private static String describe(Operation op) {
        return op.wireName() + (op instanceof Operation.CallLater c ? " (delay " + c.delay() + ")" : "")
                + (hasThen(op) ? " with what its callback does" : "");
    }

    private static boolean hasThen(Operation op) {
        return (op instanceof Operation.CallSoon c && !c.then().isEmpty())
                || (op instanceof Operation.CallLater l && !l.then().isEmpty())
                || (op instanceof Operation.AddDoneCallback d && !d.then().isEmpty())
                || (op instanceof Operation.CreateTask t && !t.then().isEmpty());
    }
}
