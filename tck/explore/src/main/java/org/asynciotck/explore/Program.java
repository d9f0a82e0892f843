package org.asynciotck.explore;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 *                    task, stopper, completer
 * @param equalGroups leaf timers' labels to the group of timers that share their delay (the order within a
 *                    group is not guaranteed)
 * @param delays      every timer label's delay
 * @param doneOf      every done callback's label to the future it was added to
 */
public record Program(List<Operation> steps, Map<String, String> kinds, Map<String, String> equalGroups,
        Map<String, Double> delays, Map<String, String> doneOf) {

    /**
     * Leaf timers share these delays (overdue or due at once): equal deadlines on purpose. Distinct overdue
     * delays are a second or more apart: CPython's clock is real, and the kit may take tens of milliseconds
     * between two operations on a loaded machine, which must not reorder two deadlines.
     */
    private static final double[] LEAF_DELAYS = {0.0, -1.0, -2.0, -3.0};
    /** Leaf timers of a timed run: positive, in virtual time on the reference loop. */
    private static final double[] TIMED_DELAYS = {0.003, 0.004, 0.004, 0.005};
    private static final double TIMED_COMPLETER_DELAY = 0.007;

    /** Builds the program a sketch describes; never fails, whatever the sketch. */
    public static Program of(Sketch sketch) {
        return new Builder().build(sketch);
    }

    /** The number of top-level operations. */
    public int size() {
        return steps.size();
    }

    private static final class Builder {
        final List<Operation> steps = new ArrayList<>();
        final Map<String, String> kinds = new LinkedHashMap<>();
        final Map<String, String> groups = new LinkedHashMap<>();
        final Map<String, Double> delays = new LinkedHashMap<>();
        final Map<String, String> doneOf = new LinkedHashMap<>();
        final List<String> futures = new ArrayList<>();
        final List<String> handles = new ArrayList<>();
        int counter;
        int unique;

        Program build(Sketch sketch) {
            for (Sketch.Choice choice : sketch.choices()) {
                top(choice);
            }
            return new Program(List.copyOf(steps), Map.copyOf(kinds), Map.copyOf(groups), Map.copyOf(delays),
                    Map.copyOf(doneOf));
        }

        String next(String prefix) {
            return prefix + (++counter);
        }

        double uniqueDelay() {
            return -(10.0 + unique++);
        }

        void top(Sketch.Choice c) {
            switch (c.kind()) {
                case NOTHING -> { }
                case SOON, THREADSAFE -> {
                    String label = next("c");
                    List<Operation> then = children(label, c.then());
                    String handle = "h" + label;
                    kinds.put(label, c.kind() == Sketch.Kind.SOON ? "call_soon" : "call_soon_threadsafe");
                    steps.add(c.kind() == Sketch.Kind.SOON ? new Operation.CallSoon(label, then, handle)
                            : new Operation.CallSoonThreadsafe(label, then, handle));
                    handles.add(handle);
                }
                case LATER, AT -> {
                    String label = next("t");
                    List<Operation> then = children(label, c.then());
                    double delay = timer(label, then, c.arg());
                    String handle = "h" + label;
                    kinds.put(label, c.kind() == Sketch.Kind.LATER ? "call_later" : "call_at");
                    steps.add(c.kind() == Sketch.Kind.LATER ? new Operation.CallLater(delay, label, then, handle)
                            : new Operation.CallAt(delay, label, then, handle));
                    handles.add(handle);
                }
                case FUTURE -> {
                    String future = next("f");
                    steps.add(new Operation.CreateFuture(future));
                    futures.add(future);
                }
                case ADD_DONE -> {
                    if (!futures.isEmpty()) {
                        String label = next("d");
                        String future = pick(futures, c.arg());
                        kinds.put(label, "done_callback");
                        doneOf.put(label, future);
                        steps.add(new Operation.AddDoneCallback(future, label, children(label, c.then())));
                    }
                }
                case SET_RESULT, SET_EXCEPTION, CANCEL_FUTURE -> {
                    if (!futures.isEmpty()) {
                        steps.add(complete(c.kind().name(), pick(futures, c.arg())));
                    }
                }
                case TASK -> {
                    if (!futures.isEmpty()) {
                        String task = next("k");
                        kinds.put(task, "task");
                        steps.add(new Operation.CreateTask(task, task, pick(futures, c.arg()),
                                Operation.TaskConstruction.CREATE_TASK, false, children(task, c.then())));
                    }
                }
                case CANCEL_HANDLE -> {
                    if (!handles.isEmpty()) {
                        steps.add(new Operation.CancelHandle(pick(handles, c.arg())));
                    }
                }
                case STOP -> steps.add(new Operation.Stop());
                case RUN_ONCE -> steps.add(new Operation.RunOnce());
                case RUN_FOREVER -> {
                    String label = next("s");
                    kinds.put(label, "stopper");
                    steps.add(new Operation.CallSoon(label, List.of(new Operation.Stop()), null));
                    steps.add(new Operation.RunForever());
                }
                case RUN_UNTIL_COMPLETE -> {
                    if (!futures.isEmpty()) {
                        String future = pick(futures, c.arg());
                        String label = next("u");
                        kinds.put(label, "completer");
                        steps.add(new Operation.CallSoon(label, List.of(new Operation.SetResult(future, counter)), null));
                        steps.add(new Operation.RunUntilComplete(future));
                    }
                }
                case TIMED_RUN -> timedRun(c.arg());
            }
        }

        /**
         * Leaf timers with positive delays and, after them, a timer that completes a future; the run until it
         * is done. The timers are scheduled by a callback of the run's first iteration, so none can fall due
         * before the run however long the kit takes to get there (the reference loop's time is virtual,
         * CPython's is not).
         */
        void timedRun(int arg) {
            String future = next("w");
            steps.add(new Operation.CreateFuture(future));
            String scheduler = next("q");
            kinds.put(scheduler, "call_soon");
            List<Operation> timers = new ArrayList<>();
            int count = 1 + arg % 3;
            for (int i = 0; i < count; i++) {
                String label = scheduler + "." + (i + 1);
                double delay = TIMED_DELAYS[(arg / 3 + i) % TIMED_DELAYS.length];
                kinds.put(label, "call_later");
                delays.put(label, delay);
                groups.put(label, "delay " + delay);
                timers.add(new Operation.CallLater(delay, label, List.of(), "h" + label));
            }
            String completer = scheduler + "." + (count + 1);
            kinds.put(completer, "call_later");
            delays.put(completer, TIMED_COMPLETER_DELAY);
            timers.add(new Operation.CallLater(TIMED_COMPLETER_DELAY, completer,
                    List.of(new Operation.SetResult(future, counter)), "h" + completer));
            steps.add(new Operation.CallSoon(scheduler, timers, "h" + scheduler));
            steps.add(new Operation.RunUntilComplete(future));
            // A run that a stop() ended early leaves its timers pending, and whether they fall due later
            // depends on real time: cancel them, which is a no-op for those that ran.
            for (Operation timer : timers) {
                steps.add(new Operation.CancelHandle(((Operation.CallLater) timer).handle()));
            }
        }

        double timer(String label, List<Operation> then, int arg) {
            double delay;
            if (then.isEmpty()) {
                delay = LEAF_DELAYS[arg % LEAF_DELAYS.length];
                groups.put(label, "delay " + delay);
            } else {
                delay = uniqueDelay();
            }
            delays.put(label, delay);
            return delay;
        }

        Operation complete(String how, String future) {
            return switch (how) {
                case "SET_RESULT" -> new Operation.SetResult(future, counter);
                case "SET_EXCEPTION" -> new Operation.SetException(future);
                default -> new Operation.CancelFuture(future);
            };
        }

        List<Operation> children(String parent, List<Sketch.Child> children) {
            List<Operation> then = new ArrayList<>();
            int i = 0;
            for (Sketch.Child child : children) {
                String label = parent + "." + (++i);
                List<Operation> grand = new ArrayList<>();
                int j = 0;
                for (Sketch.ChildKind kind : child.then()) {
                    Operation op = child(label + "." + (++j), kind, child.arg() + j, List.of());
                    if (op != null) {
                        grand.add(op);
                    }
                }
                Operation op = child(label, child.kind(), child.arg(), grand);
                if (op != null) {
                    then.add(op);
                }
            }
            return then;
        }

        Operation child(String label, Sketch.ChildKind kind, int arg, List<Operation> then) {
            switch (kind) {
                case SOON -> {
                    kinds.put(label, "call_soon");
                    return new Operation.CallSoon(label, then, null);
                }
                case THREADSAFE -> {
                    kinds.put(label, "call_soon_threadsafe");
                    return new Operation.CallSoonThreadsafe(label, then, null);
                }
                case LATER -> {
                    kinds.put(label, "call_later");
                    return new Operation.CallLater(timer(label, then, arg), label, then, null);
                }
                case SET_RESULT, SET_EXCEPTION, CANCEL_FUTURE -> {
                    return futures.isEmpty() ? null : complete(kind.name(), pick(futures, arg));
                }
                case STOP -> {
                    return new Operation.Stop();
                }
                case RAISE -> {
                    return new Operation.Raise();
                }
                default -> throw new IllegalStateException(kind.name());
            }
        }

        static String pick(List<String> names, int arg) {
            return names.get(Math.floorMod(arg, names.size()));
        }
    }
}
