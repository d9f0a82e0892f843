package org.asynciotck.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.asynciotck.spi.ImplementationInfo;
import org.asynciotck.spi.LoopImplementation;

/**
 * Builds the implementation under test from {@link ImplementationOptions}: the one
 * place that knows which {@link LoopImplementation} class stands behind
 * {@code --impl reference|python|process}.
 */
public final class ImplementationFactory {

    /** Builds one kind of implementation; may start processes. */
    @FunctionalInterface
    public interface Builder {
        LoopImplementation build(ImplementationOptions options) throws Exception;
    }

    /** The kind exists but this build has no implementation for it: a configuration problem. */
    public static final class UnavailableException extends Exception {
        UnavailableException(String message) {
            super(message);
        }
    }

    /** The implementation was built but could not be started or could not describe itself. */
    public static final class StartException extends Exception {
        StartException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private final Map<String, Builder> builders;

    /** @param builders by kind ("reference", "python", "process"); a missing kind is reported unavailable */
    public ImplementationFactory(Map<String, Builder> builders) {
        this.builders = new LinkedHashMap<>(builders);
    }

    /** The implementations this build offers ({@link StandardImplementations}). */
    public static ImplementationFactory standard() {
        return new ImplementationFactory(StandardImplementations.builders());
    }

    /** Whether {@code kind} can be built by this build. */
    public boolean isAvailable(String kind) {
        return builders.containsKey(kind);
    }

    /**
     * Builds and starts the implementation, and asks it for its {@link ImplementationInfo}
     * (so an implementation that cannot even say who it is fails here, not mid-run).
     */
    public LoopImplementation create(ImplementationOptions options) throws UnavailableException, StartException {
        Builder builder = Optional.ofNullable(builders.get(options.kind())).orElseThrow(
                () -> new UnavailableException("implementation '" + options.kind()
                        + "' is not available in this build; see 'asyncio-tck implementations' for those that are"));
        LoopImplementation implementation;
        try {
            implementation = builder.build(options);
        } catch (UnavailableException e) {
            throw e;
        } catch (Exception e) {
            throw new StartException("implementation '" + options.kind() + "' could not be started: " + describe(e), e);
        }
        try {
            implementation.info();
            return implementation;
        } catch (RuntimeException e) {
            implementation.close();
            throw new StartException(
                    "implementation '" + options.kind() + "' started but could not describe itself: " + describe(e), e);
        }
    }

    private static String describe(Exception e) {
        return e.getMessage() == null ? e.getClass().getName() : e.getMessage();
    }
}
