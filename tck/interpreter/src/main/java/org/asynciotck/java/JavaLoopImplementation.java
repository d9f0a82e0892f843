package org.asynciotck.java;

import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;
import org.asynciotck.spi.ApiLevel;
import org.asynciotck.spi.Capability;
import org.asynciotck.spi.ImplementationInfo;
import org.asynciotck.spi.LoopImplementation;
import org.asynciotck.spi.LoopSession;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Profiles;

/**
 * A {@link JavaLoopProvider}'s loops behind the kit's SPI: the generic interpreter of the whole operation
 * vocabulary over {@link JavaLoop}, so a Java loop needs that interface, not the 60-odd operations. The
 * capabilities are what one loop, made for the purpose, declares through its optional internals.
 *
 * @since 0.1
 */
public final class JavaLoopImplementation implements LoopImplementation {

    private final JavaLoopProvider provider;
    private final ImplementationInfo info;
    private final Duration bound;

    /**
     * @throws IllegalArgumentException when the provider declares an unknown API level or profile, or an id
     *     that is not a plain name
     */
    public JavaLoopImplementation(JavaLoopProvider provider) {
        this(provider, Duration.ofMillis(Math.round(provider.operationBoundSeconds() * 1000)));
    }

    /** With another bound on one operation than the provider's ({@code --timeout}). */
    public JavaLoopImplementation(JavaLoopProvider provider, Duration operationBound) {
        this(provider, operationBound, declaredCapabilities(provider));
    }

    /**
     * With the capabilities declared here rather than by a loop's optional internals: for an adapter that
     * knows them from its own configuration (the reference loop's), so no loop is made before a session.
     */
    public JavaLoopImplementation(JavaLoopProvider provider, Duration operationBound, Set<String> capabilities) {
        this.provider = provider;
        ApiLevel level = ApiLevel.parse(provider.apiLevel());
        this.info = new ImplementationInfo(provider.id(), provider.name(), provider.version(), "", level,
                capabilities, Profiles.declared(provider.profiles(), level));
        this.bound = operationBound;
    }

    @Override
    public ImplementationInfo info() {
        return info;
    }

    @Override
    public Duration operationBound() {
        return bound;
    }

    @Override
    public LoopSession openSession() {
        return new JavaSession(provider, info.id(), info.apiLevel(), bound);
    }

    /**
     * The operations of docs/protocol.md that the interpreter performs, in the order of {@link Operation}: the
     * keys of its dispatch table, which VocabularyTest checks against Operation.java, the Python agent,
     * docs/protocol.md and the request schema.
     */
    public static Set<Class<? extends Operation>> interpretedOperations() {
        return Interpreter.operations();
    }

    /** The capabilities one loop declares by the optional internals it returns. */
    static Set<String> declaredCapabilities(JavaLoopProvider provider) {
        JavaLoop loop = provider.newLoop();
        try {
            Set<String> declared = new TreeSet<>();
            loop.readyQueue().ifPresent(q -> declared.add(Capability.READY_QUEUE));
            loop.selectProbe().ifPresent(p -> declared.add(Capability.SELECT_TIMEOUT));
            loop.handleInternals().ifPresent(h -> declared.add(Capability.HANDLE_INTERNALS));
            loop.taskRegistry().ifPresent(r -> {
                declared.add(Capability.ENTER_LEAVE_TASK);
                if (r.swaps()) {
                    declared.add(Capability.SWAP_CURRENT_TASK);
                }
            });
            loop.eagerTasks().ifPresent(e -> declared.add(Capability.EAGER_START));
            loop.uninitialisedTasks().ifPresent(u -> declared.add(Capability.UNINITIALISED_TASK));
            return declared;
        } finally {
            loop.close();
        }
    }
}
