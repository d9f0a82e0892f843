package org.asynciotck.explore;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.asynciotck.spi.Operation;

/**
 * A generated program: top-level operations of the SPI's vocabulary, performed in order on one fresh loop,
 * and what the comparison needs to know about its labels.
 *
 * <p>Valid by construction: every name is defined before it is used, every run is bounded (a
 * {@code run_forever} is preceded by a callback that stops the loop, a {@code run_until_complete} by a
 * callback that completes its future, a run that waits for timers by the timer that completes its future),
 * and timers whose callbacks do something more have a delay no other timer has, so that only leaf timers
 * can share a deadline (docs/exploration.md, "Timers with equal deadlines").
 *
 * @param steps       the operations, in order
 * @param kinds       every label's kind: call_soon, call_soon_threadsafe, call_later, call_at, done_callback,
 *                    task (also a coroutine's run), stopper, completer, note (a callback's note of is_running,
 *                    current_task, the ready queue's length or of a run inside the run)
 * @param equalGroups leaf timers' labels to the group of timers that share their delay (the order within a
 *                    group is not guaranteed)
 * @param delays      every timer label's delay
 * @param doneOf      every done callback's label to the future it was added to
 */
public record Program(List<Operation> steps, Map<String, String> kinds, Map<String, String> equalGroups,
        Map<String, Double> delays, Map<String, String> doneOf) {

    /** What {@code call_exception_handler} reports: the model counts these reports as it counts callback errors. */
    static final String REPORTED_MESSAGE = "reported by the kit";

    /** Builds the program a sketch describes, with no eager task; never fails, whatever the sketch. */
    public static Program of(Sketch sketch) {
        return of(sketch, false);
    }

    /**
     * Builds the program a sketch describes; never fails, whatever the sketch.
     *
     * @param eagerTasks whether {@code EAGER_TASK} makes a task with {@code eager_start=True}: only where the
     *                   implementation declares an API level and the capability that allow it (never inferred
     *                   from how the loop behaves); else it makes an ordinary task
     */
    public static Program of(Sketch sketch, boolean eagerTasks) {
        return of(sketch, eagerTasks, true);
    }

    /**
     * As {@link #of(Sketch, boolean)}; without {@code timedRuns} a TIMED_RUN and a CROSS_THREAD choice add
     * nothing (both meet the real clock: a loop thread's iterations fall where the machine's timing puts them).
     */
    public static Program of(Sketch sketch, boolean eagerTasks, boolean timedRuns) {
        return of(sketch, Allowed.DEFAULT.with(Allowed.Use.EAGER_TASKS, eagerTasks).with(Allowed.Use.TIMED_RUNS, timedRuns));
    }

    /** Builds the program a sketch describes with what {@code allowed} lets it use; never fails, whatever the sketch. */
    public static Program of(Sketch sketch, Allowed allowed) {
        return new ProgramBuilder(allowed).build(sketch);
    }

    /** The number of top-level operations. */
    public int size() {
        return steps.size();
    }


}
