package org.asynciotck.explore;

import java.util.List;

/**
 * What the explorer generates ({@link SketchGenerator}) and shrinks ({@link SketchShrinker}): a list of choices
 * that {@link Program#of} turns into a valid program whatever the list holds (a reference is resolved modulo what
 * exists, a choice that cannot be resolved is left out). So every sketch the shrinker proposes is a valid program
 * too, and the shrinker works on the choices alone, never on programs.
 */
public record Sketch(List<Choice> choices) {

    /** What a top-level step does. */
    public enum Kind {
        /** Nothing: what the shrinker replaces a choice by, so a shrunk sketch keeps its length and loses the step. */
        NOTHING,
        SOON, THREADSAFE, LATER, AT, FUTURE, ADD_DONE, SET_RESULT, SET_EXCEPTION, CANCEL_FUTURE, TASK,
        CANCEL_HANDLE, STOP, RUN_ONCE, RUN_FOREVER, RUN_UNTIL_COMPLETE, TIMED_RUN,
        /** {@code task.cancel()} of a task made before. */
        CANCEL_TASK,
        /** The loop on a thread of its own, {@code call_soon_threadsafe} from the kit's thread, then stopped. */
        CROSS_THREAD,
        /** A task with {@code eager_start=True} where the declared API level and capabilities allow, else a task. */
        EAGER_TASK,
        /** {@code fut.result()} of a future or task made before: its value or what it raises is compared. */
        FUTURE_RESULT,
        /** {@code fut.exception()} of a future or task made before. */
        FUTURE_EXCEPTION,
        /** {@code fut.set_exception(StopIteration(...))}, which asyncio refuses with TypeError. */
        STOP_ITERATION,
        /**
         * {@code loop.close()}, then what a closed loop answers; the program ends there. The first with an argument
         * from 6 up writes a block of the default executor's before ({@link ExecutorBlocks}).
         */
        CLOSE
    }

    /** What a callback does while it runs (its {@code then}). */
    public enum ChildKind {
        SOON, THREADSAFE, LATER, SET_RESULT, SET_EXCEPTION, CANCEL_FUTURE, STOP, RAISE, CANCEL_TASK,
        /** A note of {@code loop.is_running()}: True in every callback and task step the loop runs. */
        IS_RUNNING,
        /** A note of {@code asyncio.current_task()}: the task whose step runs, None in a plain callback. */
        CURRENT_TASK,
        /** {@code loop.close()} while the loop runs, which asyncio refuses (RuntimeError); never in a task's step. */
        CLOSE
    }

    /** One operation inside a callback; {@code then} is what the callback it schedules does (one level more). */
    public record Child(ChildKind kind, int arg, List<ChildKind> then) {}

    /**
     * One top-level choice; {@code arg} picks a name or a delay, {@code then} what its callback does. An
     * ADD_DONE with the highest {@code arg} (11), once a done callback was added, adds the latest one once more
     * and removes both with {@code remove_done_callback()}: an argument, not a kind of its own, so the kinds'
     * frequencies, and what they explore, stay as they were. Other arguments say the vocabulary learnt since in
     * the same way (Program: the exception handler's API, base exceptions, tasks made in runs, tasks that catch
     * their cancellation, runs of coroutines, runs inside runs, the clock read around a timer, the select-timeout
     * probe of {@code TimeoutProbe}, the default executor of {@code ExecutorBlocks}; ReadyQueue: the ready queue's length, a burst).
     */
    public record Choice(Kind kind, int arg, List<Child> then) {}

    /**
     * How often the generator picks each kind of choice ({@link SketchGenerator}). The observers and the close
     * (added for the gallery's loops that only they show) weigh as little as the rarest older kinds, so that what
     * the older kinds explore stays about as likely as before. A kind's place in {@link Kind} is its rank for the
     * shrinker: NOTHING is the simplest.
     */
    static final Weighted<Kind> KINDS = Weighted.<Kind>builder()
            .add(1, Kind.NOTHING).add(6, Kind.SOON).add(2, Kind.THREADSAFE).add(3, Kind.LATER).add(1, Kind.AT)
            .add(3, Kind.FUTURE).add(3, Kind.ADD_DONE).add(2, Kind.SET_RESULT).add(1, Kind.SET_EXCEPTION)
            .add(1, Kind.CANCEL_FUTURE).add(2, Kind.TASK).add(2, Kind.CANCEL_HANDLE).add(1, Kind.STOP)
            .add(4, Kind.RUN_ONCE).add(2, Kind.RUN_FOREVER).add(2, Kind.RUN_UNTIL_COMPLETE).add(1, Kind.TIMED_RUN)
            .add(2, Kind.CANCEL_TASK).add(1, Kind.CROSS_THREAD).add(2, Kind.EAGER_TASK).add(1, Kind.FUTURE_RESULT)
            .add(1, Kind.FUTURE_EXCEPTION).add(1, Kind.STOP_ITERATION).add(1, Kind.CLOSE)
            .build();

    /** How often the generator picks each kind of child; SOON, the first, is the simplest for the shrinker. */
    static final Weighted<ChildKind> CHILD_KINDS = Weighted.<ChildKind>builder()
            .add(5, ChildKind.SOON).add(1, ChildKind.THREADSAFE).add(2, ChildKind.LATER).add(2, ChildKind.SET_RESULT)
            .add(1, ChildKind.SET_EXCEPTION).add(1, ChildKind.CANCEL_FUTURE).add(1, ChildKind.STOP)
            .add(1, ChildKind.RAISE).add(1, ChildKind.CANCEL_TASK).add(1, ChildKind.IS_RUNNING)
            .add(2, ChildKind.CURRENT_TASK).add(1, ChildKind.CLOSE)
            .build();

    /** Arguments are 0..MAX_ARG, choices' and children's alike (Program reads them modulo what they pick from). */
    static final int MAX_ARG = 11;
    /** Most children of a choice. */
    static final int MAX_CHILDREN = 3;
    /** Most kinds in a child's {@code then}. */
    static final int MAX_GRANDCHILDREN = 2;
}
