package org.asynciotck.explore;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.function.Consumer;
import java.util.function.Supplier;
import net.jqwik.api.RandomGenerator;
import net.jqwik.api.Shrinkable;
import net.jqwik.engine.execution.lifecycle.CurrentTestDescriptor;
import org.asynciotck.spi.LoopImplementation;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.EngineDescriptor;

/**
 * Differential exploration: generates programs from a seed (jqwik), runs each on the reference loop and on
 * the implementation under test, compares the traces under {@link Model}, and shrinks the first divergence
 * of each signature with jqwik's integrated shrinking (the candidates {@link Shrinkable#shrink()} proposes,
 * taken while they still diverge the same way).
 */
public final class Explorer {

    /** The generator's size parameter (jqwik's "genSize"). */
    private static final int GEN_SIZE = 1000;

    /**
     * @param seed         the same seed gives the same programs (program i from seed and i alone)
     * @param programs     how many programs
     * @param minChoices   fewest choices of a sketch
     * @param maxChoices   most choices of a sketch
     * @param shrinkBudget most program runs spent shrinking one divergence
     * @param stopAtFirst  whether to stop at the first divergence (a budgeted search for one)
     */
    public record Settings(long seed, int programs, int minChoices, int maxChoices, int shrinkBudget,
            boolean stopAtFirst) {
        public static Settings of(long seed, int programs) {
            return new Settings(seed, programs, 9, 22, 600, false);
        }

        /** The same, stopping at the first divergence. */
        public Settings stoppingAtFirst() {
            return new Settings(seed, programs, minChoices, maxChoices, shrinkBudget, true);
        }
    }

    /** All programs whose divergence had one signature, with the first one shrunk. */
    public record Group(String signature, Divergence divergence, int count, int firstProgram, Program original,
            Program minimal, Divergence minimalDivergence, Trace expected, Trace observed, int shrinkRuns) {}

    /** What an exploration found, and how fast it ran. */
    public record Result(long seed, int programs, long operations, List<Group> groups, double seconds,
            double referenceSeconds, double implementationSeconds) {
        public double programsPerSecond() {
            return seconds <= 0 ? 0 : programs / seconds;
        }
    }

    private final LoopImplementation reference;
    private final LoopImplementation implementation;
    private final Settings settings;
    private long referenceNanos;
    private long implementationNanos;

    public Explorer(LoopImplementation reference, LoopImplementation implementation, Settings settings) {
        this.reference = reference;
        this.implementation = implementation;
        this.settings = settings;
    }

    /** The random source of program {@code index} of a run with {@code seed}. */
    public static Random randomOf(long seed, int index) {
        return new Random(seed * 1_000_003L + index);
    }

    /** The sketch generator of these settings. */
    public RandomGenerator<Sketch> generator() {
        return Sketch.sketches(settings.minChoices(), settings.maxChoices()).generator(GEN_SIZE);
    }

    /** Program {@code index} of {@code seed}. */
    public Program program(int index) {
        return inJqwik(() -> Program.of(generator().next(randomOf(settings.seed(), index)).value()));
    }

    /**
     * jqwik's generators memoise in a store that belongs to the test being run; outside a property there is
     * none, so the exploration runs inside a descriptor of its own (as jqwik's own {@code sampleStream()} does).
     */
    private static final TestDescriptor EXPLORATION =
            new EngineDescriptor(UniqueId.forEngine("asyncio-tck-explore"), "differential exploration");

    /** Runs {@code action} where jqwik's generators and shrinkables can be used outside a property. */
    public static <T> T inJqwik(Supplier<T> action) {
        return CurrentTestDescriptor.runWithDescriptor(EXPLORATION, action);
    }

    /** Runs the exploration; {@code progress} hears of each program done (its index). */
    public Result run(Consumer<Integer> progress) {
        return inJqwik(() -> explore(progress));
    }

    private Result explore(Consumer<Integer> progress) {
        long start = System.nanoTime();
        RandomGenerator<Sketch> generator = generator();
        Map<String, Group> groups = new LinkedHashMap<>();
        Map<String, Integer> counts = new LinkedHashMap<>();
        long operations = 0;
        int done = 0;
        for (int i = 0; i < settings.programs() && !(settings.stopAtFirst() && !groups.isEmpty()); i++) {
            done++;
            Shrinkable<Sketch> sketch = generator.next(randomOf(settings.seed(), i));
            Program program = Program.of(sketch.value());
            operations += program.size();
            Trace expected = onReference(program);
            Trace observed = onImplementation(program);
            Optional<Divergence> divergence = Model.compare(program, expected, observed);
            if (divergence.isPresent()) {
                String signature = divergence.get().signature();
                counts.merge(signature, 1, Integer::sum);
                if (!groups.containsKey(signature)) {
                    groups.put(signature, shrink(i, sketch, program, divergence.get(), expected, observed));
                }
            }
            progress.accept(i);
        }
        List<Group> found = new ArrayList<>();
        for (Group g : groups.values()) {
            found.add(new Group(g.signature(), g.divergence(), counts.get(g.signature()), g.firstProgram(), g.original(),
                    g.minimal(), g.minimalDivergence(), g.expected(), g.observed(), g.shrinkRuns()));
        }
        return new Result(settings.seed(), done, operations, found, (System.nanoTime() - start) / 1e9,
                referenceNanos / 1e9, implementationNanos / 1e9);
    }

    private Trace onReference(Program program) {
        long t = System.nanoTime();
        try {
            return Trace.of(reference, program);
        } finally {
            referenceNanos += System.nanoTime() - t;
        }
    }

    private Trace onImplementation(Program program) {
        long t = System.nanoTime();
        try {
            return Trace.of(implementation, program);
        } finally {
            implementationNanos += System.nanoTime() - t;
        }
    }

    /** Takes jqwik's shrink candidates, first come first taken, while they diverge with the same signature. */
    private Group shrink(int index, Shrinkable<Sketch> start, Program original, Divergence divergence, Trace expected,
            Trace observed) {
        Shrinkable<Sketch> current = start;
        Program minimal = original;
        Divergence minimalDivergence = divergence;
        Trace minimalExpected = expected;
        Trace minimalObserved = observed;
        int runs = 0;
        boolean improved = true;
        while (improved && runs < settings.shrinkBudget()) {
            improved = false;
            var candidates = current.shrink().iterator();
            while (candidates.hasNext() && runs < settings.shrinkBudget()) {
                Shrinkable<Sketch> candidate = candidates.next();
                Program program = Program.of(candidate.value());
                if (program.size() > minimal.size()) {
                    continue;
                }
                runs++;
                Trace e = onReference(program);
                Trace o = onImplementation(program);
                Optional<Divergence> d = Model.compare(program, e, o);
                if (d.isPresent() && d.get().signature().equals(divergence.signature())) {
                    current = candidate;
                    minimal = program;
                    minimalDivergence = d.get();
                    minimalExpected = e;
                    minimalObserved = o;
                    improved = true;
                    break;
                }
            }
        }
        return new Group(divergence.signature(), divergence, 1, index, original, minimal, minimalDivergence,
                minimalExpected, minimalObserved, runs);
    }
}
