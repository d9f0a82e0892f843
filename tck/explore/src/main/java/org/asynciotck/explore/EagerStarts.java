package org.asynciotck.explore;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.asynciotck.spi.Event;
import org.asynciotck.spi.Operation;

/**
 * EAGER-4, for an exploration where the implementation declares the {@code eager-task-factory} profile and the
 * reference loop follows it ({@code ReferenceConfig.comparedWith}): a task made in a run (a callback's or a task
 * step's {@code loop.create_task} or {@code asyncio.create_task}) runs its first step inside the call that makes
 * it, as {@code asyncio.eager_task_factory} does. Where the two traces first part at the start of such a task,
 * the events divergence {@link Model} found is named by that rule instead of the ready queue's.
 */
final class EagerStarts {

    private EagerStarts() {}

    static final String GUARANTEE = "with asyncio.eager_task_factory as the task factory, a task made on a running"
            + " loop runs its first step inside the call that makes it";

    /**
     * {@code found} named EAGER-4 when it is a difference in the events and the first event where the two traces
     * part is the start of a task made in a run; else {@code found} as it is.
     */
    static Optional<Divergence> named(Program program, Trace expected, Trace observed, Optional<Divergence> found) {
        if (found.isEmpty() || !(found.get().signature().startsWith("run|") || found.get().signature().startsWith("order|"))) {
            return found;
        }
        List<Event> e = expected.events();
        List<Event> o = observed.events();
        int i = 0;
        while (i < e.size() && i < o.size() && e.get(i).equals(o.get(i))) {
            i++;
        }
        if (i == e.size() || !madeInRuns(program).contains(e.get(i).label())) {
            return found;
        }
        Event start = e.get(i);
        Integer observedRun = o.stream().filter(ev -> ev.label().equals(start.label())).map(Event::run).findFirst()
                .orElse(null);
        String where = observedRun == null ? "run|missing|" : observedRun > start.run() ? "run|later|" : "order|";
        String instead = i < o.size() && !o.get(i).label().equals(start.label())
                ? ", and '" + o.get(i).label() + "' ran where it was expected" : "";
        String[] traces = found.get().detail().split("; expected ", 2);
        String detail = "'" + start.label() + "' (task) expected in run " + start.run() + ", inside the call that made"
                + " its task, observed " + (observedRun == null ? "in no run" : "in run " + observedRun) + instead
                + (traces.length == 2 ? "; expected " + traces[1] : "");
        return Optional.of(new Divergence(GUARANTEE, "EAGER-4", detail, where + "EAGER-4"));
    }

    /** The start events of the tasks the program makes in its callbacks and tasks' steps. */
    private static List<String> madeInRuns(Program program) {
        List<String> starts = new ArrayList<>();
        List<Operation> pending = new ArrayList<>();
        program.steps().forEach(step -> pending.addAll(Steps.thenOf(step)));
        while (!pending.isEmpty()) {
            Operation op = pending.remove(pending.size() - 1);
            if (op instanceof Operation.CreateTask task) {
                starts.add(task.label() + ":start");
            }
            pending.addAll(Steps.thenOf(op));
        }
        return starts;
    }
}
