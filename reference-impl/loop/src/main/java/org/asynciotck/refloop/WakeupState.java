package org.asynciotck.refloop;

/**
 * Whether a thread that adds work must wake the loop (after netty's {@code NioEventLoop},
 * which keeps the same decision in {@code nextWakeupNanos}).
 *
 * <pre>
 * state      | who sets it                            | what a foreign callSoonThreadsafe does
 * -----------+----------------------------------------+-------------------------------------------
 * AWAKE      | loop thread, after a poll that may     | nothing: the loop will look at the ready
 *            | block returns; it stays AWAKE through  | queue before it polls again
 *            | busy iterations (their poll cannot     |
 *            | block)                                 |
 * POLLING    | loop thread, when the poll may block,  | CAS POLLING -> WOKEN, then Poller.wakeup()
 *            | BEFORE it computes the timeout again   |
 *            | (so a callback added after the first   |
 *            | ready-queue check is never missed)     |
 * WOKEN      | the foreign thread that won the CAS    | nothing: one wake-up is enough
 * </pre>
 *
 * <p>The loop thread never calls {@code wakeup()} itself: it is not blocked, and it checks
 * the ready queue before it polls. A wake-up that arrives before the poll starts is not lost
 * (a {@link java.nio.channels.Selector} remembers it, like CPython's self-pipe).
 */
enum WakeupState {
    AWAKE,
    POLLING,
    WOKEN
}
