package org.asynciotck.refloop;

/**
 * The reference loop made reentrant, as {@code nest_asyncio.apply(loop)} makes asyncio's: a callback or
 * task of the running loop may call {@code runForever} or {@code runUntilComplete} again, and the nested
 * run returns (with its future's result, or raising its exception) before the outer run goes on with its
 * own pending callbacks and its own pending stop. It follows the profile {@code nested-runs}; the rules
 * that demand a refusal (LIFE-3, RUN-3, ...) are not applicable to it.
 */
public class NestedRunsLoop extends EventLoop {

    public NestedRunsLoop(Clock clock, Poller poller) {
        super(clock, poller);
    }

    @Override
    protected boolean allowsNestedRuns() {
        return true;
    }
}
