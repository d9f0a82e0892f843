package org.asynciotck.process;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.asynciotck.spi.Operation;

/**
 * How much the process boundary costs: the median round trip of a few cheap operations through
 * {@link ProcessImplementation}, next to the median time the agent itself needs for them (the
 * protocol's optional {@code benchmark} request). Measures only; the command line prints.
 */
public final class ProcessOverhead {

    /** The most round trips one measurement may ask for: the agent's own bound on a benchmark request. */
    public static final int MAX_REPEAT = Request.MAX_BENCHMARK_REPEAT;

    /** One operation's figures, in seconds. */
    public record Figure(String operation, double roundTrip, double inAgent) {

        public double ratio() {
            return inAgent > 0 ? roundTrip / inAgent : Double.NaN;
        }
    }

    /** The implementation's id and the figures of each operation measured. */
    public record Measurement(String implementation, int repeat, List<Figure> figures) {}

    private ProcessOverhead() {}

    public static Measurement measure(AgentCommand command, int repeat) {
        if (repeat < 1 || repeat > MAX_REPEAT) {
            throw new IllegalArgumentException("repeat must be from 1 to " + MAX_REPEAT + ", got " + repeat);
        }
        try (ProcessImplementation implementation = new ProcessImplementation(command);
                ProcessSession session = (ProcessSession) implementation.openSession()) {
            session.perform(new Operation.CreateFuture("f"));
            List<Operation> operations = List.of(
                    new Operation.FutureDone("f"),
                    new Operation.CallSoon("tick", List.of(), null),
                    new Operation.CurrentTask());
            List<Figure> figures = new ArrayList<>();
            for (Operation operation : operations) {
                figures.add(new Figure(operation.wireName(), median(roundTrips(session, operation, repeat)),
                        median(session.benchmark(operation, repeat))));
            }
            return new Measurement(implementation.info().id(), repeat, figures);
        }
    }

    private static List<Double> roundTrips(ProcessSession session, Operation operation, int repeat) {
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

    /** The median of {@code values}, NaN for none; the figure every benchmark of the kit prints. */
    public static double median(List<Double> values) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int mid = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(mid) : (sorted.get(mid - 1) + sorted.get(mid)) / 2;
    }
}
