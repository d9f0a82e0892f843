package org.asynciotck.spi;

import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Names of the capabilities an implementation may declare: structural facts that only
 * choose <em>how</em> the kit can observe a loop (it exposes its ready queue, its selector,
 * {@code _enter_task}, ...). A capability never changes what is expected of a loop; what is
 * expected is chosen by its {@link Profile}s. Everything not listed here is public asyncio
 * API that every implementation must offer. Feature files refer to these names in
 * {@code @needs-<name>} tags. The set is closed: {@link #requireKnown} refuses other names.
 *
 * @since 0.1
 */
public final class Capability {

    /** The length of the ready queue can be read, and a queued handle removed from it ("pop"). */
    public static final String READY_QUEUE = "ready-queue";
    /** The timeout the loop passes to its selector can be observed without blocking. */
    public static final String SELECT_TIMEOUT = "select-timeout";
    /** A handle can say whether it still holds its callback (CPython drops it on cancel). */
    public static final String HANDLE_INTERNALS = "handle-internals";
    /** Tasks can be entered and left by hand ({@code asyncio.tasks._enter_task/_leave_task}). */
    public static final String ENTER_LEAVE_TASK = "enter-leave-task";
    /** The current task can be swapped without a conflict check ({@code _swap_current_task}, 3.12+). */
    public static final String SWAP_CURRENT_TASK = "swap-current-task";
    /** Tasks accept {@code eager_start} (3.12+). */
    public static final String EAGER_START = "eager-start";
    /** A task object can be made without running its initialiser, to check that such a task is refused. */
    public static final String UNINITIALISED_TASK = "uninitialised-task";

    /** Every capability, in the order docs/protocol.md lists them. */
    public static final List<String> ALL = List.of(READY_QUEUE, SELECT_TIMEOUT, HANDLE_INTERNALS, ENTER_LEAVE_TASK,
            SWAP_CURRENT_TASK, EAGER_START, UNINITIALISED_TASK);

    private Capability() {}

    /**
     * The declared capabilities, checked against the closed set.
     *
     * @throws IllegalArgumentException naming every unknown name and listing the valid ones
     */
    public static Set<String> requireKnown(Collection<String> declared) {
        Set<String> unknown = new TreeSet<>(declared);
        unknown.removeAll(ALL);
        if (!unknown.isEmpty()) {
            String hint = unknown.stream().anyMatch(Profile::isName)
                    ? " (future dispatch is a profile, not a capability: declare it as a profile)" : "";
            throw new IllegalArgumentException("unknown capabilit" + (unknown.size() == 1 ? "y " : "ies ") + unknown
                    + hint + "; the valid capabilities are " + String.join(", ", ALL));
        }
        return Set.copyOf(declared);
    }
}
