package org.asynciotck.steps;

import org.asynciotck.spi.ImplementationInfo;
import org.asynciotck.spi.Profile;

/**
 * Diagnosis, never a verdict: when what a loop did fits another profile than the one it
 * declared, the failure message says which one, and how to declare it if that is the design.
 * The rule still fails; only a declaration changes what is expected.
 */
final class ProfileHints {

    private static final String WHERE = " (docs/protocol.md, \"Profiles\")";

    private ProfileHints() {}

    /** For a done callback or a task wake-up that happened inside the completing call. */
    static String ranSynchronously(ImplementationInfo info) {
        return info.follows(Profile.DEFERRED_DISPATCH)
                ? "; the future called it at once: if the loop's futures dispatch done callbacks synchronously by"
                        + " design, declare the profile " + Profile.SYNCHRONOUS_DISPATCH.wireName() + WHERE
                : "";
    }

    /** For a declared synchronous future whose callbacks did not run inside the completing call. */
    static String didNotRunSynchronously(ImplementationInfo info) {
        return info.follows(Profile.SYNCHRONOUS_DISPATCH)
                ? "; the loop declares " + Profile.SYNCHRONOUS_DISPATCH.wireName() + ", but its future did not call"
                        + " them: if its futures queue done callbacks with call_soon, declare nothing (the default is "
                        + Profile.DEFERRED_DISPATCH.wireName() + ")" + WHERE
                : "";
    }

    /** For a task whose coroutine started inside the call that created it (Recording.startedInsideCreation). */
    static String startedEagerly(ImplementationInfo info) {
        return info.follows(Profile.DEFAULT_TASK_FACTORY)
                ? "; the coroutine started inside the call that created the task: if that is because the"
                        + " loop's task factory is asyncio.eager_task_factory by design, declare the profile "
                        + Profile.EAGER_TASK_FACTORY.wireName() + WHERE
                : "";
    }

    /** For a non-thread-safe call from another thread that the loop refused. */
    static String refusedAsInDebugMode(ImplementationInfo info) {
        return info.follows(Profile.DEBUG_OFF)
                ? "; asyncio refuses a non-thread-safe call from another thread in debug mode only: if the loop runs"
                        + " in debug mode by design, declare the profile " + Profile.DEBUG_MODE.wireName() + WHERE
                : "";
    }

    /** For a run of the running loop, called by one of its callbacks, that was not refused but ran the loop. */
    static String ranNested(ImplementationInfo info) {
        return info.follows(Profile.NO_NESTED_RUNS)
                ? ": the running loop did not refuse to be run again by its own callback: if the loop is reentrant by design (as"
                        + " nest_asyncio makes it), declare the profile " + Profile.NESTED_RUNS.wireName() + WHERE
                : "";
    }
}
