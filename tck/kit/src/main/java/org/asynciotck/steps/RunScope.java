package org.asynciotck.steps;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.asynciotck.spi.LoopImplementation;

/**
 * What the scenarios of one run share: the implementation under test, which lifecycle primitives
 * the run found broken, and what the runner's plugins attach (their report folders).
 *
 * <p>How a scenario finds its run. Cucumber makes the step objects and the plugins itself, by
 * class, so no object can be handed to them; the only channel from the runner into a run is
 * its configuration, which holds strings (Cucumber-JVM cannot hand suite configuration to
 * scenarios: cucumber/cucumber-jvm#2745). So the runner opens a scope, which gets a key, and names
 * the key in the run's configuration as the argument of the kit's plugins ({@link #plugin}).
 * {@link RunBinding}, one of them, binds each test case's thread to the scope when Cucumber
 * starts the test case, and {@link #current} reads that binding. Several runs can be in progress
 * in one JVM, each on its own threads, and nothing of one run is seen by another.
 *
 * <p>A run started without the kit's runner (the features under {@code ./mvnw verify}, an IDE)
 * binds nothing: its scenarios use the default scope, made once from the environment
 * ({@link ImplementationSelection}).
 */
public final class RunScope implements AutoCloseable {

    private static final Map<String, RunScope> OPEN = new ConcurrentHashMap<>();
    private static final AtomicLong RUNS = new AtomicLong();
    private static final ThreadLocal<RunScope> BOUND = new ThreadLocal<>();

    private final String key;
    private final LoopImplementation implementation;
    private final LifecyclePrimitives lifecycle;
    private final Map<Class<?>, Object> attachments = new ConcurrentHashMap<>();

    private RunScope(String key, LoopImplementation implementation, boolean sideBySide, IterationDriver iterations) {
        this.key = key;
        this.implementation = implementation;
        this.lifecycle = new LifecyclePrimitives(!sideBySide, iterations);
    }

    /** Opens the scope of a new run whose scenarios run one at a time; {@link #close} it when the run has ended. */
    public static RunScope open(LoopImplementation implementation) {
        return open(implementation, false);
    }

    /** As {@link #open(LoopImplementation, boolean, IterationDriver)}, iterations by stop() before run_forever(). */
    public static RunScope open(LoopImplementation implementation, boolean sideBySide) {
        return open(implementation, sideBySide, IterationDriver.ASSUMED);
    }

    /**
     * Opens the scope of a new run; {@link #close} it when the run has ended.
     *
     * @param sideBySide whether the run's scenarios run in parallel: then which scenario ran first is an
     *     accident of timing, so no scenario is blocked by a lifecycle rule ({@link LifecyclePrimitives})
     * @param iterations what the run's {@link IterationPreflight} found drives one iteration
     */
    public static RunScope open(LoopImplementation implementation, boolean sideBySide, IterationDriver iterations) {
        RunScope scope = new RunScope("run-" + RUNS.incrementAndGet(), implementation, sideBySide, iterations);
        OPEN.put(scope.key, scope);
        return scope;
    }

    /** The open scope with this key, for a plugin that Cucumber made with the key as its argument. */
    public static RunScope of(String key) {
        RunScope scope = OPEN.get(key);
        if (scope == null) {
            throw new IllegalStateException("no run in progress has the key [" + key + "]: the kit's plugins are "
                    + "named by the runner (RunScope.plugin), with the key of a run it opened; they cannot be used "
                    + "on their own");
        }
        return scope;
    }

    /** The scope of the test case that runs on this thread, or the default scope when none is bound. */
    public static RunScope current() {
        RunScope bound = BOUND.get();
        return bound != null ? bound : DefaultScope.SCOPE;
    }

    static void bind(String key) {
        BOUND.set(of(key));
    }

    static void unbind() {
        BOUND.remove();
    }

    /**
     * The entry for Cucumber's {@code cucumber.plugin} configuration parameter that makes a plugin for
     * this run. The key is the kit's own ("run-7"): no comma, nothing from the implementation.
     */
    public String plugin(Class<?> pluginClass) {
        return pluginClass.getName() + ":" + key;
    }

    /** The entries for every plugin of the steps package: the binding of test cases to this run. */
    public String stepPlugins() {
        return plugin(RunBinding.class);
    }

    public String key() {
        return key;
    }

    public LoopImplementation implementation() {
        return implementation;
    }

    LifecyclePrimitives lifecycle() {
        return lifecycle;
    }

    /** Which primitive drives one iteration in this run, and why. */
    public IterationDriver iterations() {
        return lifecycle.iterations();
    }

    /** Attaches a value of the runner's (a plugin's folder) for the plugins of this run to find. */
    public <T> void attach(Class<T> type, T value) {
        attachments.put(type, value);
    }

    public <T> Optional<T> attached(Class<T> type) {
        return Optional.ofNullable(attachments.get(type)).map(type::cast);
    }

    /** Ends the scope (without closing the implementation: its owner does that). */
    @Override
    public void close() {
        OPEN.remove(key, this);
    }

    /** The scope of runs the kit's runner did not start; made on first use, never replaced. */
    private static final class DefaultScope {
        static final RunScope SCOPE = new RunScope("default", ImplementationSelection.fromEnvironment(), false,
                IterationDriver.ASSUMED);
    }
}
