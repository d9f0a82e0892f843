package org.asynciotck.steps;

import java.util.List;
import org.asynciotck.spi.Operation;

/**
 * The four ways a callback is handed to the loop. For the two timer calls {@code delay} is the
 * time from now (negative: overdue); {@code call_soon} and {@code call_soon_threadsafe} ignore it.
 */
enum Scheduler {
    CALL_SOON("call_soon"),
    CALL_SOON_THREADSAFE("call_soon_threadsafe"),
    CALL_LATER("call_later"),
    CALL_AT("call_at");

    private final String call;

    Scheduler(String call) {
        this.call = call;
    }

    static Scheduler named(String call) {
        for (Scheduler scheduler : values()) {
            if (scheduler.call.equals(call)) {
                return scheduler;
            }
        }
        throw new IllegalArgumentException("unknown way to schedule a callback [" + call
                + "]; the ways are call_soon, call_soon_threadsafe, call_later, call_at");
    }

    Operation schedule(String label, List<Operation> then, String handle, double delay) {
        return schedule(label, then, handle, delay, null);
    }

    /** With {@code context=} the context the kit named {@code context}; null passes none (CTX-1, CTX-2). */
    Operation schedule(String label, List<Operation> then, String handle, double delay, String context) {
        return switch (this) {
            case CALL_SOON -> new Operation.CallSoon(label, then, handle, context);
            case CALL_SOON_THREADSAFE -> new Operation.CallSoonThreadsafe(label, then, handle, context);
            case CALL_LATER -> new Operation.CallLater(delay, label, then, handle, context);
            case CALL_AT -> new Operation.CallAt(delay, label, then, handle, context);
        };
    }
}
