package org.asynciotck.explore;

import java.util.List;
import org.asynciotck.spi.Operation;

/**
 * The default executor in generated programs (EXEC-1 to EXEC-5, EXEC-7), said by the argument of a CLOSE choice
 * (which the close never reads), so a program that uses none of them is the program it was before. The first
 * CLOSE choice with one of these arguments writes its block at the program's end, before the close tail:
 *
 * <ul>
 *   <li>{@value #WAKES_ARG}: the loop idles on a thread of its own; a callback sent to it runs a job of
 *       {@value #JOB_SECONDS} s and adds a done callback to the job's future that notes whether it runs on the loop's
 *       thread; the kit waits for that callback at most {@value #WAKE_BOUND_SECONDS} s (EXEC-1);</li>
 *   <li>{@value #SET_ARG}: the program's executor set as the default, a job, the jobs it received (EXEC-2); the
 *       job is not waited for, so only where no select-timeout probe follows (the outcome it hands the loop would be
 *       ready as the probe looks; the close empties the ready queue);</li>
 *   <li>{@value #SHUTDOWN_ARG} and {@value #TIMEOUT_ARG}: a job of {@value #JOB_SECONDS} s, then
 *       {@code shutdown_default_executor()}, with {@code timeout=}{@value #SHUTDOWN_TIMEOUT_SECONDS} for the second
 *       at a declared API level of 3.12 or later (EXEC-4), then a job the shut-down executor refuses (EXEC-3);</li>
 *   <li>{@value #CLOSED_ARG}: a job after the close, which a closed loop refuses (EXEC-5, in the close tail);</li>
 *   <li>{@value #NOT_A_POOL_ARG}: an executor that is not a ThreadPoolExecutor, refused at a declared API level of
 *       3.11 or later (EXEC-7; 3.10 only warned, errata E-23).</li>
 * </ul>
 *
 * <p>A worker thread records at times of its own, so the jobs' records are left out of the runs' events ({@link
 * RunOrder#canonical}) and only what asyncio promises is compared ({@link ExecutorChecks}): where a job ran and
 * where its done callback ran, once the kit waited for it; that a running job's end is recorded before the shutdown
 * returns; and the operations' outcomes. Each block waits for nothing a stop(), a base exception or a task of the
 * program could cut short (as the async generators' tail, {@link AsyncGeneratorBlocks#tail}).
 */
final class ExecutorBlocks {

    static final int WAKES_ARG = 6;
    static final int SET_ARG = 7;
    static final int SHUTDOWN_ARG = 8;
    static final int TIMEOUT_ARG = 9;
    static final int CLOSED_ARG = 10;
    static final int NOT_A_POOL_ARG = 11;
    /**
     * How long a job works: orders of magnitude longer than a loop takes to go back to its selector, so its outcome
     * arrives while the loop is blocked there (the stall bound's reasoning, docs/threads-and-time.md), and while
     * shutdown_default_executor() is under way. A job that ends sooner on a slow machine only hides a defect: on a
     * faithful loop the verdict is the same.
     */
    static final double JOB_SECONDS = 0.1;
    /**
     * How long the kit waits for the job's done callback on the loop thread: the kit's wake-up bound, fifty times
     * the job's work. A loop that never wakes for the job's outcome costs this much per program that shows it.
     */
    static final double WAKE_BOUND_SECONDS = 5.0;
    /** The timeout= of the EXEC-4 block: far longer than the job, so a faithful loop waits for it (EXEC-6 aside). */
    static final double SHUTDOWN_TIMEOUT_SECONDS = 30.0;

    /** The kind of a job's label: its record, and its {@code :end}, are compared apart ({@link ExecutorChecks}). */
    static final String JOB = "job";
    /** The kind of a job the kit waits for (its done callback ran): where it ran is compared. */
    static final String AWAITED_JOB = "awaited job";
    /** The kind of the note of where a job's done callback ran. */
    static final String THREAD_NOTE = "note";

    private final ProgramBuilder b;
    /** The argument of the first CLOSE choice that asked for a block, or -1. */
    private int chosen = -1;

    ExecutorBlocks(ProgramBuilder builder) {
        this.b = builder;
    }

    /** A CLOSE choice with {@code arg}: the first that asks for a block is the program's. */
    void choose(int arg) {
        if (chosen < 0 && arg >= WAKES_ARG && b.allowed.defaultExecutor()) {
            chosen = arg;
        }
    }

    /** The chosen block, at the end of the program, before the close tail (where {@link #closedTail} adds its own). */
    void block() {
        boolean undisturbed = !b.stopMayBePending && !b.baseErrorMayBePending;
        switch (chosen) {
            case WAKES_ARG -> {
                if (undisturbed && b.timedRuns) {
                    wakes();
                }
            }
            case SET_ARG -> {
                if (b.probe != null) {
                    // its job is not waited for: the outcome it hands the loop would be ready as the probe looks
                    break;
                }
                String executor = b.next("e");
                b.steps.add(new Operation.SetDefaultExecutor(executor, false));
                b.steps.add(job(JOB, 0));
                b.steps.add(new Operation.ExecutorSubmissions(executor));
            }
            case SHUTDOWN_ARG, TIMEOUT_ARG -> {
                if (undisturbed && b.tasks.isEmpty() && !b.coroutineMayBePending) {
                    shutdown(chosen == TIMEOUT_ARG && b.allowed.shutdownTimeouts() ? SHUTDOWN_TIMEOUT_SECONDS : null);
                }
            }
            case NOT_A_POOL_ARG -> {
                if (b.allowed.threadPoolsOnly()) {
                    b.steps.add(new Operation.SetDefaultExecutor(b.next("e"), true));
                }
            }
            default -> { }
        }
    }

    /** What the close tail adds after is_closed(): a job, which a closed loop refuses (EXEC-5). */
    List<Operation> closedTail() {
        return chosen == CLOSED_ARG ? List.of(job(JOB, 0)) : List.of();
    }

    /**
     * The loop idle on its own thread (so nothing of the program is pending), a callback sent to it that runs a job
     * and adds a done callback noting whether it runs on the loop's thread, the wait for it, the loop thread stopped.
     */
    private void wakes() {
        String sender = b.next("x");
        b.kinds.put(sender, "call_soon_threadsafe");
        Operation.RunInExecutor job = job(AWAITED_JOB, JOB_SECONDS);
        String delivered = b.next("d");
        b.kinds.put(delivered, "done_callback");
        b.doneOf.put(delivered, job.future());
        String note = delivered + ".t";
        b.kinds.put(note, THREAD_NOTE);
        Operation.AddDoneCallback callback = new Operation.AddDoneCallback(job.future(), delivered,
                List.of(new Operation.Note(note, new Operation.OnLoopThread())), null);
        b.steps.add(new Operation.StartLoopThread());
        b.steps.add(new Operation.CallSoonThreadsafe(sender, List.of(job, callback), null));
        b.steps.add(new Operation.WaitFor(note, WAKE_BOUND_SECONDS));
        b.steps.add(new Operation.StopLoopThread());
    }

    /** A job still running as the executor is shut down, then one the shut-down executor refuses. */
    private void shutdown(Double timeout) {
        b.steps.add(job(JOB, JOB_SECONDS));
        b.steps.add(new Operation.ShutdownDefaultExecutor(timeout));
        b.steps.add(job(JOB, 0));
    }

    private Operation.RunInExecutor job(String kind, double seconds) {
        String label = b.next("j");
        b.kinds.put(label, kind);
        return new Operation.RunInExecutor(label, "f" + label, seconds, false);
    }

    /** Whether {@code label} is a job's record or the record of its end. */
    static boolean isJob(Program program, String label) {
        String job = label.endsWith(":end") ? label.substring(0, label.length() - ":end".length()) : label;
        String kind = program.kinds().get(job);
        return JOB.equals(kind) || AWAITED_JOB.equals(kind);
    }
}
