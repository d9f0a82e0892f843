package org.asynciotck.explore;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.asynciotck.spi.ApiLevel;
import org.asynciotck.spi.Capability;
import org.asynciotck.spi.ImplementationInfo;
import org.asynciotck.spi.LoopImplementation;
import org.asynciotck.spi.OperationUnsupported;
import org.asynciotck.spi.Profile;

/**
 * Differential exploration: generates programs from a seed ({@link SketchGenerator}), runs each on the reference
 * loop and on the implementation under test, compares the traces under {@link Model}, and shrinks the first
 * divergence of each signature over its sketch's choices (the candidates {@link SketchShrinker} proposes, taken
 * while they still diverge the same way).
 */
public final class Explorer {

    /**
     * @param seed         the same seed gives the same programs (program i from seed and i alone)
     * @param programs     how many programs (at most, with a time bound)
     * @param minChoices   fewest choices of a sketch
     * @param maxChoices   most choices of a sketch
     * @param shrinkBudget most program runs spent shrinking one divergence
     * @param stopAtFirst  whether to stop at the first divergence (a budgeted search for one)
     * @param timeLimit    stop generating programs once this much time has passed (null: no bound); the result
     *                     says how many ran, and replaying with that many gives the same verdicts
     */
    public record Settings(long seed, int programs, int minChoices, int maxChoices, int shrinkBudget,
            boolean stopAtFirst, Duration timeLimit, boolean timedRuns) {
        public static Settings of(long seed, int programs) {
            return new Settings(seed, programs, 12, 28, 600, false, null, true);
        }

        /** The same, stopping at the first divergence. */
        public Settings stoppingAtFirst() {
            return new Settings(seed, programs, minChoices, maxChoices, shrinkBudget, true, timeLimit, timedRuns);
        }

        /** The same, spending at most {@code budget} program runs on shrinking one divergence. */
        public Settings shrinkingAtMost(int budget) {
            return new Settings(seed, programs, minChoices, maxChoices, budget, stopAtFirst, timeLimit, timedRuns);
        }

        /** The same, generating no more programs, and shrinking no more, once {@code limit} has passed. */
        public Settings within(Duration limit) {
            return new Settings(seed, programs, minChoices, maxChoices, shrinkBudget, stopAtFirst, limit, timedRuns);
        }

        /**
         * The same without timed runs and cross-thread blocks (a TIMED_RUN or CROSS_THREAD choice adds
         * nothing): every program is then independent of the real clock, so a broken loop gives the same
         * groups on every run, however loaded the machine. (How a broken loop's iterations split two
         * thread-safe calls from another thread depends on timing; a correct loop runs them in order either
         * way, so exploration keeps them.)
         */
        public Settings withoutTimedRuns() {
            return new Settings(seed, programs, minChoices, maxChoices, shrinkBudget, stopAtFirst, timeLimit, false);
        }
    }

    /** One reference loop and one implementation under test that run programs side by side (one job). */
    public record Lane(LoopImplementation reference, LoopImplementation implementation) {}

    /** All programs whose divergence had one signature, with the first one shrunk. */
    public record Group(String signature, Divergence divergence, int count, int firstProgram, Program original,
            Program minimal, Divergence minimalDivergence, Trace expected, Trace observed, int shrinkRuns) {}

    /**
     * What an exploration found, and how fast it ran.
     *
     * @param seconds                wall-clock seconds of the whole exploration, shrinking included
     * @param referenceSeconds       seconds spent running programs on the reference loops (all jobs together)
     * @param implementationSeconds  seconds spent running programs on the implementations (all jobs together)
     * @param jobs                   how many lanes ran side by side
     * @param timedOut               whether the time bound ended the generation
     * @param interrupted            whether {@link #stop()} ended it (Ctrl-C, SIGTERM): the programs that ran
     *                               before are reported, the rest not run, and the report says it is incomplete
     */
    public record Result(long seed, int programs, long operations, List<Group> groups, double seconds,
            double referenceSeconds, double implementationSeconds, int jobs, boolean timedOut,
            Map<String, Integer> declined, boolean interrupted) {
        /**
         * @param declined each operation the implementation declined ({@link OperationUnsupported}), with how
         *                 many programs used it: those were run on the reference loop only and not compared
         */
        public Result {
            declined = Map.copyOf(declined);
        }

        /** A result in which the implementation declined no operation. */
        public Result(long seed, int programs, long operations, List<Group> groups, double seconds,
                double referenceSeconds, double implementationSeconds, int jobs, boolean timedOut) {
            this(seed, programs, operations, groups, seconds, referenceSeconds, implementationSeconds, jobs, timedOut,
                    Map.of(), false);
        }

        /** Whether every program of the budget ran and every group was shrunk as far as its budget allows. */
        public boolean complete() {
            return !timedOut && !interrupted;
        }

        public double programsPerSecond() {
            return seconds <= 0 ? 0 : programs / seconds;
        }
    }

    private final List<Lane> lanes;
    private final Settings settings;
    private final AtomicLong referenceNanos = new AtomicLong();
    /** Set by {@link #stop()}: no program starts after it, and no shrink candidate runs. */
    private final AtomicBoolean stopped = new AtomicBoolean();
    private final AtomicLong implementationNanos = new AtomicLong();
    /** The operations the implementation declined, with how many programs (shrink candidates aside) used each. */
    private final Map<String, Integer> declined = new ConcurrentHashMap<>();

    public Explorer(LoopImplementation reference, LoopImplementation implementation, Settings settings) {
        this(List.of(new Lane(reference, implementation)), settings);
    }

    /** Runs programs on {@code lanes} side by side (--jobs): the same seed gives the same verdicts for any number. */
    public Explorer(List<Lane> lanes, Settings settings) {
        if (lanes.isEmpty()) {
            throw new IllegalArgumentException("an exploration needs at least one lane");
        }
        this.lanes = List.copyOf(lanes);
        this.settings = settings;
    }

    /**
     * Whether programs may make eager tasks: only when the implementation declares API level 3.12 or later
     * and the {@code eager-start} capability (its hello says so; never inferred from how it behaves), and the
     * reference loop follows the same task factory ({@link #sameTaskFactory()}).
     */
    boolean eagerTasks() {
        ImplementationInfo info = lanes.get(0).implementation().info();
        return info.apiLevel().atLeast(ApiLevel.parse("3.12")) && info.capabilities().contains(Capability.EAGER_START)
                && sameTaskFactory();
    }

    /**
     * Whether the reference loop and the implementation follow the same task-factory profile, each as it
     * declares: both the default one, or both {@code eager-task-factory} (the reference loop follows it where
     * the implementation declares it: {@code ReferenceConfig.comparedWith}). Only then are tasks made in a run
     * compared: with the eager task factory they start inside the call that makes them, else they are queued.
     */
    boolean sameTaskFactory() {
        Lane lane = lanes.get(0);
        return lane.implementation().info().profiles().follows(Profile.EAGER_TASK_FACTORY)
                == lane.reference().info().profiles().follows(Profile.EAGER_TASK_FACTORY);
    }

    /**
     * What {@code observed} breaks under {@link Model}; where both sides follow the eager-task-factory profile,
     * a task made in a run that did not start at once is named by EAGER-4 ({@link EagerStarts}).
     */
    private Optional<Divergence> compare(Program program, Trace expected, Trace observed) {
        Optional<Divergence> found = Model.compare(program, expected, observed);
        boolean eagerFactory = sameTaskFactory()
                && lanes.get(0).implementation().info().profiles().follows(Profile.EAGER_TASK_FACTORY);
        return eagerFactory ? EagerStarts.named(program, expected, observed, found) : found;
    }

    /** What the programs of this run may use, from what the implementation declares ({@link Allowed}). */
    Allowed allowed() {
        ImplementationInfo info = lanes.get(0).implementation().info();
        boolean stopIterations = info.apiLevel().atLeast(ApiLevel.parse("3.13"));
        boolean selectTimeouts = info.capabilities().contains(Capability.SELECT_TIMEOUT);
        // CANCEL-7 from 3.11: CPython 3.10 loses a task's cancel(msg) message (errata E-18)
        boolean cancelMessages = info.apiLevel().atLeast(ApiLevel.parse("3.11"));
        boolean readyQueue = info.capabilities().contains(Capability.READY_QUEUE);
        return Allowed.DEFAULT.with(Allowed.Use.EAGER_TASKS, eagerTasks())
                .with(Allowed.Use.TIMED_RUNS, settings.timedRuns()).with(Allowed.Use.STOP_ITERATIONS, stopIterations)
                .with(Allowed.Use.TASKS_IN_RUNS, sameTaskFactory()).with(Allowed.Use.SELECT_TIMEOUTS, selectTimeouts)
                .with(Allowed.Use.CANCEL_MESSAGES, cancelMessages).with(Allowed.Use.READY_QUEUE, readyQueue)
                .with(Allowed.Use.ASYNC_GENERATORS, !info.profiles().follows(Profile.EAGER_TASK_FACTORY))
                .with(Allowed.Use.SHUTDOWN_TIMEOUTS, info.apiLevel().atLeast(ApiLevel.parse("3.12"))) // EXEC-4
                .with(Allowed.Use.THREAD_POOLS_ONLY, info.apiLevel().atLeast(ApiLevel.parse("3.11"))); // EXEC-7, E-23
    }

    /** The sketch generator of these settings. */
    SketchGenerator generator() {
        return new SketchGenerator(settings.minChoices(), settings.maxChoices());
    }

    /** Program {@code index} of {@code seed}. */
    public Program program(int index) {
        return Program.of(generator().sketch(settings.seed(), index), allowed());
    }

    /** Runs the exploration; {@code progress} hears of each program done (its index). */
    public Result run(Consumer<Integer> progress) {
        return explore(progress);
    }

    /** A program and where it came from, handed from the generating thread to a lane. */
    private record Job(int index, Program program) {}

    /** What one program did on a lane. */
    private record Ran(int index, Program program, Trace expected, Trace observed, Optional<Divergence> divergence) {}

    /** Marks the end of the jobs for one lane. */
    private static final Job NO_MORE = new Job(-1, null);

    /**
     * Ends the exploration early, from any thread (a signal's): no program or shrink candidate starts after it,
     * the programs running end within their operation bound, and {@link #run} returns a result marked
     * interrupted with what ran before, so that the report is written.
     */
    public void stop() {
        stopped.set(true);
    }

    /** How long a lane waits for its next program before checking again whether the run is over. */
    private static final long POLL_MILLIS = 50;

    /**
     * The exploration: this thread generates the programs (each from the seed and its index alone) and hands
     * them to the lanes, which run them side by side; verdicts are then put back in program order, so which
     * program is "first" of its signature and how many share it do not depend on the number of lanes. The
     * first program of each signature is shrunk afterwards, on the first lane.
     */
    private Result explore(Consumer<Integer> progress) {
        long start = System.nanoTime();
        long deadline = settings.timeLimit() == null ? Long.MAX_VALUE : start + settings.timeLimit().toNanos();
        SketchGenerator generator = generator();
        Allowed allowed = allowed();
        BlockingQueue<Job> jobs = new ArrayBlockingQueue<>(4 * lanes.size());
        Map<Integer, Ran> ran = new ConcurrentHashMap<>();
        AtomicInteger firstDivergent = new AtomicInteger(Integer.MAX_VALUE);
        AtomicInteger finished = new AtomicInteger();
        List<RuntimeException> failures = new CopyOnWriteArrayList<>();
        List<Thread> threads = new ArrayList<>();
        for (int l = 0; l < lanes.size(); l++) {
            Lane lane = lanes.get(l);
            // The reference loop runs a program while the agent runs it: the slower of the two sets the pace.
            ExecutorService beside = Executors.newSingleThreadExecutor(task -> {
                Thread t = new Thread(task, "explore-reference-" + lanes.indexOf(lane));
                t.setDaemon(true);
                return t;
            });
            Thread thread = new Thread(() -> {
                try {
                    while (true) {
                        Job job = jobs.poll(POLL_MILLIS, TimeUnit.MILLISECONDS);
                        if (job == NO_MORE || !failures.isEmpty()) {
                            return;
                        }
                        if (job == null || stopped.get()) {
                            continue; // once stopped, the programs still queued are not run
                        }
                        if (settings.stopAtFirst() && job.index() > firstDivergent.get()) {
                            continue; // a later program than a divergence already found: not needed
                        }
                        Future<Trace> onReference = beside.submit(() -> onReference(lane, job.program()));
                        Trace observed = onImplementation(lane, job.program());
                        Trace expected = result(onReference);
                        Optional<Divergence> divergence = observed == null ? Optional.empty()
                                : compare(job.program(), expected, observed);
                        if (divergence.isPresent()) {
                            firstDivergent.accumulateAndGet(job.index(), Math::min);
                        }
                        ran.put(job.index(), new Ran(job.index(), job.program(), expected, observed, divergence));
                        progress.accept(finished.getAndIncrement());
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (RuntimeException e) {
                    failures.add(e);
                } catch (Error e) {
                    // a lane that dies silently would leave the generator offering programs to no one
                    failures.add(new IllegalStateException("an exploration lane failed: " + e, e));
                } finally {
                    beside.shutdownNow();
                }
            }, "explore-lane-" + (l + 1));
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
        int generated = 0;
        boolean timedOut = false;
        try {
            for (int i = 0; i < settings.programs(); i++) {
                if (settings.stopAtFirst() && i > firstDivergent.get() || !failures.isEmpty()) {
                    break;
                }
                if (System.nanoTime() >= deadline) {
                    timedOut = true;
                    break;
                }
                if (stopped.get()) {
                    break;
                }
                Program program = Program.of(generator.sketch(settings.seed(), i), allowed);
                while (!jobs.offer(new Job(i, program), POLL_MILLIS, TimeUnit.MILLISECONDS)) {
                    if (!failures.isEmpty()) {
                        break;
                    }
                }
                generated = i + 1;
            }
            for (Thread ignored : threads) {
                while (!jobs.offer(NO_MORE, POLL_MILLIS, TimeUnit.MILLISECONDS) && failures.isEmpty()) {
                    // a lane is still busy; every lane takes one NO_MORE
                }
            }
            for (Thread thread : threads) {
                thread.join();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("exploration interrupted", e);
        }
        if (!failures.isEmpty()) {
            throw failures.get(0);
        }
        int last = settings.stopAtFirst() && firstDivergent.get() != Integer.MAX_VALUE
                ? Math.min(generated, firstDivergent.get() + 1) : generated;
        boolean interrupted = stopped.get();
        if (interrupted) {
            // the programs that ran before the stop, in order: a program skipped once stopped ends the count
            int ranInOrder = 0;
            while (ranInOrder < last && ran.containsKey(ranInOrder)) {
                ranInOrder++;
            }
            last = ranInOrder;
        }
        Map<String, Ran> firstOf = new LinkedHashMap<>();
        Map<String, Integer> counts = new LinkedHashMap<>();
        long operations = 0;
        for (int i = 0; i < last; i++) {
            Ran r = ran.get(i);
            operations += r.program().size();
            if (r.divergence().isPresent()) {
                String signature = r.divergence().get().signature();
                counts.merge(signature, 1, Integer::sum);
                firstOf.putIfAbsent(signature, r);
            }
        }
        List<Group> found = new ArrayList<>();
        for (Ran r : firstOf.values()) {
            Sketch sketch = generator.sketch(settings.seed(), r.index());
            Group g = shrink(lanes.get(0), r.index(), sketch, r.program(), r.divergence().get(), r.expected(),
                    r.observed(), deadline);
            found.add(new Group(g.signature(), g.divergence(), counts.get(g.signature()), g.firstProgram(), g.original(),
                    g.minimal(), g.minimalDivergence(), g.expected(), g.observed(), g.shrinkRuns()));
        }
        return new Result(settings.seed(), last, operations, found, (System.nanoTime() - start) / 1e9,
                referenceNanos.get() / 1e9, implementationNanos.get() / 1e9, lanes.size(), timedOut,
                new TreeMap<>(declined), interrupted || stopped.get());
    }

    /** What the reference loop's thread gave; it is bounded by the reference's own operation bound. */
    private static Trace result(Future<Trace> trace) throws InterruptedException {
        try {
            return trace.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
    }

    private Trace onReference(Lane lane, Program program) {
        long t = System.nanoTime();
        try {
            return Trace.of(lane.reference(), program);
        } finally {
            referenceNanos.addAndGet(System.nanoTime() - t);
        }
    }

    private Trace onImplementation(Lane lane, Program program) {
        return onImplementation(lane, program, true);
    }

    /**
     * The program's trace on the implementation, or null where it declines one of the program's operations
     * (an optional method a Java loop leaves out, an operation an agent does not answer): a declared
     * limit, not a divergence, counted in the result when {@code counted}.
     */
    private Trace onImplementation(Lane lane, Program program, boolean counted) {
        long t = System.nanoTime();
        try {
            return Trace.of(lane.implementation(), program);
        } catch (OperationUnsupported unsupported) {
            if (counted) {
                declined.merge(unsupported.operation(), 1, Integer::sum);
            }
            return null;
        } finally {
            implementationNanos.addAndGet(System.nanoTime() - t);
        }
    }

    /**
     * Shrink candidates of a group whose programs did not complete (a hang costs each candidate the agent's
     * operation bound, 10 s by default): enough to drop what is plainly not needed, few enough that a loop that
     * hangs costs minutes of shrinking at most, never the report.
     */
    static final int FAILURE_SHRINK_RUNS = 12;

    /** What a divergent program did: the smallest one so far while shrinking. */
    private record Diverged(Program program, Divergence divergence, Trace expected, Trace observed) {}

    /**
     * Takes the shrinker's candidates, first come first taken, while they diverge with the same signature. A
     * candidate whose program is bigger than the smallest one so far is not run; one whose program is that one
     * again is taken without a run (its sketch is smaller), and one whose program already ran without the
     * divergence is not run again. Past {@code deadline} (the exploration's time bound, System.nanoTime()) no
     * candidate runs: the group keeps the smallest program found so far.
     */
    private Group shrink(Lane lane, int index, Sketch start, Program original, Divergence divergence, Trace expected,
            Trace observed, long deadline) {
        Allowed allowed = allowed();
        Set<Program> rejected = new HashSet<>();
        Diverged first = new Diverged(original, divergence, expected, observed);
        int budget = divergence.signature().startsWith(Model.FAILURE_SIGNATURE)
                ? Math.min(settings.shrinkBudget(), FAILURE_SHRINK_RUNS) : settings.shrinkBudget();
        SketchShrinker.Shrunk<Diverged> shrunk = SketchShrinker.shrink(start, first, budget,
                candidate -> Program.of(candidate, allowed).size(), (candidate, smallest) -> {
                    Program program = Program.of(candidate, allowed);
                    if (program.equals(smallest.program())) {
                        return SketchShrinker.Attempt.kept(smallest, false);
                    }
                    if (program.size() > smallest.program().size() || rejected.contains(program)) {
                        return SketchShrinker.Attempt.skipped();
                    }
                    if (System.nanoTime() >= deadline || stopped.get()) {
                        return SketchShrinker.Attempt.skipped(); // the time bound covers shrinking too
                    }
                    Trace e = onReference(lane, program);
                    Trace o = onImplementation(lane, program, false);
                    Optional<Divergence> d = o == null ? Optional.empty() : compare(program, e, o);
                    if (d.isPresent() && d.get().signature().equals(divergence.signature())) {
                        return SketchShrinker.Attempt.kept(new Diverged(program, d.get(), e, o), true);
                    }
                    rejected.add(program);
                    return SketchShrinker.Attempt.rejected();
                });
        Diverged minimal = shrunk.value();
        return new Group(divergence.signature(), divergence, 1, index, original, minimal.program(),
                minimal.divergence(), minimal.expected(), minimal.observed(), shrunk.runs());
    }
}
