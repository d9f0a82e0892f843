package org.asynciotck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import org.asynciotck.explore.ExplorationReport;
import org.asynciotck.explore.Explorer;
import org.asynciotck.process.AgentCommand;
import org.asynciotck.process.ImplementationUnavailable;
import org.asynciotck.process.ProcessImplementation;
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
                + "Python script for each. Exit 0: no divergence; 1: divergences found.")
final class ExploreCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--impl", paramLabel = "reference|python", description = "what to explore (default: reference,"
            + " or python when --python or --venv is given)")
    private String impl;

    /** --python, --venv, --loop-factory, --python-path, --variant: the kit's Python agent, as for 'run'. */
    @Mixin
    private PythonAgentOptions agent = new PythonAgentOptions();

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "the same seed gives the same "
            + "programs and verdicts (default: 1)")
    private long seed;

    @Option(names = "--programs", paramLabel = "N", defaultValue = "500", description = "how many (default: 500)")
    private int programs;

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
        String kind = impl != null ? impl : agent.python != null || agent.venv != null ? "python" : "reference";
        if (programs < 1) {
            err.println("asyncio-tck explore: --programs must be at least 1, got " + programs);
            return ExitCode.USAGE;
        }
        if (!kind.equals("reference") && !kind.equals("python")) {
            err.println("asyncio-tck explore: --impl must be reference or python, got '" + kind + "'");
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
        LoopImplementation underTest;
        try {
            underTest = kind.equals("reference") ? new ReferenceImplementation() : agent();
        } catch (ImplementationUnavailable | ImplementationFailure e) {
            err.println("asyncio-tck explore: the implementation could not be started: " + e.getMessage());
            return ExitCode.IMPLEMENTATION_NOT_STARTED;
        } catch (IllegalArgumentException e) {
            err.println("asyncio-tck explore: " + e.getMessage());
            return ExitCode.USAGE;
        }
        try (LoopImplementation reference = new ReferenceImplementation(); LoopImplementation tested = underTest) {
            String id = tested.info().id() + "-" + tested.info().version();
            Path folder = outFolder != null ? outFolder : reportsRoot.resolve("explore").resolve(ReportFolders.name(id));
            String replay = replayCommand();
            err.println("exploring " + tested.info().name() + " " + tested.info().version() + ": " + programs
                    + " programs, seed " + seed);
            Explorer.Result result = new Explorer(reference, tested, Explorer.Settings.of(seed, programs)).run(i -> {
                if ((i + 1) % 100 == 0) {
                    err.println("  " + (i + 1) + " programs");
                    err.flush();
                }
            });
            Path json = ExplorationReport.write(result, tested.info(), replay, folder);
            out.printf("%d programs (%d operations), seed %d: %s%n", result.programs(), result.operations(), seed,
                    result.groups().isEmpty() ? "no divergence" : result.groups().size() + " divergence group(s)");
            for (Explorer.Group g : result.groups()) {
                out.printf("  %s x%d [%s] %s; shrunk to %d steps%n", g.signature(), g.count(),
                        g.minimalDivergence().ruleId() == null ? "no rule" : g.minimalDivergence().ruleId(),
                        g.minimalDivergence().guarantee(), g.minimal().size());
            }
            out.printf("benchmark: %.1f programs/s overall; reference loop %.1f programs/s, %s %.1f programs/s"
                    + " (measured side by side in this run)%n", result.programsPerSecond(),
                    result.referenceSeconds() <= 0 ? 0 : result.programs() / result.referenceSeconds(),
                    tested.info().name() + " " + tested.info().version(),
                    result.implementationSeconds() <= 0 ? 0 : result.programs() / result.implementationSeconds());
            out.println("report: " + json);
            out.println("replay: " + replay);
            return result.groups().isEmpty() ? ExitCode.CONFORMANT : ExitCode.NOT_CONFORMANT;
        }
    }

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

    private String replayCommand() {
        StringBuilder c = new StringBuilder("asyncio-tck explore");
        if (agent.venv != null) {
            c.append(" --venv ").append(agent.venv);
        } else if (agent.python != null) {
            c.append(" --python ").append(agent.python);
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
        return c.append(" --seed ").append(seed).append(" --programs ").append(programs).toString();
    }
}
