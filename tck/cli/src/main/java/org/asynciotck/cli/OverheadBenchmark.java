package org.asynciotck.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.asynciotck.process.AgentCommand;
import org.asynciotck.process.ImplementationUnavailable;
import org.asynciotck.process.ProcessOverhead;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Prints how much the process boundary costs ({@link ProcessOverhead}): the median round trip of a
 * few cheap operations next to the median time the agent itself needs for them, and their ratio.
 */
@Command(name = "overhead-benchmark", mixinStandardHelpOptions = true,
        description = "Measures the per-operation cost of driving a loop through the agent protocol.")
public final class OverheadBenchmark implements Callable<Integer> {

    @Parameters(index = "0", description = "the Python interpreter to run the agent with")
    private Path python;

    @Option(names = "--loop", description = "the loop the agent drives, e.g. asyncio or uvloop")
    private String loop;

    @Option(names = "--variant", description = "CPython Task/Future variant: c or py")
    private String variant;

    @Option(names = "--python-path", description = "extra module directory for the agent (repeatable)")
    private List<Path> pythonPath = new ArrayList<>();

    @Option(names = "--agent-script", description = "run this agent script instead of the bundled one")
    private Path agentScript;

    @Option(names = "--repeat", defaultValue = "2000", description = "round trips per operation (default: ${DEFAULT-VALUE})")
    private int repeat;

    public static void main(String[] args) {
        System.exit(new CommandLine(new OverheadBenchmark()).execute(args));
    }

    @Override
    public Integer call() {
        if (repeat < 1 || repeat > ProcessOverhead.MAX_REPEAT) {
            throw new CommandLine.ParameterException(new CommandLine(this), "--repeat must be from 1 to "
                    + ProcessOverhead.MAX_REPEAT + ", got " + repeat);
        }
        AgentCommand.Builder command = AgentCommand.python(python);
        if (loop != null) {
            command.loop(loop);
        }
        if (variant != null) {
            command.variant(variant);
        }
        pythonPath.forEach(command::pythonPath);
        if (agentScript != null) {
            command.agentScript(agentScript);
        }
        try {
            print(ProcessOverhead.measure(command.build(), repeat));
            return 0;
        } catch (ImplementationUnavailable e) {
            System.err.println("cannot benchmark: " + e.getMessage());
            return 2;
        }
    }

    private static void print(ProcessOverhead.Measurement measurement) {
        System.out.println(measurement.implementation() + ", " + measurement.repeat() + " runs each");
        System.out.printf("%-14s %18s %18s %10s%n", "operation", "round trip (µs)", "in agent (µs)", "ratio");
        for (ProcessOverhead.Figure figure : measurement.figures()) {
            System.out.printf("%-14s %18.2f %18.2f %9.1fx%n", figure.operation(),
                    figure.roundTrip() * 1e6, figure.inAgent() * 1e6, figure.ratio());
        }
    }
}
