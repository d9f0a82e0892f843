package org.asynciotck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.asynciotck.explore.ExplorationReport;
import org.asynciotck.explore.Explorer;
import org.asynciotck.process.AgentCommand;
import org.asynciotck.process.Durations;
import org.asynciotck.process.ImplementationUnavailable;
import org.asynciotck.process.ProcessImplementation;
import org.asynciotck.reference.ReferenceConfig;
import org.asynciotck.reference.ReferenceImplementation;
import org.asynciotck.spi.ImplementationFailure;
import org.asynciotck.spi.LoopImplementation;
import org.asynciotck.untrusted.ReportFolders;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code asyncio-tck explore}: differential exploration (tck/explore, docs/exploration.md). Exit codes as
 * everywhere: 0 no divergence, 1 divergences found, 2 usage, 3 the implementation could not be started,
 * 4 the kit failed.
 */
@Command(name = "explore", mixinStandardHelpOptions = true,
        description = "Generates programs from a seed, runs each on the reference loop and on the implementation "
                + "under test (one agent process for all), compares what they did under what asyncio guarantees "
                + "(docs/exploration.md), shrinks each divergence and writes exploration.json, a scenario and a "
                + "Python script for each. Exit 0: no divergence; 1: divergences found, or interrupted (the report of"
                + " what ran is written).")
final class ExploreCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--impl", paramLabel = "KIND", description = "reference, python, java or process: what to"
            + " explore (default: reference, or python when --python or --venv is given)")
    private String impl;

    @Mixin
    private PythonAgentOptions.ProcessCommand process = new PythonAgentOptions.ProcessCommand();

    @Option(names = "--class", paramLabel = "NAME",
            description = "java: the loop's org.asynciotck.java.JavaLoopProvider (default: the one its jar registers)")
    private String javaClass;

    @Option(names = "--java-id", paramLabel = "ID", description = "java: the id of the registered provider to run")
    private String javaId;

    @Option(names = "--class-path", paramLabel = "PATH", split = "${sys:path.separator}",
            description = "java: the jars and class folders of the loop (the kit carries its Java module); repeatable")
    private List<Path> classPath = new ArrayList<>();

    /** What starts a Java loop or an agent of the user's (--impl java, --impl process). */
    private final ImplementationFactory factory = ImplementationFactory.standard();

    /** --python, --venv, --loop-factory, --python-path, --variant: the kit's Python agent, as for 'run'. */
    @Mixin
    private PythonAgentOptions agent = new PythonAgentOptions();

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "the same seed gives the same "
            + "programs and verdicts (default: 1)")
    private long seed;

    @Option(names = "--programs", paramLabel = "N", defaultValue = "500", description = "how many (default: 500)")
    private int programs;

    @Option(names = "--jobs", paramLabel = "N", defaultValue = "1", description = "how many agents run programs side by"
            + " side, each with a reference loop of its own; the same seed gives the same programs and verdicts for any"
            + " N (default: 1)")
    private int jobs;

    @Option(names = "--time", paramLabel = "DURATION", converter = DurationConverter.class, description = "stop "
            + "generating programs after this long (e.g. 30s, 5m); the report says how many ran")
    private Duration time;

    @Option(names = "--benchmark", description = "measure instead: the same programs against the reference loop alone"
            + " and against the implementation (default: --python 3.12.1), side by side in one run, as programs/s and"
            + " their ratio; writes no report")
    private boolean benchmark;

    @Option(names = "--out", paramLabel = "DIR", description = "report folder (default: reports/explore/<id>/)")
    private Path outFolder;

    @Mixin
    private PythonAgentOptions.Timeout bound = new PythonAgentOptions.Timeout();

    /** The bound on one exchange with the agent when --timeout is not given. */
    private static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

    private final Path reportsRoot;

    ExploreCommand(Path reportsRoot) {
        this.reportsRoot = reportsRoot;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter out = spec.commandLine().getOut();
        if (benchmark && impl == null && agent.python == null && agent.venv == null) {
            agent.python = "3.12.1";
        }
        String kind = impl != null ? impl : agent.python != null || agent.venv != null ? "python" : "reference";
        if (programs < 1) {
            err.println("asyncio-tck explore: --programs must be at least 1, got " + programs);
            return ExitCode.USAGE;
        }
        if (jobs < 1 || jobs > MAX_JOBS) {
            err.println("asyncio-tck explore: --jobs must be from 1 to " + MAX_JOBS + ", got " + jobs);
            return ExitCode.USAGE;
        }
        if (!List.of(ImplementationOptions.REFERENCE, ImplementationOptions.PYTHON, ImplementationOptions.JAVA,
                ImplementationOptions.PROCESS).contains(kind)) {
            err.println("asyncio-tck explore: --impl must be reference, python, java or process, got '" + kind + "'");
            return ExitCode.USAGE;
        }
        ImplementationOptions chosen;
        try {
            chosen = agent.implementation(kind, process.command, bound.timeout,
                    new ImplementationOptions.JavaLoopChoice(javaClass, javaId, classPath)).validate();
        } catch (IllegalArgumentException e) {
            err.println("asyncio-tck explore: " + e.getMessage());
            return ExitCode.USAGE;
        }
        if (kind.equals("python") && agent.python == null && agent.venv == null) {
            err.println("asyncio-tck explore: --impl python needs --python VERSION|PATH or --venv DIR");
            return ExitCode.USAGE;
        }
        if (!variant().equals("c") && !variant().equals("py")) {
            err.println("asyncio-tck explore: --variant must be c or py, got '" + variant() + "'");
            return ExitCode.USAGE;
        }
        List<LoopImplementation> opened = new ArrayList<>();
        try {
            List<Explorer.Lane> lanes = new ArrayList<>();
            try {
                for (int j = 0; j < jobs; j++) {
                    LoopImplementation tested = kind.equals("reference") ? new ReferenceImplementation()
                            : kind.equals("python") ? agent() : factory.create(chosen);
                    opened.add(tested);
                    // The reference loop at the API level the implementation declares, so version-gated rules
                    // agree, and with the eager task factory where it declares that profile
                    LoopImplementation reference = new ReferenceImplementation(ReferenceConfig.comparedWith(tested.info()));
                    opened.add(reference);
                    lanes.add(new Explorer.Lane(reference, tested));
                }
            } catch (ImplementationUnavailable | ImplementationFailure | ImplementationFactory.UnavailableException
                    | ImplementationFactory.StartException e) {
                err.println("asyncio-tck explore: the implementation could not be started: " + e.getMessage());
                return ExitCode.IMPLEMENTATION_NOT_STARTED;
            } catch (IllegalArgumentException e) {
                err.println("asyncio-tck explore: " + e.getMessage());
                return ExitCode.USAGE;
            }
            return benchmark ? benchmark(lanes, out, err) : explore(lanes, out, err);
        } finally {
            for (LoopImplementation implementation : opened) {
                implementation.close();
            }
        }
    }

    /** The most agents side by side: each is a process of its own. */
    static final int MAX_JOBS = 32;

    private Explorer.Settings settings() {
        Explorer.Settings settings = Explorer.Settings.of(seed, programs);
        return time == null ? settings : settings.within(time);
    }

    private int explore(List<Explorer.Lane> lanes, PrintWriter out, PrintWriter err) throws IOException {
        LoopImplementation tested = lanes.get(0).implementation();
        String id = tested.info().id() + "-" + tested.info().version();
        Path folder = outFolder != null ? outFolder : reportsRoot.resolve("explore").resolve(ReportFolders.name(id));
        err.println("exploring " + tested.info().name() + " " + tested.info().version() + ": " + programs
                + " programs" + (time == null ? "" : " at most, for at most " + Durations.describe(time)) + ", seed "
                + seed + ", " + jobs + " job(s)");
        Explorer explorer = new Explorer(lanes, settings());
        // Ctrl-C or SIGTERM: the explorer stops, and the exit waits (bounded) until what ran is reported
        CountDownLatch reported = new CountDownLatch(1);
        Explorer.Result result;
        String replay;
        Path json;
        try (InterruptExit.Registration onSignal = InterruptExit.beforeExit(() -> {
            explorer.stop();
            err.println("asyncio-tck explore: interrupted; writing the report of the programs that ran");
            err.flush();
            awaitQuietly(reported, REPORT_ON_SIGNAL);
        })) {
            result = explorer.run(i -> {
                if ((i + 1) % 500 == 0) {
                    err.println("  " + (i + 1) + " programs");
                    err.flush();
                }
            });
            replay = replayCommand(result);
            json = ExplorationReport.write(result, tested.info(), replay, folder);
        } finally {
            reported.countDown();
        }
        out.printf("%d programs (%d operations), seed %d%s: %s%n", result.programs(), result.operations(), seed,
                result.timedOut() ? " (the time bound ended the generation)"
                        : result.interrupted() ? " (interrupted: incomplete)" : "",
                result.groups().isEmpty() ? "no divergence" : result.groups().size() + " divergence group(s)");
        if (!result.declined().isEmpty()) {
            out.printf("not compared: the programs using an operation the loop declines: %s%n", result.declined());
        }
        for (Explorer.Group g : result.groups()) {
            out.printf("  %s x%d [%s] %s; shrunk to %d steps%n", g.signature(), g.count(),
                    g.minimalDivergence().ruleId() == null ? "no rule" : g.minimalDivergence().ruleId(),
                    g.minimalDivergence().guarantee(), g.minimal().size());
        }
        out.printf("benchmark: %.1f programs/s overall with %d job(s); per job, the reference loop %.1f programs/s,"
                + " %s %.1f programs/s (measured side by side in this run)%n", result.programsPerSecond(), jobs,
                result.referenceSeconds() <= 0 ? 0 : result.programs() / result.referenceSeconds(),
                tested.info().name() + " " + tested.info().version(),
                result.implementationSeconds() <= 0 ? 0 : result.programs() / result.implementationSeconds());
        out.println("report: " + json);
        out.println("html: " + json.resolveSibling(ExplorationReport.HTML));
        out.println("replay: " + replay);
        // an interrupted exploration is incomplete: the exit code of an incomplete run, whatever it found
        return result.groups().isEmpty() && !result.interrupted() ? ExitCode.CONFORMANT : ExitCode.NOT_CONFORMANT;
    }

    /**
     * The same programs (same seed) against the reference loop alone (the reference loop on both sides) and
     * against the implementation, one after the other in this run, with the same number of jobs.
     */
    private int benchmark(List<Explorer.Lane> lanes, PrintWriter out, PrintWriter err) {
        LoopImplementation tested = lanes.get(0).implementation();
        List<Explorer.Lane> alone = new ArrayList<>();
        List<ReferenceImplementation> extra = new ArrayList<>();
        try {
            for (Explorer.Lane lane : lanes) {
                ReferenceImplementation second = new ReferenceImplementation(ReferenceConfig.comparedWith(lane.reference().info()));
                extra.add(second);
                alone.add(new Explorer.Lane(lane.reference(), second));
            }
            err.println("benchmark: " + programs + " programs of seed " + seed + ", " + jobs + " job(s)");
            // A short warm-up of both, so neither side pays the JIT's first compilations in its figure.
            Explorer.Settings warmUp = Explorer.Settings.of(seed + 1, Math.min(programs, WARM_UP));
            new Explorer(alone, warmUp).run(i -> {});
            new Explorer(lanes, warmUp).run(i -> {});
            Explorer.Result reference = new Explorer(alone, settings()).run(i -> {});
            Explorer.Result against = new Explorer(lanes, settings()).run(i -> {});
            String name = tested.info().name() + " " + tested.info().version()
                    + (tested.info().id().contains("python") || agent.python != null || agent.venv != null ? " (" + variant() + ")" : "");
            out.printf("benchmark: %d programs of seed %d (%d operations), %d job(s), one run%n", against.programs(),
                    seed, against.operations(), jobs);
            out.printf("  %-40s %8.1f programs/s  (%.2f s)%n", "reference loop alone", reference.programsPerSecond(),
                    reference.seconds());
            out.printf("  %-40s %8.1f programs/s  (%.2f s)%n", "against " + name, against.programsPerSecond(),
                    against.seconds());
            out.printf("  %-40s %8.2f%n", "ratio (against / alone)", reference.programsPerSecond() <= 0 ? 0
                    : against.programsPerSecond() / reference.programsPerSecond());
            out.printf("  divergences: %d group(s) alone, %d group(s) against %s%n", reference.groups().size(),
                    against.groups().size(), name);
            for (Explorer.Result r : List.of(reference, against)) {
                for (Explorer.Group g : r.groups()) {
                    out.printf("    %s x%d, first program %d: %s%n", g.signature(), g.count(), g.firstProgram(),
                            g.divergence().detail());
                }
            }
            return reference.groups().isEmpty() && against.groups().isEmpty() ? ExitCode.CONFORMANT
                    : ExitCode.NOT_CONFORMANT;
        } finally {
            extra.forEach(ReferenceImplementation::close);
        }
    }

    /**
     * How long a signal waits for the report of the programs that ran: the programs running when it came end
     * within the agent's operation bound (10 s by default), and the report is written after them.
     */
    static final Duration REPORT_ON_SIGNAL = Duration.ofSeconds(30);

    private static void awaitQuietly(CountDownLatch latch, Duration bound) {
        try {
            latch.await(bound.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Programs each side runs before it is measured. */
    private static final int WARM_UP = 200;

    private ProcessImplementation agent() {
        Path interpreter = agent.interpreter();
        if (!Files.isExecutable(interpreter)) {
            throw new IllegalArgumentException("no interpreter at " + interpreter);
        }
        Duration timeout = bound.timeout != null ? bound.timeout : DEFAULT_TIMEOUT;
        AgentCommand.Builder command = AgentCommand.python(interpreter).variant(variant()).operationTimeout(timeout)
                .handshakeTimeout(timeout);
        agent.pythonPath.forEach(command::pythonPath);
        if (agent.loopFactory != null) {
            command.loop(agent.loopFactory);
        }
        return new ProcessImplementation(command.build());
    }

    /** CPython's C Task/Future unless --variant says otherwise. */
    private String variant() {
        return agent.variant != null ? agent.variant : "c";
    }

    private String replayCommand(Explorer.Result result) {
        StringBuilder c = new StringBuilder("asyncio-tck explore");
        if (agent.venv != null) {
            c.append(" --venv ").append(agent.venv);
        } else if (agent.python != null) {
            c.append(" --python ").append(agent.python);
        } else if (process.command != null) {
            // the user's command line, in quotes; no control character or quote of it reaches the files it is written to
            c.append(" --impl process --command \"").append(process.command.replaceAll("[\\p{Cntrl}\"]", " ")).append('"');
        } else if (!classPath.isEmpty() || javaClass != null || javaId != null) {
            c.append(" --impl java");
            if (javaClass != null) {
                c.append(" --class ").append(javaClass);
            }
            if (javaId != null) {
                c.append(" --java-id ").append(javaId);
            }
            classPath.forEach(p -> c.append(" --class-path ").append(p));
        } else {
            c.append(" --impl reference");
        }
        if (agent.python != null || agent.venv != null) {
            c.append(" --variant ").append(variant());
        }
        if (agent.loopFactory != null) {
            c.append(" --loop-factory ").append(agent.loopFactory);
        }
        agent.pythonPath.forEach(p -> c.append(" --python-path ").append(p));
        // Cut by the time bound or a signal, the programs that ran: the same seed and that many give the same verdicts.
        return c.append(" --seed ").append(seed).append(" --programs ")
                .append(result.complete() ? programs : result.programs()).toString();
    }
}
