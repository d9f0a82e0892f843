package org.asynciotck.explore;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.asynciotck.spi.Event;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;

/**
 * What the model compares of the default executor's blocks ({@link ExecutorBlocks}) beyond the operations' outcomes:
 * only what asyncio promises, never when a worker thread recorded. Compared before the runs' events, which a job's
 * outcome delivered on the wrong thread, or never, changes only as a consequence.
 */
final class ExecutorChecks {

    static final String[] DELIVERED = {"run_in_executor(None, f) runs f off the loop's thread and completes its future"
            + " with f's outcome on the loop's thread, waking an idle loop by itself to do it", "EXEC-1"};
    static final String[] SUBMITTED = {"after set_default_executor(e), run_in_executor(None, f) submits f to e",
            "EXEC-2"};
    static final String[] SHUT_DOWN = {"shutdown_default_executor() waits for the jobs still running, and"
            + " run_in_executor(None, f) is refused with RuntimeError afterwards", "EXEC-3"};
    static final String[] TIMEOUT = {"shutdown_default_executor() accepts timeout=, as asyncio.Runner passes it",
            "EXEC-4"};
    static final String[] REFUSED_WHEN_CLOSED = {"a closed loop refuses run_in_executor with RuntimeError", "EXEC-5"};
    static final String[] THREAD_POOLS_ONLY = {"set_default_executor refuses an executor that is not a"
            + " ThreadPoolExecutor, with TypeError", "EXEC-7"};

    private ExecutorChecks() {}

    static Optional<Divergence> compare(Program program, Trace expected, Trace observed) {
        for (int i = 0; i < program.size(); i++) {
            Operation step = program.steps().get(i);
            if (step instanceof Operation.WaitFor wait) {
                Optional<Divergence> delivered = delivered(program, i, wait.label(), expected, observed);
                if (delivered.isPresent()) {
                    return delivered;
                }
            } else if (step instanceof Operation.ShutdownDefaultExecutor shutdown && refusedOnOneLoop(expected, observed, i)) {
                // a shutdown refused (timeout= unknown to the loop) runs nothing: the run's events differ only by it
                return Optional.of(divergence(shutdown.timeout() == null ? SHUT_DOWN : TIMEOUT, "operation " + (i + 1)
                        + " (" + step.wireName() + "): expected " + expected.outcomes().get(i) + ", observed "
                        + observed.outcomes().get(i), "refused"));
            } else if (runningAtShutdown(program, i) instanceof Operation.RunInExecutor job
                    && !expected.outcomes().get(i).isError() && !observed.outcomes().get(i).isError()
                    && endedBeforeTheShutdown(expected, job.job()) && !endedBeforeTheShutdown(observed, job.job())) {
                return Optional.of(divergence(SHUT_DOWN, "job '" + job.job() + "' was still running as"
                        + " shutdown_default_executor() returned (operation " + (i + 1) + "): its end recorded "
                        + (index(observed, job.job() + ":end") < 0 ? "never" : "after the return"), "waited"));
            }
        }
        return Optional.empty();
    }

    /**
     * The EXEC-1 block waiting at step {@code index} for the note of where the done callback ran: that it ran within
     * the bound, on the loop's thread, and that the job ran off it.
     */
    private static Optional<Divergence> delivered(Program program, int index, String note, Trace expected,
            Trace observed) {
        Outcome e = expected.outcomes().get(index);
        Outcome o = observed.outcomes().get(index);
        if (Boolean.TRUE.equals(e.value()) && !Boolean.TRUE.equals(o.value())) {
            return Optional.of(divergence(DELIVERED, "the done callback of the job's future did not run within "
                    + ExecutorBlocks.WAKE_BOUND_SECONDS + " s of the job's start on the idle loop (operation "
                    + (index + 1) + ": expected " + e + ", observed " + o + ")", "woken"));
        }
        if (!Boolean.TRUE.equals(o.value())) {
            return Optional.empty();
        }
        Object where = value(expected, note);
        if (!Objects.equals(where, value(observed, note))) {
            return Optional.of(divergence(DELIVERED, "note '" + note + "' (whether the done callback runs on the"
                    + " loop's thread): expected " + RunOrder.noted(where) + ", observed "
                    + RunOrder.noted(value(observed, note)), "callback thread"));
        }
        for (String job : awaitedJobs(program)) {
            if (!Objects.equals(value(expected, job), value(observed, job))) {
                return Optional.of(divergence(DELIVERED, "job '" + job + "': expected it to run "
                        + value(expected, job) + ", observed " + value(observed, job), "job thread"));
            }
        }
        return Optional.empty();
    }

    private static List<String> awaitedJobs(Program program) {
        return program.kinds().entrySet().stream().filter(k -> ExecutorBlocks.AWAITED_JOB.equals(k.getValue()))
                .map(Map.Entry::getKey).sorted().toList();
    }

    /** The jobs still running as a shutdown began whose end {@code trace} recorded before the shutdown returned. */
    static List<String> waitedFor(Program program, Trace trace) {
        List<String> jobs = new ArrayList<>();
        for (int i = 1; i < program.size(); i++) {
            if (runningAtShutdown(program, i) instanceof Operation.RunInExecutor job
                    && endedBeforeTheShutdown(trace, job.job())) {
                jobs.add(job.job());
            }
        }
        return jobs;
    }

    /**
     * The job still running as step {@code index}, a shutdown_default_executor(), began (the shutdown block writes it
     * right before, a run_in_executor of some seconds), or null.
     */
    private static Operation runningAtShutdown(Program program, int index) {
        List<Operation> steps = program.steps();
        return index > 0 && steps.get(index) instanceof Operation.ShutdownDefaultExecutor
                && steps.get(index - 1) instanceof Operation.RunInExecutor job && job.seconds() > 0 ? job : null;
    }

    private static boolean refusedOnOneLoop(Trace expected, Trace observed, int index) {
        return expected.outcomes().get(index).isError() != observed.outcomes().get(index).isError();
    }

    private static boolean endedBeforeTheShutdown(Trace trace, String job) {
        int end = index(trace, job + ":end");
        return end >= 0 && end < index(trace, Operation.ShutdownDefaultExecutor.RETURNED);
    }

    /** Where {@code label} was first recorded among the trace's events (they are kept as recorded), or -1. */
    private static int index(Trace trace, String label) {
        List<Event> events = trace.events();
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i).label().equals(label)) {
                return i;
            }
        }
        return -1;
    }

    private static Object value(Trace trace, String label) {
        return trace.events().stream().filter(event -> event.label().equals(label)).map(Event::value).findFirst()
                .orElse(null);
    }

    private static Divergence divergence(String[] rule, String detail, String what) {
        return new Divergence(rule[0], rule[1], detail, "executor|" + rule[1] + "|" + what);
    }
}
