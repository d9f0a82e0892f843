package org.asynciotck.reference;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.asynciotck.spi.ApiLevel;
import org.asynciotck.spi.Capability;
import org.asynciotck.spi.ImplementationInfo;
import org.asynciotck.spi.Profile;
import org.asynciotck.spi.Profiles;

/**
 * How a {@link ReferenceImplementation} is set up. Start from {@link #defaults()} and change
 * what you need with the {@code with...} methods.
 *
 * @param id             the implementation id in reports ("reference", or e.g. "broken-lifo")
 * @param name           human name
 * @param apiLevel       the asyncio API level declared (3.12 by default)
 * @param capabilities   the capabilities declared (all of {@link Capability} by default)
 * @param profiles       the profiles declared (stock asyncio's by default)
 * @param loops          makes each session's loop
 * @param tasks          what the Task constructor does
 * @param operationBound how long one operation may take before the session is declared hung
 */
public record ReferenceConfig(
        String id,
        String name,
        ApiLevel apiLevel,
        Set<String> capabilities,
        Profiles profiles,
        LoopFactory loops,
        TaskConstructor tasks,
        Duration operationBound) {

    /** The bound on one operation unless configured otherwise. */
    public static final Duration DEFAULT_OPERATION_BOUND = Duration.ofSeconds(10);

    public ReferenceConfig {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(apiLevel, "apiLevel");
        capabilities = Set.copyOf(capabilities);
        Objects.requireNonNull(profiles, "profiles");
        Objects.requireNonNull(loops, "loops");
        Objects.requireNonNull(tasks, "tasks");
        if (operationBound.isNegative() || operationBound.isZero()) {
            throw new IllegalArgumentException("operationBound must be positive: " + operationBound);
        }
    }

    /**
     * The reference loop at API level 3.12, with asyncio's deferred future dispatch, every other
     * capability and a 10 s bound.
     */
    public static ReferenceConfig defaults() {
        return new ReferenceConfig("reference", "asyncio-tck reference loop", ApiLevel.parse("3.12"),
                Set.copyOf(Capability.ALL), Profiles.stock(), LoopFactory.REFERENCE, TaskConstructor.REFERENCE,
                DEFAULT_OPERATION_BOUND);
    }

    /**
     * The reference loop whose futures call done callbacks inside {@code set_result}
     * ({@link org.asynciotck.refloop.SynchronousDispatchLoop}): the other future design,
     * certified by its own rules. It declares the profile {@code synchronous-dispatch}.
     */
    public static ReferenceConfig synchronousDispatch() {
        return new ReferenceConfig("reference-sync", "asyncio-tck reference loop, synchronous futures",
                ApiLevel.parse("3.12"), Set.copyOf(Capability.ALL),
                Profiles.declared(List.of(Profile.SYNCHRONOUS_DISPATCH.wireName()), ApiLevel.parse("3.12")),
                org.asynciotck.refloop.SynchronousDispatchLoop::new, TaskConstructor.REFERENCE, DEFAULT_OPERATION_BOUND);
    }

    /**
     * The reentrant reference loop ({@link org.asynciotck.refloop.NestedRunsLoop}): a running loop that may be
     * run again from its own callbacks, as nest_asyncio makes asyncio's. It declares the profile {@code nested-runs}.
     */
    public static ReferenceConfig nestedRuns() {
        return new ReferenceConfig("reference-nested", "asyncio-tck reference loop, nested runs",
                ApiLevel.parse("3.12"), Set.copyOf(Capability.ALL),
                Profiles.declared(List.of(Profile.NESTED_RUNS.wireName()), ApiLevel.parse("3.12")),
                org.asynciotck.refloop.NestedRunsLoop::new, TaskConstructor.REFERENCE, DEFAULT_OPERATION_BOUND);
    }

    /**
     * The reference loop as differential exploration compares it with {@code tested}: at the API level
     * {@code tested} declares, so that version-gated behaviour agrees, and following the
     * {@code eager-task-factory} profile where {@code tested} declares it (declared, never inferred from how it
     * behaves): then every task made through {@code create_task} is made as {@code asyncio.eager_task_factory}
     * makes it, {@code Task(coro, loop=loop, name=name, eager_start=True)}; and the {@code synchronous-dispatch}
     * profile where {@code tested} declares it: then the reference loop is {@link #synchronousDispatch()}'s,
     * whose futures call their done callbacks inside {@code set_result} (a loop of that design is compared with
     * one of that design, not failed for it). Every other profile stays stock asyncio's: the reference loop
     * follows no other one.
     */
    public static ReferenceConfig comparedWith(ImplementationInfo tested) {
        boolean synchronous = tested.profiles().follows(Profile.SYNCHRONOUS_DISPATCH);
        ReferenceConfig config = (synchronous ? synchronousDispatch() : defaults()).withApiLevel(tested.apiLevel());
        List<String> followed = new ArrayList<>();
        if (synchronous) {
            followed.add(Profile.SYNCHRONOUS_DISPATCH.wireName());
        }
        if (tested.profiles().follows(Profile.EAGER_TASK_FACTORY)) {
            followed.add(Profile.EAGER_TASK_FACTORY.wireName());
        }
        return followed.isEmpty() ? config : config.withProfiles(Profiles.declared(followed, tested.apiLevel()));
    }

    public ReferenceConfig withIdentity(String newId, String newName) {
        return new ReferenceConfig(newId, newName, apiLevel, capabilities, profiles, loops, tasks, operationBound);
    }

    /**
     * Another API level. Below 3.12 the 3.12-only capabilities ({@code eager_start},
     * {@code _swap_current_task}) are no longer declared: that API does not exist there.
     */
    public ReferenceConfig withApiLevel(ApiLevel level) {
        Set<String> declared = new TreeSet<>(capabilities);
        if (!level.atLeast(ApiLevel.parse("3.12"))) {
            declared.remove(Capability.EAGER_START);
            declared.remove(Capability.SWAP_CURRENT_TASK);
        }
        return new ReferenceConfig(id, name, level, declared, profiles, loops, tasks, operationBound);
    }

    public ReferenceConfig withCapabilities(Set<String> declared) {
        return new ReferenceConfig(id, name, apiLevel, declared, profiles, loops, tasks, operationBound);
    }

    public ReferenceConfig withLoops(LoopFactory factory) {
        return new ReferenceConfig(id, name, apiLevel, capabilities, profiles, factory, tasks, operationBound);
    }

    public ReferenceConfig withTasks(TaskConstructor constructor) {
        return new ReferenceConfig(id, name, apiLevel, capabilities, profiles, loops, constructor, operationBound);
    }

    public ReferenceConfig withOperationBound(Duration bound) {
        return new ReferenceConfig(id, name, apiLevel, capabilities, profiles, loops, tasks, bound);
    }

    /** Declares these profiles instead of the ones declared so far. */
    public ReferenceConfig withProfiles(Profiles declared) {
        return new ReferenceConfig(id, name, apiLevel, capabilities, declared, loops, tasks, operationBound);
    }
}
