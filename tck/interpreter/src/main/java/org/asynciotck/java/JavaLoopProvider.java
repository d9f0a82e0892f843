package org.asynciotck.java;

import java.util.List;

/**
 * What a loop author writes to certify a Java loop: a factory of fresh loops, and what the loop declares.
 * Register it in {@code META-INF/services/org.asynciotck.java.JavaLoopProvider} so the command line finds it
 * ({@code asyncio-tck run --impl java --class-path my-loop.jar}, or {@code --class NAME} / {@code --java-id ID}
 * when there are several), and extend {@link AsyncioLoopConformanceTest} to certify it in a build.
 *
 * @since 0.1
 */
public interface JavaLoopProvider {

    /** A new loop that no scenario has touched; called once per scenario, and once to read the capabilities. */
    JavaLoop newLoop();

    /** Stable identifier for reports and baselines, e.g. "my-loop"; letters, digits, '.', '_', '-'. */
    String id();

    /** Human name; the id by default. */
    default String name() {
        return id();
    }

    /** The loop's own version. */
    default String version() {
        return "unversioned";
    }

    /** The asyncio API level the loop follows ("3.10" to "3.13"); gates the version-specific rules. */
    default String apiLevel() {
        return "3.12";
    }

    /** Profiles the loop declares (docs/protocol.md, "Profiles"), e.g. "synchronous-dispatch"; none by default. */
    default List<String> profiles() {
        return List.of();
    }

    /** The bound on one operation, in seconds (docs/threads-and-time.md). */
    default double operationBoundSeconds() {
        return 10.0;
    }
}
