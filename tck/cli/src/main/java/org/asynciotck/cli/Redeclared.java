package org.asynciotck.cli;

import java.time.Duration;
import org.asynciotck.spi.ImplementationInfo;
import org.asynciotck.spi.LoopImplementation;
import org.asynciotck.spi.LoopSession;

/**
 * An implementation whose info carries what the user added on the command line (profiles,
 * a pinned identity); sessions, bounds and closing are the original's.
 */
record Redeclared(LoopImplementation original, ImplementationInfo info) implements LoopImplementation {

    @Override
    public Duration operationBound() {
        return original.operationBound();
    }

    @Override
    public LoopSession openSession() {
        return original.openSession();
    }

    @Override
    public void close() {
        original.close();
    }
}
