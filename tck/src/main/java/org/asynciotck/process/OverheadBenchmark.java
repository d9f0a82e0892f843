package org.asynciotck.process;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;
import org.asynciotck.spi.Operation;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * How much the process boundary costs: the median round trip of a few cheap operations through
 * {@link ProcessImplementation}, next to the median time the agent itself needs for them (the
 * protocol's optional {@code benchmark} request), and their ratio.
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
        if (repeat < 1 || repeat > Request.MAX_BENCHMARK_REPEAT) {
            throw new CommandLine.ParameterException(new CommandLine(this), "--repeat must be from 1 to "
                    + Request.MAX_BENCHMARK_REPEAT + ", got " + repeat);
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
            run(command.build());
            return 0;
        } catch (ImplementationUnavailable e) {
            System.err.println("cannot benchmark: " + e.getMessage());
            return 2;
        }
    }

    private void run(AgentCommand command) {
        try (ProcessImplementation implementation = new ProcessImplementation(command);
                ProcessSession session = (ProcessSession) implementation.openSession()) {
            System.out.println(implementation.info().id() + ", " + repeat + " runs each");
            System.out.printf("%-14s %18s %18s %10s%n", "operation", "round trip (µs)", "in agent (µs)", "ratio");
            session.perform(new Operation.CreateFuture("f"));
            List<Operation> operations = List.of(
                    new Operation.FutureDone("f"),
                    new Operation.CallSoon("tick", List.of(), null),
                    new Operation.CurrentTask());
            for (Operation operation : operations) {
                double roundTrip = median(roundTrips(session, operation));
                double inAgent = median(session.benchmark(operation, repeat));
                System.out.printf("%-14s %18.2f %18.2f %9.1fx%n", operation.wireName(),
                        roundTrip * 1e6, inAgent * 1e6, inAgent > 0 ? roundTrip / inAgent : Double.NaN);
            }
        }
    }

    private List<Double> roundTrips(ProcessSession session, Operation operation) {
        for (int i = 0; i < Math.min(repeat, 200); i++) {
            session.perform(operation); // warm up the JIT and the agent
        }
        List<Double> seconds = new ArrayList<>(repeat);
        for (int i = 0; i < repeat; i++) {
            long start = System.nanoTime();
            session.perform(operation);
            seconds.add((System.nanoTime() - start) / 1e9);
        }
        return seconds;
    }

    static double median(List<Double> values) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int mid = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(mid) : (sorted.get(mid - 1) + sorted.get(mid)) / 2;
    }
}
