package org.asynciotck.explore;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * What a program may use beyond what every loop must do, each decided from what the implementation declares
 * (never from how it behaves): the {@link Use}s allowed.
 *
 * @param uses what is allowed
 */
public record Allowed(Set<Allowed.Use> uses) {

    /** What a program may use, each where the implementation's declaration allows it. */
    public enum Use {
        /** EAGER_TASK makes a task with {@code eager_start=True} (API level 3.12 and the capability). */
        EAGER_TASKS,
        /** TIMED_RUN and CROSS_THREAD add their steps (they meet the real clock). */
        TIMED_RUNS,
        /**
         * STOP_ITERATION adds {@code set_stop_iteration}: only at API level 3.13 or later, since 3.10 to 3.12 refuse
         * it with TypeError and 3.13 completes the future (errata E-19), and the reference loop follows 3.13.
         */
        STOP_ITERATIONS,
        /**
         * A callback's SOON with a task argument makes a task: only where the reference loop follows the
         * task-factory profile the implementation declares (with eager-task-factory a task made in a run starts
         * at once, with the default one it is queued).
         */
        TASKS_IN_RUNS,
        /**
         * An AT choice with a probe argument writes the select-timeout probe ({@link TimeoutProbe}): only where the
         * implementation declares the select-timeout capability.
         */
        SELECT_TIMEOUTS,
        /**
         * A CANCEL_TASK with the message argument passes a message to cancel(msg) (CANCEL-7, {@link CancelMessages}):
         * only at API level 3.11 or later, since 3.10 loses a task's message (errata E-18).
         */
        CANCEL_MESSAGES,
        /**
         * {@code len(loop._ready)} in callbacks' notes and around cancels ({@link ReadyQueue}): only where the
         * implementation declares the ready-queue capability.
         */
        READY_QUEUE,
        /**
         * A RUN_FOREVER with a generator argument iterates async generators that the loop closes in tasks of its own
         * ({@link AsyncGeneratorBlocks}): only where the implementation does not declare the eager-task-factory
         * profile, since the reference loop makes those tasks itself, without the task factory, as asyncio does with
         * the default one (with the eager one CPython starts them at once, a run sooner).
         */
        ASYNC_GENERATORS,
        /**
         * A CLOSE with an executor argument runs jobs in the loop's default executor ({@link ExecutorBlocks}): the
         * reference loop has one; a Java loop without {@code JavaLoop.defaultExecutor()} declines its operations,
         * and those programs are not compared.
         */
        DEFAULT_EXECUTOR,
        /** {@code shutdown_default_executor(timeout=)}: only at API level 3.12 or later (EXEC-4). */
        SHUTDOWN_TIMEOUTS,
        /**
         * {@code set_default_executor()} of an executor that is not a ThreadPoolExecutor: only at API level 3.11 or
         * later, which refuse it (TypeError); 3.10 accepted it with a DeprecationWarning (EXEC-7, errata E-23).
         */
        THREAD_POOLS_ONLY
    }

    /**
     * Timed runs, tasks made in callbacks (the reference loop follows the implementation's task factory),
     * cancellation messages (API level 3.11 or later, as the reference loop's default) and async generators (the
     * default task factory) and the default executor (with timeout= and its type check: API level 3.12, as the
     * reference loop's default); nothing else.
     */
    public static final Allowed DEFAULT = new Allowed(EnumSet.of(Use.TIMED_RUNS, Use.TASKS_IN_RUNS, Use.CANCEL_MESSAGES,
            Use.ASYNC_GENERATORS, Use.DEFAULT_EXECUTOR, Use.SHUTDOWN_TIMEOUTS, Use.THREAD_POOLS_ONLY));

    public Allowed {
        uses = uses.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(uses));
    }

    /** The same, with {@code use} allowed or not. */
    public Allowed with(Use use, boolean allowed) {
        Set<Use> changed = uses.isEmpty() ? EnumSet.noneOf(Use.class) : EnumSet.copyOf(uses);
        if (allowed) {
            changed.add(use);
        } else {
            changed.remove(use);
        }
        return new Allowed(changed);
    }

    public boolean allows(Use use) {
        return uses.contains(use);
    }

    public boolean eagerTasks() {
        return allows(Use.EAGER_TASKS);
    }

    public boolean timedRuns() {
        return allows(Use.TIMED_RUNS);
    }

    public boolean stopIterations() {
        return allows(Use.STOP_ITERATIONS);
    }

    public boolean tasksInRuns() {
        return allows(Use.TASKS_IN_RUNS);
    }

    public boolean selectTimeouts() {
        return allows(Use.SELECT_TIMEOUTS);
    }

    public boolean cancelMessages() {
        return allows(Use.CANCEL_MESSAGES);
    }

    public boolean readyQueue() {
        return allows(Use.READY_QUEUE);
    }

    public boolean asyncGenerators() {
        return allows(Use.ASYNC_GENERATORS);
    }

    public boolean defaultExecutor() {
        return allows(Use.DEFAULT_EXECUTOR);
    }

    public boolean shutdownTimeouts() {
        return allows(Use.SHUTDOWN_TIMEOUTS);
    }

    public boolean threadPoolsOnly() {
        return allows(Use.THREAD_POOLS_ONLY);
    }
}
