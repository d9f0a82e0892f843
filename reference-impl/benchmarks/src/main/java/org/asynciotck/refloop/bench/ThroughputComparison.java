package org.asynciotck.refloop.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs {@link LoopBenchmarks} with JMH and {@code loop_workloads.py} on CPython asyncio and on
 * uvloop, in one run, and prints the figures side by side with their ratios and the targets of
 * issue 14: the reference loop at least 10x CPython and 3x uvloop on each workload, and the
 * batch drain within 3x of the bare deque drain.
 *
 * <pre>
 * reference-impl/benchmarks/run [--quick] [--python PY] [--uvloop-python PY]
 * </pre>
 *
 * A Python that cannot be run (or lacks uvloop) leaves its column empty, with the reason.
 */
public final class ThroughputComparison {

    private static final List<String> WORKLOADS = List.of("chain", "batch", "future", "pastDueTimers");
    private static final double TARGET_VS_CPYTHON = 10;
    private static final double TARGET_VS_UVLOOP = 3;
    private static final double TARGET_VS_FLOOR = 3;

    private ThroughputComparison() {}

    public static void main(String[] args) throws RunnerException {
        Path script = null;
        String python = null;
        String uvloopPython = null;
        boolean quick = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--script" -> script = Path.of(args[++i]);
                case "--python" -> python = args[++i];
                case "--uvloop-python" -> uvloopPython = args[++i];
                case "--quick" -> quick = true;
                default -> throw new IllegalArgumentException("unknown argument: " + args[i]
                        + " (expected --script FILE, --python PY, --uvloop-python PY, --quick)");
            }
        }
        if (script == null) {
            throw new IllegalArgumentException("--script FILE (loop_workloads.py) is required");
        }
        System.out.println("reference loop throughput, " + Instant.now().truncatedTo(ChronoUnit.SECONDS) + ", "
                + Runtime.getRuntime().availableProcessors() + " cores, Java " + System.getProperty("java.version")
                + (quick ? ", --quick (short JMH runs, 1 Python repeat)" : ""));

        Map<String, Double> reference = jmh(quick);
        Column cpython = python(python, "asyncio", script, quick);
        Column uvloop = python(uvloopPython, "uvloop", script, quick);
        double floor = reference.getOrDefault("dequeFloor", Double.NaN);

        System.out.println();
        System.out.println("ns per callback (medians); ratio = how many times faster the reference loop is (floor: how many"
                + " times slower than the bare deque drain)");
        System.out.printf("%-14s %10s %14s %14s %10s   %-18s %-18s %s%n", "workload", "reference", "cpython",
                "uvloop", "deque", "vs cpython (>=10x)", "vs uvloop (>=3x)", "vs deque (<=3x)");
        for (String workload : WORKLOADS) {
            double ref = reference.getOrDefault(workload, Double.NaN);
            double cp = cpython.figures.getOrDefault(workload, Double.NaN);
            double uv = uvloop.figures.getOrDefault(workload, Double.NaN);
            boolean drain = workload.equals("batch");
            System.out.printf("%-14s %10.1f %14s %14s %10s   %-18s %-18s %s%n", workload, ref, ns(cp), ns(uv),
                    drain ? ns(floor) : "", faster(cp / ref, TARGET_VS_CPYTHON), faster(uv / ref, TARGET_VS_UVLOOP),
                    drain ? slower(ref / floor, TARGET_VS_FLOOR) : "");
        }
        double distinct = reference.getOrDefault("dequeOfDistinctCallbacks", Double.NaN);
        System.out.printf("%-14s %10s %14s %14s %10s   %-18s %-18s %s%n", "  (distinct)", "", "", "",
                ns(distinct), "", "", slower(reference.getOrDefault("batch", Double.NaN) / distinct, TARGET_VS_FLOOR)
                        + " against a deque of one object per callback");
        System.out.println();
        System.out.println("cpython: " + cpython.label);
        System.out.println("uvloop:  " + uvloop.label);
    }

    private static Map<String, Double> jmh(boolean quick) throws RunnerException {
        ChainedOptionsBuilder options = new OptionsBuilder()
                .include(LoopBenchmarks.class.getName() + "\\.")
                .timeUnit(TimeUnit.NANOSECONDS);
        if (quick) {
            options.warmupIterations(2).measurementIterations(3)
                    .warmupTime(TimeValue.seconds(1)).measurementTime(TimeValue.seconds(1));
        }
        Map<String, Double> figures = new LinkedHashMap<>();
        for (RunResult result : new Runner(options.build()).run()) {
            String label = result.getParams().getBenchmark();
            // the median of the measurement iterations, as loop_workloads.py reports the median of its
            // runs: on a shared machine the mean carries every iteration another process slowed down
            figures.put(label.substring(label.lastIndexOf('.') + 1),
                    result.getPrimaryResult().getStatistics().getPercentile(50));
        }
        return figures;
    }

    /** A Python column: the interpreter's label, or why it is empty, and the figures. */
    private record Column(String label, Map<String, Double> figures) {}

    private static Column python(String python, String loop, Path script, boolean quick) {
        if (python == null) {
            return new Column("not measured: no interpreter given", Map.of());
        }
        List<String> command = new ArrayList<>(List.of(python, script.toString(), "--loop", loop, "--json",
                "--repeat", quick ? "1" : "5"));
        System.out.println("running " + String.join(" ", command));
        try {
            Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(10, TimeUnit.MINUTES) || process.exitValue() != 0) {
                process.destroyForcibly();
                return new Column("not measured: " + python + " failed (see above)", Map.of());
            }
            return parse(out);
        } catch (IOException e) {
            return new Column("not measured: cannot run " + python + ": " + e.getMessage(), Map.of());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Column("not measured: interrupted", Map.of());
        }
    }

    /** Reads the one JSON line loop_workloads.py prints; flat enough for a pattern, so no JSON library. */
    static Column parse(String json) {
        Matcher label = Pattern.compile("\"implementation\":\\s*\"([^\"]*)\"").matcher(json);
        Map<String, Double> figures = new LinkedHashMap<>();
        Matcher figure = Pattern.compile("\"(\\w+)\":\\s*([0-9.eE+-]+)").matcher(json);
        while (figure.find()) {
            figures.put(figure.group(1), Double.parseDouble(figure.group(2)));
        }
        return new Column(label.find() ? label.group(1) : "?", figures);
    }

    private static String ns(double value) {
        return Double.isNaN(value) ? "-" : String.format("%.1f", value);
    }

    private static String faster(double ratio, double target) {
        return Double.isNaN(ratio) ? "-" : String.format("%.1fx %s", ratio, ratio >= target ? "ok" : "MISSED");
    }

    private static String slower(double ratio, double target) {
        return Double.isNaN(ratio) ? "-" : String.format("%.1fx %s", ratio, ratio <= target ? "ok" : "MISSED");
    }
}
