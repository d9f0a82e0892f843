package org.asynciotck.broken;

import org.asynciotck.reference.ReferenceConfig;
import org.asynciotck.reference.ReferenceImplementation;
import org.asynciotck.refloop.Context;
import org.asynciotck.refloop.EventLoop;
import org.asynciotck.refloop.Handle;
import org.asynciotck.spi.LoopImplementation;

/**
 * The reference loop, except that {@code call_soon(callback, context=ctx)} drops the context: every handle runs
 * in a copy of the context current when it was made, as loops written before contexts did. CTX-2 fails; the
 * rules that lean on it (done callbacks, task steps, get_context with a context) are blocked by it.
 */
final class BrokenContextArgumentIgnored {

    private BrokenContextArgumentIgnored() {}

    public static LoopImplementation implementation() {
        return new ReferenceImplementation(ReferenceConfig.defaults()
                .withIdentity("broken-context-argument-ignored", "broken: call_soon drops context= (CTX-2)")
                .withLoops((clock, poller) -> new EventLoop(clock, poller) {
                    @Override
                    protected Handle newHandle(Runnable callback, Context context) {
                        return super.newHandle(callback, null); // wrong: CPython runs it in the context given
                    }
                }));
    }
}
