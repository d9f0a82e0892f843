package org.asynciotck.kit;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.asynciotck.runner.RunResult;

/**
 * Full runs of stock asyncio, one per interpreter and Task/Future variant, shared by the tests of
 * one JVM that need them (the baseline check of each target and the gallery's controls), so
 * that the build certifies each stock target once.
 */
public final class StockRuns {

    private static final Map<String, RunResult> RUNS = new ConcurrentHashMap<>();

    private StockRuns() {}

    /** The run of stock asyncio on {@code python} in {@code variant}, made by {@code run} the first time only. */
    public static RunResult of(Path python, String variant, Supplier<RunResult> run) {
        return RUNS.computeIfAbsent(python.toAbsolutePath().normalize() + " " + variant, key -> run.get());
    }
}
