package org.asynciotck.samplesteps;

import java.util.Set;
import org.asynciotck.spi.ApiLevel;
import org.asynciotck.spi.ImplementationInfo;
import org.asynciotck.spi.LoopImplementation;
import org.asynciotck.spi.LoopSession;

/** An implementation that is only ever asked for its info by the sample steps. */
public final class SampleImplementation implements LoopImplementation {

    private final ImplementationInfo info;
    private boolean closed;

    public SampleImplementation(String id) {
        this.info = new ImplementationInfo(
                id, "Sample <loop> & co", "1.0", "3.12.1", ApiLevel.parse("3.12"), Set.of("ready-queue"));
    }

    @Override
    public ImplementationInfo info() {
        return info;
    }

    @Override
    public LoopSession openSession() {
        throw new UnsupportedOperationException("the sample implementation has no loop; the sample steps never open one");
    }

    @Override
    public void close() {
        closed = true;
    }

    public boolean closed() {
        return closed;
    }
}
