package org.asynciotck.reference;

import java.util.Set;
import org.asynciotck.KitVersion;
import org.asynciotck.java.JavaLoop;
import org.asynciotck.java.JavaLoopImplementation;
import org.asynciotck.java.JavaLoopProvider;
import org.asynciotck.spi.ApiLevel;
import org.asynciotck.spi.ImplementationInfo;
import org.asynciotck.spi.LoopImplementation;
import org.asynciotck.spi.LoopSession;
import org.asynciotck.spi.Operation;

/**
 * The reference loop ({@code org.asynciotck.refloop}) behind the kit's SPI, in process.
 * Performs every operation the way docs/protocol.md describes for an agent: one fresh loop
 * per session on its own thread, named handles/futures/tasks, callbacks that record events,
 * virtual time, and a bound on every operation.
 *
 * <p>The kit's own tests plug deliberately broken loops in through {@link ReferenceConfig}.
 */
public final class ReferenceImplementation implements LoopImplementation {

    private final ReferenceConfig config;
    private final ImplementationInfo info;

    /** The reference loop, API level 3.12, every capability, 10 s per operation. */
    public ReferenceImplementation() {
        this(ReferenceConfig.defaults());
    }

    /** The reference loop declaring another API level. */
    public ReferenceImplementation(ApiLevel apiLevel) {
        this(ReferenceConfig.defaults().withApiLevel(apiLevel));
    }

    public ReferenceImplementation(ReferenceConfig config) {
        this.config = config;
        this.info = new ImplementationInfo(config.id(), config.name(), KitVersion.get(), "",
                config.apiLevel(), config.capabilities(), config.profiles());
    }

    @Override
    public ImplementationInfo info() {
        return info;
    }

    @Override
    public java.time.Duration operationBound() {
        return config.operationBound();
    }

    /**
     * The operations of docs/protocol.md that this adapter's interpreter performs, in the order of
     * {@link Operation}: the keys of its dispatch table, which VocabularyTest checks against
     * Operation.java, the Python agent, docs/protocol.md and the request schema.
     */
    public static Set<Class<? extends Operation>> interpretedOperations() {
        return OperationDispatcher.operations();
    }

    /**
     * The same reference loop answered by the one Java interpreter of the vocabulary (the interpreter module's
     * {@link JavaLoopImplementation} over {@link ReferenceJavaLoop}) instead of this adapter's dispatcher: the
     * golden transcripts replay against both, and both must answer as recorded.
     */
    public static LoopImplementation interpreted(ReferenceConfig config) {
        return new JavaLoopImplementation(new JavaLoopProvider() {
            @Override
            public JavaLoop newLoop() {
                return new ReferenceJavaLoop(config.loops(), config.tasks(), config.capabilities());
            }

            @Override
            public String id() {
                return config.id();
            }

            @Override
            public String name() {
                return config.name();
            }

            @Override
            public String version() {
                return KitVersion.get();
            }

            @Override
            public String apiLevel() {
                return config.apiLevel().toString();
            }

            @Override
            public java.util.List<String> profiles() {
                return config.profiles().declaredNames();
            }
        }, config.operationBound());
    }

    @Override
    public LoopSession openSession() {
        return new ReferenceSession(config);
    }
}
