package org.asynciotck.steps;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.asynciotck.spi.Capability;
import org.asynciotck.spi.Operation;

/**
 * Which capabilities an operation needs, including the operations it carries
 * inside callbacks. The kit checks this before sending anything, so that a
 * scenario that forgot its {@code @needs-...} tag is reported as a kit defect
 * rather than sent to an implementation that never promised to understand it.
 */
final class RequiredCapabilities {

    private static final Map<Class<? extends Operation>, String> NEEDS = Map.of(
            Operation.ReadyQueueLength.class, Capability.READY_QUEUE,
            Operation.RemoveFromReadyQueue.class, Capability.READY_QUEUE,
            Operation.SelectTimeout.class, Capability.SELECT_TIMEOUT,
            Operation.HandleHoldsCallback.class, Capability.HANDLE_INTERNALS,
            Operation.EnterTask.class, Capability.ENTER_LEAVE_TASK,
            Operation.LeaveTask.class, Capability.ENTER_LEAVE_TASK,
            Operation.SwapCurrentTask.class, Capability.SWAP_CURRENT_TASK,
            Operation.CreateUninitialisedTask.class, Capability.UNINITIALISED_TASK);

    private RequiredCapabilities() {}

    static Set<String> of(Operation operation) {
        Set<String> needed = new TreeSet<>();
        collect(operation, needed);
        return needed;
    }

    private static void collect(Operation operation, Set<String> needed) {
        String capability = NEEDS.get(operation.getClass());
        if (capability != null) {
            needed.add(capability);
        }
        if (operation instanceof Operation.CreateTask task && task.eagerStart()) {
            needed.add(Capability.EAGER_START);
        }
        for (Operation inner : innerOperations(operation)) {
            collect(inner, needed);
        }
    }

    private static List<Operation> innerOperations(Operation operation) {
        if (operation instanceof Operation.CallSoon op) {
            return op.then();
        } else if (operation instanceof Operation.CallSoonThreadsafe op) {
            return op.then();
        } else if (operation instanceof Operation.CallLater op) {
            return op.then();
        } else if (operation instanceof Operation.CallAt op) {
            return op.then();
        } else if (operation instanceof Operation.AddDoneCallback op) {
            return op.then();
        } else if (operation instanceof Operation.Note op) {
            return List.of(op.of());
        }
        return List.of();
    }
}
