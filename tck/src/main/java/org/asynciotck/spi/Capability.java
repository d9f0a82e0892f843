package org.asynciotck.spi;

/**
 * Names of the capabilities an implementation may declare. Everything not
 * listed here is public asyncio API that every implementation must offer.
 * Feature files refer to these names in {@code @needs-<name>} tags.
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

    /**
     * Futures made by the loop dispatch done callbacks through {@code call_soon}, as
     * {@code asyncio.Future} does. Detected, not assumed: an agent sets a result and looks.
     */
    public static final String DEFERRED_DISPATCH = "deferred-dispatch";
    /**
     * Futures made by the loop call done callbacks inside {@code set_result} (custom futures,
     * e.g. native extensions). A declared design, certified by its own rules.
     */
    public static final String SYNCHRONOUS_DISPATCH = "synchronous-dispatch";

    private Capability() {}
}
