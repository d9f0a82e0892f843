package org.asynciotck.process;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every agent tree this JVM has started and not yet ended, and the one shutdown hook that ends
 * them when the kit is stopped (Ctrl-C, SIGTERM, System.exit) at any moment, the very first
 * {@code hello} included: a tree is registered before its agent is started.
 */
final class LiveAgents {

    private static final Set<AgentTree> TREES = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(LiveAgents::killAll, "asyncio-tck-agent-shutdown"));
    }

    private LiveAgents() {}

    static void register(AgentTree tree) {
        TREES.add(tree);
    }

    /** Ends {@code tree} and forgets it. */
    static void end(AgentTree tree) {
        tree.killAll();
        TREES.remove(tree);
    }

    private static void killAll() {
        TREES.forEach(AgentTree::killAll);
    }
}
