package org.asynciotck.spi;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A declared design choice that changes what is expected of a loop. Profiles come in
 * {@link Group}s; an implementation follows exactly one profile of each group, and the
 * group's default (stock asyncio) unless it or its user declares another. The kit never
 * infers a profile from what the loop does: a loop that behaves like another profile than
 * the one it declared fails the rules of its declared profile, and the failure message says
 * which profile the observed behaviour would fit.
 *
 * <p>Feature files refer to profiles in {@code @profile-<name>} tags: such a scenario or rule
 * applies only to implementations that follow that profile.
 *
 * @since 0.1
 */
public enum Profile {

    /** Futures queue each done callback with {@code call_soon} ({@code asyncio.Future}); the default. */
    DEFERRED_DISPATCH("deferred-dispatch", Group.FUTURE_DISPATCH, null,
            "futures queue each done callback with call_soon, as asyncio.Future does"),
    /** Futures call done callbacks inside {@code set_result} (a native extension's futures, by design). */
    SYNCHRONOUS_DISPATCH("synchronous-dispatch", Group.FUTURE_DISPATCH, null,
            "futures call their done callbacks inside set_result, set_exception and cancel"),
    /** {@code loop.create_task} queues the first step of the task; the default. */
    DEFAULT_TASK_FACTORY("default-task-factory", Group.TASK_FACTORY, null,
            "create_task queues the task's first step and starts nothing"),
    /** The loop's task factory is {@code asyncio.eager_task_factory} (3.12+). */
    EAGER_TASK_FACTORY("eager-task-factory", Group.TASK_FACTORY, new ApiLevel(3, 12),
            "the task factory is asyncio.eager_task_factory: create_task on a running loop starts the coroutine"
                    + " at once"),
    /** The loop is not in debug mode; the default. */
    DEBUG_OFF("debug-off", Group.DEBUG, null, "the loop is not in asyncio's debug mode"),
    /** The loop runs in asyncio's debug mode ({@code loop.set_debug(True)}, {@code PYTHONASYNCIODEBUG=1}). */
    DEBUG_MODE("debug-mode", Group.DEBUG, null,
            "the loop runs in asyncio's debug mode: a non-thread-safe call from another thread raises"),
    /** A running loop refuses to be run again ({@code _check_running}); the default. */
    NO_NESTED_RUNS("no-nested-runs", Group.NESTED_RUNS, null,
            "a running loop refuses run_forever and run_until_complete with RuntimeError, as asyncio's does"),
    /**
     * The loop is reentrant by design ({@code nest_asyncio.apply(loop)}, nest_asyncio2): a callback or task of
     * the running loop may run it again, and the nested run returns before the outer one goes on.
     */
    NESTED_RUNS("nested-runs", Group.NESTED_RUNS, null,
            "the loop is reentrant: run_until_complete and run_forever called inside the running loop run it"
                    + " nested, as nest_asyncio makes them");

    /** A dimension of design choice; each implementation follows one profile of each. */
    public enum Group {
        FUTURE_DISPATCH("future dispatch"),
        TASK_FACTORY("task factory"),
        DEBUG("debug mode"),
        NESTED_RUNS("nested runs");

        private final String title;

        Group(String title) {
            this.title = title;
        }

        public String title() {
            return title;
        }

        /** The profile an implementation follows in this group unless it declares another. */
        public Profile defaultProfile() {
            return Arrays.stream(Profile.values()).filter(p -> p.group == this).findFirst().orElseThrow();
        }
    }

    private final String wireName;
    private final Group group;
    /** The API level from which the profile exists, or null when it always does. */
    private final ApiLevel since;
    private final String meaning;

    Profile(String wireName, Group group, ApiLevel since, String meaning) {
        this.wireName = wireName;
        this.group = group;
        this.since = since;
        this.meaning = meaning;
    }

    /** The name used in declarations, tags, messages and reports. */
    public String wireName() {
        return wireName;
    }

    public Group group() {
        return group;
    }

    public Optional<ApiLevel> since() {
        return Optional.ofNullable(since);
    }

    /** What following this profile means, in one sentence, for docs and messages. */
    public String meaning() {
        return meaning;
    }

    public boolean isDefault() {
        return group.defaultProfile() == this;
    }

    /** Every profile name, for the messages that refuse an unknown one. */
    public static List<String> names() {
        return Arrays.stream(values()).map(Profile::wireName).toList();
    }

    public static boolean isName(String name) {
        return names().contains(name);
    }

    /**
     * The profile of that name.
     *
     * @throws IllegalArgumentException naming the bad name and listing the valid ones
     */
    public static Profile named(String name) {
        return Arrays.stream(values()).filter(p -> p.wireName.equals(name)).findFirst().orElseThrow(
                () -> new IllegalArgumentException("unknown profile [" + name + "]; the valid profiles are "
                        + String.join(", ", names())));
    }
}
