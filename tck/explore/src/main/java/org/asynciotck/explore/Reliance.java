package org.asynciotck.explore;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.asynciotck.spi.Operation;

/**
 * Which rules one program leans on: the rules whose behaviour can change what it does, the model's
 * ({@link Model#RULES}) and the others whose operations programs use ({@link #BEYOND_THE_MODEL}: a rule the model
 * never names can still be the cause of what it sees, as a timer run inside call_later() (TIMER-4) moves every
 * event after it). A certification blocks a divergence by a rule its own scenarios found broken only where the
 * divergence's shrunk program leans on that rule (one defect, one rule): a loop whose {@code remove_reader()}
 * answers None cannot be the cause of a divergence in a program that removes no reader, so that divergence is a
 * verdict of its own, not "blocked by IO-3".
 *
 * <p>Every rule is either {@linkplain #EVERY_PROGRAM leaned on by every program} (the ready queue, the runs, the
 * selector's timeout: whatever a program does goes through them) or leaned on by the programs that use one of the
 * operations it is listed with ({@link #BY_OPERATION}); RelianceTest keeps the two together equal to the model's
 * rules and those beyond it. Where in doubt a rule is listed as every program's: a rule wrongly leaned on only blocks, which says "not
 * checked"; a rule wrongly not leaned on would fail a rule for another's defect.
 */
final class Reliance {

    /** The rules whose behaviour every program's trace depends on. */
    static final Set<String> EVERY_PROGRAM = Set.of("NTODO-1", "NTODO-2", "NTODO-3", "LIFE-1", "LIFE-2", "LIFE-5",
            "RUN-2", "FUTURE-1", "TIMEOUT-1", "TIMEOUT-3", "ORDER-1");

    private static final List<Class<? extends Operation>> TIMERS = List.of(Operation.CallLater.class,
            Operation.CallAt.class);
    private static final List<Class<? extends Operation>> TASKS = List.of(Operation.CreateTask.class,
            Operation.CreateScriptedTask.class, Operation.RunCoroutineUntilComplete.class);
    private static final List<Class<? extends Operation>> READERS = List.of(Operation.AddReader.class,
            Operation.AddReadyReader.class);
    private static final List<Class<? extends Operation>> CONTEXTS = List.of(Operation.SetContextValue.class,
            Operation.ContextValue.class);
    /** A generator is closed by a task the loop makes (CURRENT-1, TASK-2 lean on it as a program's tasks do). */
    private static final List<Class<? extends Operation>> GENERATORS = List.of(Operation.CreateAsyncGenerator.class,
            Operation.AdvanceAsyncGenerator.class);

    /** The other rules, each with the operations through which a program leans on it. */
    static final Map<String, List<Class<? extends Operation>>> BY_OPERATION = Map.ofEntries(
            Map.entry("CANCEL-5", List.of(Operation.CancelTask.class)),
            Map.entry("CANCEL-7", List.of(Operation.CancelTask.class)),
            Map.entry("CLOSED-1", List.of(Operation.Close.class)),
            Map.entry("CLOSED-2", List.of(Operation.Close.class, Operation.IsClosed.class)),
            Map.entry("CLOSED-3", List.of(Operation.Close.class)),
            Map.entry("CLOSED-4", List.of(Operation.Close.class)),
            Map.entry("CURRENT-1", plus(plus(TASKS, GENERATORS), Operation.CurrentTask.class, Operation.EnterTask.class,
                    Operation.LeaveTask.class, Operation.SwapCurrentTask.class)),
            Map.entry("CURRENT-2", List.of(Operation.CurrentTask.class, Operation.EnterTask.class,
                    Operation.LeaveTask.class, Operation.SwapCurrentTask.class)),
            Map.entry("EAGER-4", TASKS),
            Map.entry("TASK-1", TASKS),
            Map.entry("ERROR-1", List.of(Operation.Raise.class, Operation.RaiseBaseException.class)),
            Map.entry("EXC-1", List.of(Operation.Raise.class, Operation.CallExceptionHandler.class,
                    Operation.ReportedContexts.class)),
            Map.entry("EXC-2", List.of(Operation.RaiseBaseException.class)),
            Map.entry("EXC-3", List.of(Operation.SetExceptionHandler.class, Operation.GetExceptionHandler.class)),
            Map.entry("EXC-4", List.of(Operation.SetExceptionHandler.class)),
            Map.entry("EXC-5", List.of(Operation.CallExceptionHandler.class)),
            Map.entry("FUTURE-3", plus(TASKS, Operation.FutureResult.class, Operation.FutureException.class,
                    Operation.RunUntilComplete.class)),
            Map.entry("FUTURE-4", List.of(Operation.FutureResult.class, Operation.FutureException.class,
                    Operation.CancelFuture.class, Operation.CancelTask.class)),
            Map.entry("FUTURE-5", List.of(Operation.RemoveDoneCallback.class)),
            Map.entry("FUTURE-6", List.of(Operation.SetStopIteration.class, Operation.SetException.class)),
            Map.entry("HANDLE-1", List.of(Operation.CancelHandle.class, Operation.HandleCancelled.class)),
            Map.entry("HANDLE-4", List.of(Operation.CancelHandle.class, Operation.HandleCancelled.class)),
            Map.entry("IO-1", plus(READERS, Operation.MakeReadable.class)),
            Map.entry("IO-2", plus(READERS, Operation.MakeReadable.class)),
            Map.entry("IO-3", List.of(Operation.RemoveReader.class, Operation.RemoveWriter.class)),
            Map.entry("IO-4", READERS),
            Map.entry("IO-5", List.of(Operation.AddWriter.class)),
            // stop_loop_thread is call_soon_threadsafe(loop.stop): a stop() called by a callback, whose batch may
            // hold what the loop thread was handed meanwhile (a job's outcome, the executor block's)
            Map.entry("NTODO-4", List.of(Operation.Stop.class, Operation.StopLoopThread.class, Operation.RunOnce.class,
                    Operation.RunOnceOnAnotherThread.class, Operation.RunUntilComplete.class,
                    Operation.RunCoroutineUntilComplete.class)),
            Map.entry("ORDER-2", TIMERS),
            Map.entry("RUN-1", List.of(Operation.RunCoroutineUntilComplete.class)),
            Map.entry("RUN-3", List.of(Operation.RunUntilComplete.class, Operation.RunCoroutineUntilComplete.class)),
            Map.entry("RUN-4", List.of(Operation.Stop.class)),
            Map.entry("RUN-6", List.of(Operation.RunCoroutineUntilComplete.class)),
            Map.entry("RUN-7", List.of(Operation.RunUntilComplete.class, Operation.RunCoroutineUntilComplete.class)),
            Map.entry("TIMEOUT-2", plus(TIMERS, Operation.SelectTimeout.class)),
            Map.entry("TIMEOUT-4", plus(TIMERS, Operation.SelectTimeout.class)),
            Map.entry("TIMER-1", plus(TIMERS, Operation.HandleWhen.class)),
            Map.entry("TIMER-2", TIMERS),
            Map.entry("TIMER-3", TIMERS),
            Map.entry("TIMER-5", plus(TIMERS, Operation.LoopTime.class)),
            Map.entry("TIMER-6", TIMERS),
            Map.entry("TIMER-4", TIMERS),
            Map.entry("CANCEL-6", List.of(Operation.CancelTask.class)),
            // issue 28's families: a note of the context's value leans on every rule of the context it runs in
            // (the program sets a value before each one, a watcher's note is found by that), a generator on the hooks
            Map.entry("CTX-1", CONTEXTS),
            Map.entry("CTX-2", plus(CONTEXTS, Operation.CopyContext.class)),
            Map.entry("CTX-3", CONTEXTS),
            Map.entry("CTX-4", CONTEXTS),
            Map.entry("CTX-5", CONTEXTS),
            Map.entry("CTX-6", CONTEXTS),
            Map.entry("CTX-7", List.of(Operation.HandleContext.class)),
            Map.entry("AGEN-1", plus(GENERATORS, Operation.AsyncgenHooks.class, Operation.SetAsyncgenHooks.class)),
            Map.entry("AGEN-2", List.of(Operation.AsyncgenHooks.class, Operation.SetAsyncgenHooks.class)),
            Map.entry("AGEN-3", List.of(Operation.DropAsyncGenerator.class)),
            Map.entry("AGEN-4", List.of(Operation.ShutdownAsyncgens.class)),
            Map.entry("AGEN-5", List.of(Operation.ShutdownAsyncgens.class)),
            Map.entry("CLOCK-1", List.of(Operation.Spend.class)),
            Map.entry("CLOCK-2", TIMERS),
            Map.entry("EXEC-1", List.of(Operation.RunInExecutor.class)),
            Map.entry("EXEC-2", List.of(Operation.SetDefaultExecutor.class)),
            Map.entry("EXEC-3", List.of(Operation.ShutdownDefaultExecutor.class)),
            Map.entry("EXEC-4", List.of(Operation.ShutdownDefaultExecutor.class)),
            Map.entry("EXEC-5", List.of(Operation.RunInExecutor.class)),
            Map.entry("EXEC-7", List.of(Operation.SetDefaultExecutor.class)),
            // beyond the model: rules no divergence names, whose operations programs use
            Map.entry("CANCEL-1", List.of(Operation.CancelTask.class)),
            Map.entry("CANCEL-2", List.of(Operation.CancelTask.class)),
            Map.entry("CANCEL-3", List.of(Operation.CancelTask.class)),
            Map.entry("CANCEL-4", List.of(Operation.CancelTask.class)),
            Map.entry("CURRENT-3", TASKS),
            Map.entry("SENTINEL-1", TASKS),
            Map.entry("TASK-2", plus(TASKS, GENERATORS)),
            Map.entry("FUTURE-2", List.of(Operation.AddDoneCallback.class)),
            Map.entry("RUN-5", List.of(Operation.RunUntilComplete.class)),
            Map.entry("HANDLE-2", List.of(Operation.RemoveFromReadyQueue.class)),
            Map.entry("HANDLE-3", List.of(Operation.CallbackFreed.class, Operation.HandleHoldsCallback.class)),
            Map.entry("CYCLES-1", List.of(Operation.AddDoneCallback.class, Operation.CreateTask.class,
                    Operation.CreateScriptedTask.class)));

    /** The rules of {@link #BY_OPERATION} that are not the model's: no divergence names them. */
    static final Set<String> BEYOND_THE_MODEL = Set.of("AGEN-5", "CANCEL-1", "CANCEL-2", "CANCEL-3", "CANCEL-4", "CURRENT-3",
            "SENTINEL-1", "TASK-2", "FUTURE-2", "RUN-5", "HANDLE-2", "HANDLE-3", "CYCLES-1");

    /** Every rule some program leans on: what a certification may find broken and block findings by. */
    static Set<String> rules() {
        Set<String> all = new TreeSet<>(EVERY_PROGRAM);
        all.addAll(BY_OPERATION.keySet());
        return all;
    }

    private Reliance() {}

    /** The rules {@code steps}, with everything their callbacks, tasks and notes do, lean on. */
    static Set<String> of(List<Operation> steps) {
        List<Operation> every = new ArrayList<>();
        for (Operation op : Steps.everyOperation(steps)) {
            every.add(op);
            if (op instanceof Operation.Note note) {
                every.addAll(Steps.everyOperation(List.of(note.of())));
            }
        }
        Set<String> rules = new TreeSet<>(EVERY_PROGRAM);
        BY_OPERATION.forEach((rule, operations) -> {
            if (every.stream().anyMatch(op -> operations.stream().anyMatch(kind -> kind.isInstance(op)))) {
                rules.add(rule);
            }
        });
        return rules;
    }

    private static List<Class<? extends Operation>> plus(List<Class<? extends Operation>> some,
            List<Class<? extends Operation>> more) {
        List<Class<? extends Operation>> all = new ArrayList<>(some);
        all.addAll(more);
        return List.copyOf(all);
    }

    @SafeVarargs
    private static List<Class<? extends Operation>> plus(List<Class<? extends Operation>> some,
            Class<? extends Operation>... more) {
        List<Class<? extends Operation>> all = new ArrayList<>(some);
        all.addAll(List.of(more));
        return List.copyOf(all);
    }
}
