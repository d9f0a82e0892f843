package org.asynciotck.explore;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.asynciotck.spi.Operation;

/**
 * What a program's steps are, as the model reads them ({@link Model}): every operation at any depth, what a
 * callback or task does when it runs, which steps start a run, and what kind of callback recorded an event.
 */
final class Steps {

    private Steps() {}

    /** Whether a callback of the program calls close(), which asyncio refuses while the loop runs. */
    static boolean closesWhileRunning(Program program) {
        return everyOperation(program.steps().stream().flatMap(step -> thenOf(step).stream()).toList()).stream()
                .anyMatch(Operation.Close.class::isInstance);
    }

    /** What the note labelled {@code label} observes, wherever in the program it stands. */
    static Operation noteOf(Program program, String label) {
        return everyOperation(program.steps()).stream()
                .flatMap(op -> op instanceof Operation.Note n && n.name().equals(label) ? Stream.of(n.of()) : Stream.empty())
                .findFirst().orElse(null);
    }

    /** {@code steps} and everything their callbacks and tasks do, at any depth. */
    static List<Operation> everyOperation(List<Operation> steps) {
        List<Operation> every = new ArrayList<>();
        List<Operation> pending = new ArrayList<>(steps);
        while (!pending.isEmpty()) {
            Operation op = pending.remove(pending.size() - 1);
            every.add(op);
            pending.addAll(thenOf(op));
        }
        return every;
    }

    /** A callback, a task or a watcher that the program schedules: its label, and what it does when it runs. */
    record Scheduled(String label, List<Operation> then) {}

    static Optional<Scheduled> scheduled(Operation op) {
        if (op instanceof Operation.CallSoon c) {
            return Optional.of(new Scheduled(c.label(), c.then()));
        } else if (op instanceof Operation.CallSoonThreadsafe c) {
            return Optional.of(new Scheduled(c.label(), c.then()));
        } else if (op instanceof Operation.CallLater c) {
            return Optional.of(new Scheduled(c.label(), c.then()));
        } else if (op instanceof Operation.CallAt c) {
            return Optional.of(new Scheduled(c.label(), c.then()));
        } else if (op instanceof Operation.AddDoneCallback c) {
            return Optional.of(new Scheduled(c.label(), c.then()));
        } else if (op instanceof Operation.CreateTask c) {
            return Optional.of(new Scheduled(c.label(), c.then()));
        } else if (op instanceof Operation.CreateScriptedTask c) {
            return Optional.of(new Scheduled(c.label(), c.then()));
        } else if (op instanceof Operation.AddReader c) {
            return Optional.of(new Scheduled(c.label(), c.then())); // a watcher that notes the context (CTX-6)
        } else if (op instanceof Operation.AddWriter c) {
            return Optional.of(new Scheduled(c.label(), c.then()));
        }
        return Optional.empty();
    }

    /** What {@code op} does when it runs, if it schedules a body (a callback, a task). */
    static List<Operation> thenOf(Operation op) {
        return scheduled(op).map(Scheduled::then).orElse(List.of());
    }

    /** The top-level step that starts run {@code run} (the first is 1), or null. */
    static Operation stepOfRun(Program program, int run) {
        int n = 0;
        for (Operation step : program.steps()) {
            if (startsRun(step) && ++n == run) {
                return step;
            }
        }
        return null;
    }

    /** Whether a top-level operation starts a run (the agent and the reference tag events with it). */
    static boolean startsRun(Operation step) {
        return step instanceof Operation.RunOnce || step instanceof Operation.RunForever
                || step instanceof Operation.RunUntilComplete || step instanceof Operation.StartLoopThread
                || step instanceof Operation.RunCoroutineUntilComplete || step instanceof Operation.SelectTimeout
                || step instanceof Operation.ShutdownAsyncgens || step instanceof Operation.ShutdownDefaultExecutor;
    }

    /** The run that top-level step {@code index} starts (1, 2, ...), counting the runs before it. */
    static int runOf(Program program, int index) {
        int run = 0;
        for (int i = 0; i <= index; i++) {
            if (startsRun(program.steps().get(i))) {
                run++;
            }
        }
        return run;
    }

    static String runName(Integer run) {
        return run == null ? "no run" : run == 0 ? "no run (outside any iteration)" : "run " + run;
    }

    static boolean isTimer(String kind) {
        return "call_later".equals(kind) || "call_at".equals(kind);
    }

    /** Whether the program removes the done callback that recorded {@code token}. */
    static boolean removed(Program program, String token) {
        String label = base(token);
        return program.steps().stream().anyMatch(op -> op instanceof Operation.RemoveDoneCallback r
                && r.label().equals(label));
    }

    /** Whether the program cancels the handle of what recorded {@code token}. */
    static boolean cancelled(Program program, String token) {
        String handle = "h" + base(token);
        return program.steps().stream().anyMatch(op -> op instanceof Operation.CancelHandle c
                && c.handle().equals(handle));
    }

    static String base(String token) {
        int colon = token.indexOf(':');
        return colon < 0 ? token : token.substring(0, colon);
    }

    /** Whether {@code run} begins with {@code part} (all of it, or fewer events): how a run cut short compares. */
    static boolean beginsWith(List<String> run, List<String> part) {
        return part.size() <= run.size() && run.subList(0, part.size()).equals(part);
    }

    /** The callback or task that recorded {@code label}: itself, or for a note recorded inside one ("c1.1") that one ("c1"). */
    static String owner(Program program, String label) {
        String owner = label;
        while ("note".equals(program.kinds().get(owner)) && owner.lastIndexOf('.') > 0) {
            owner = owner.substring(0, owner.lastIndexOf('.'));
        }
        return owner;
    }

    /** The kind of what recorded a token: a label's kind, "task" for task events, "error" for !error. */
    static String kind(Program program, String token) {
        if (token.startsWith("!error")) {
            return "error";
        }
        return program.kinds().getOrDefault(base(token), "?");
    }
}
