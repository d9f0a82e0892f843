package org.asynciotck.explore;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;

/**
 * Cancellation messages (CANCEL-7): {@code task.cancel(msg)} in programs, said by an argument of the existing
 * CANCEL_TASK kinds (top level and in callbacks), and the message compared only where CPython guarantees it.
 *
 * <p>Measured on CPython 3.11.7, 3.12.1 and 3.13.0, C and pure-Python Task/Future alike (docs/exploration.md):
 * a task cancelled with {@code cancel(msg)}, before its first step or while it awaits, ends with the
 * CancelledError its coroutine raised, which carries the message; but {@code Future._make_cancelled_error} hands
 * that error out once: the first {@code result()}/{@code exception()} gets it, every later one a new
 * {@code CancelledError()} with no message, and a task that awaits the cancelled task is such a first retrieval.
 * So a task's message is compared only at its first retrieval by the program, when no task or run awaits it. A
 * plain future keeps its {@code cancel(msg)} message (the one of the call that cancelled it) for every retrieval.
 * CPython 3.10 loses a task's message (errata E-18): the message is generated only where the implementation
 * declares API level 3.11 or later ({@link Allowed#cancelMessages}), and compared only in programs that
 * have one, so a program without it is compared as before.
 */
final class CancelMessages {

    /** What {@code cancel(msg)} passes. */
    static final String MESSAGE = "cancelled by the kit";
    /** A CANCEL_TASK choice (top level, or a callback's, modulo 12) with this argument passes {@link #MESSAGE}. */
    private static final int MESSAGE_ARG = 11;

    private CancelMessages() {}

    /** The message a CANCEL_TASK with {@code arg} passes: {@link #MESSAGE}, or null (a plain {@code cancel()}). */
    static String of(int arg, boolean allowed) {
        return allowed && Math.floorMod(arg, 12) == MESSAGE_ARG ? MESSAGE : null;
    }

    /**
     * What ends a program that cancels tasks with a message (anywhere): two iterations, so that a task cancelled
     * last (or through a task it awaits) has ended, then {@code result()} of each such task. Empty for a program
     * with no message, which stays the program it was.
     */
    static List<Operation> tail(List<Operation> steps) {
        TreeSet<String> tasks = new TreeSet<>();
        for (Operation op : Steps.everyOperation(steps)) {
            if (op instanceof Operation.CancelTask c && c.msg() != null) {
                tasks.add(c.task());
            }
        }
        List<Operation> tail = new ArrayList<>();
        if (!tasks.isEmpty()) {
            tail.add(new Operation.RunOnce());
            tail.add(new Operation.RunOnce());
            tasks.forEach(task -> tail.add(new Operation.FutureResult(task)));
        }
        return tail;
    }

    /**
     * Whether the message of the error step {@code index} raised is compared: a CancelledError of
     * {@code result()}/{@code exception()} in a program that cancels with a message, of a plain future, or of a
     * task at its first retrieval (no earlier retrieval raised CancelledError) that no task or run awaits.
     */
    static boolean compared(Program program, List<Outcome> expected, int index) {
        Operation step = program.steps().get(index);
        String future = retrieved(step);
        Outcome outcome = expected.get(index);
        if (future == null || !outcome.isError() || !"CancelledError".equals(outcome.errorType())
                || !hasMessages(program)) {
            return false;
        }
        if (!"task".equals(program.kinds().get(future))) {
            return true; // a plain future: the message of the cancel() that cancelled it, every time
        }
        for (int i = 0; i < index; i++) {
            Outcome before = expected.get(i);
            if (future.equals(retrieved(program.steps().get(i))) && before.isError()
                    && "CancelledError".equals(before.errorType())) {
                return false; // handed out already: CancelledError() from now on
            }
        }
        List<Operation> every = Steps.everyOperation(program.steps());
        return every.stream().noneMatch(op -> future.equals(
                op instanceof Operation.CreateTask t ? t.awaits()
                : op instanceof Operation.CreateScriptedTask t ? t.awaits()
                : op instanceof Operation.RunCoroutineUntilComplete r ? r.awaits()
                : op instanceof Operation.RunUntilComplete r ? r.future() : null))
                && !awaitsAFutureTheProgramCancels(every, future);
    }

    /**
     * Whether the task {@code task} awaits a future that the program cancels itself. Then which message the task
     * ends with depends on a race CPython does not document: a cancel(msg) of the task after its awaited future was
     * cancelled, before the task's wake-up ran, finds no waiter to pass the message to, and the task ends with the
     * awaited future's CancelledError (no message); a loop whose task keeps its own message is not wrong for it.
     */
    private static boolean awaitsAFutureTheProgramCancels(List<Operation> every, String task) {
        String awaited = every.stream().map(op -> op instanceof Operation.CreateTask t && task.equals(t.task()) ? t.awaits()
                : op instanceof Operation.CreateScriptedTask t && task.equals(t.task()) ? t.awaits() : null)
                .filter(Objects::nonNull).findFirst().orElse(null);
        return awaited != null && every.stream().anyMatch(op -> op instanceof Operation.CancelFuture c
                && awaited.equals(c.future()) || op instanceof Operation.CancelTask k && awaited.equals(k.task()));
    }

    /** The first step whose CancelledError's message differs where it is compared (CANCEL-7). */
    static Optional<Divergence> compare(Program program, List<Outcome> expected, List<Outcome> observed) {
        for (int i = 0; i < program.size(); i++) {
            Outcome e = expected.get(i);
            Outcome o = observed.get(i);
            if (compared(program, expected, i) && o.isError() && e.errorType().equals(o.errorType())
                    && !Objects.equals(e.message(), o.message())) {
                Operation step = program.steps().get(i);
                return Optional.of(new Divergence("the message given to cancel(msg) is the message of the"
                        + " CancelledError the task ends with, and of the awaited future it cancels", "CANCEL-7",
                        "operation " + (i + 1) + " (" + step.wireName() + " of " + retrieved(step) + "): expected "
                        + e + ", observed " + o, "message|CANCEL-7"));
            }
        }
        return Optional.empty();
    }

    private static boolean hasMessages(Program program) {
        return Steps.everyOperation(program.steps()).stream()
                .anyMatch(op -> op instanceof Operation.CancelTask c && c.msg() != null);
    }

    private static String retrieved(Operation step) {
        return step instanceof Operation.FutureResult r ? r.future()
                : step instanceof Operation.FutureException r ? r.future() : null;
    }
}
