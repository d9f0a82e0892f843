package org.asynciotck.broken;

import org.asynciotck.reference.ReferenceConfig;
import org.asynciotck.reference.ReferenceImplementation;
import org.asynciotck.refloop.EventLoop;
import org.asynciotck.refloop.Future;
import org.asynciotck.spi.ApiLevel;
import org.asynciotck.spi.LoopImplementation;

/**
 * Breaks EXEC-6 (a job that outlives shutdown_default_executor's timeout does not hold it), declared at API
 * level 3.13, where the rule applies: shutdown_default_executor accepts the timeout and then waits for the
 * executor's threads as long as they take, as CPython 3.12.1 does (errata E-22). The Python gallery runs on
 * 3.12.1, where EXEC-6 is not applicable, so this defect is caught here.
 */
public final class BrokenShutdownIgnoresTimeout {

    private BrokenShutdownIgnoresTimeout() {}

    public static LoopImplementation implementation() {
        return new ReferenceImplementation(ReferenceConfig.defaults()
                .withIdentity("broken-shutdown-ignores-timeout", "broken: shutdown_default_executor ignores its timeout (EXEC-6)")
                .withApiLevel(ApiLevel.parse("3.13"))
                .withLoops((clock, poller) -> new EventLoop(clock, poller) {
                    @Override
                    public Future<Boolean> shutdownDefaultExecutor(Double timeoutSeconds) {
                        return super.shutdownDefaultExecutor(null); // wrong: waits for the threads however long
                    }
                }));
    }
}
