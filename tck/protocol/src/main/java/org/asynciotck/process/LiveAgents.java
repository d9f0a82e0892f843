package org.asynciotck.process;

import java.io.IOException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every agent tree this JVM has started and not yet ended, and the one shutdown hook that ends
 * them when the kit is stopped (Ctrl-C, SIGTERM, System.exit) at any moment, the very first
 * {@code hello} included: a tree is registered before its agent is started.
 */
final class LiveAgents {

    private static final Set<AgentTree> TREES = ConcurrentHashMap.newKeySet();
    /**
     * Set by the hook before it kills: an agent the run's own thread starts after that (say, to
     * restart one that the hook just killed) would outlive the kit, so it is ended at once.
     */
    private static volatile boolean shuttingDown;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(LiveAgents::killAll, "asyncio-tck-agent-shutdown"));
    }

    private LiveAgents() {}

    /** @throws IOException when the kit is shutting down: no agent may be started any more */
    static void register(AgentTree tree) throws IOException {
        TREES.add(tree);
        refuseWhenShuttingDown(tree);
    }

    /**
     * Ends {@code tree} and throws when the shutdown hook has begun; called again once the agent
     * has started, since the hook may have run between the registration and the start.
     */
    static void refuseWhenShuttingDown(AgentTree tree) throws IOException {
        if (shuttingDown) {
            end(tree);
            throw new IOException("the kit is shutting down; no agent is started any more");
        }
    }

    /** Ends {@code tree} and forgets it. */
    static void end(AgentTree tree) {
        tree.killAll();
        TREES.remove(tree);
    }

    private static void killAll() {
        shuttingDown = true;
        TREES.forEach(AgentTree::killAll);
    }
}
