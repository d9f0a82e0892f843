package org.asynciotck.reference;

import org.asynciotck.KitVersion;
import org.asynciotck.java.JavaLoop;
import org.asynciotck.java.JavaLoopImplementation;
import org.asynciotck.java.JavaLoopProvider;
import org.asynciotck.spi.ApiLevel;
import org.asynciotck.spi.ImplementationInfo;
import org.asynciotck.spi.LoopImplementation;
import org.asynciotck.spi.LoopSession;
import org.asynciotck.spi.Profile;

/**
 * The reference loop ({@code org.asynciotck.refloop}) behind the kit's SPI, in process.
 * Every operation is performed by the kit's one Java interpreter of the vocabulary (module
 * tck/interpreter, the same that certifies any Java loop) over {@link ReferenceJavaLoop}: one fresh
 * loop per session on its own thread, with virtual time, and a bound on every operation.
 *
 * <p>The kit's own tests plug deliberately broken loops in through {@link ReferenceConfig}.
 */
public final class ReferenceImplementation implements LoopImplementation {

    private final ReferenceConfig config;
    private final ImplementationInfo info;
    private final JavaLoopImplementation interpreter;

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
        this.interpreter = interpreted(config);
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
     * The reference loop as a {@link JavaLoopImplementation}: the one Java interpreter of the vocabulary (module
     * tck/interpreter) over {@link ReferenceJavaLoop}, with this configuration's loops, tasks, capabilities,
     * profiles, API level and bound.
     */
    static JavaLoopImplementation interpreted(ReferenceConfig config) {
        return new JavaLoopImplementation(new JavaLoopProvider() {
            @Override
            public JavaLoop newLoop() {
                return new ReferenceJavaLoop(config.loops(), config.tasks(), config.capabilities(),
                        config.profiles().follows(Profile.EAGER_TASK_FACTORY));
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
        }, config.operationBound(), config.capabilities());
    }

    /** One session: a fresh reference loop on a thread of its own, answered by the Java interpreter. */
    @Override
    public LoopSession openSession() {
        return interpreter.openSession();
    }
}
