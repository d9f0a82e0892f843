package org.asynciotck.process;

import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.LongSupplier;
import org.asynciotck.spi.Event;
import org.asynciotck.spi.ImplementationFailure;
import org.asynciotck.spi.LoopImplementation;
import org.asynciotck.spi.LoopSession;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.OperationUnsupported;
import org.asynciotck.spi.Outcome;

/**
 * Does an implementation speak the protocol, and which operations does it answer? (Bowtie's
 * {@code smoke}.) A few conversations with known answers, then every operation of the vocabulary
 * once, each in a fresh session where the names it uses exist ({@link #SETUP}), with harmless
 * fields (zero delays, no nested work). No verdict about asyncio's rules: that is {@code run}'s job. Every exchange is bounded
 * by the implementation's operation bound, and the whole smoke by {@code bound}: what is left when
 * it has passed is reported as not probed.
 */
public final class Smoke {

    /** How one operation was answered. */
    public enum Answer {
        /** An outcome: a value, nothing, or an error the loop raised (e.g. an unknown name). */
        ANSWERED,
        /** The implementation declared it does not support the operation. */
        UNSUPPORTED,
        /** A protocol_error reply: the agent does not understand an operation of the vocabulary. */
        NOT_UNDERSTOOD,
        /** A crash, a hang past the bound, or a reply the protocol does not allow. */
        FAILED,
        /** The smoke's overall bound passed before this operation was tried. */
        NOT_PROBED
    }

    /** One operation of the vocabulary and how it was answered; {@code detail} is the implementation's text. */
    public record Probe(String operation, Answer answer, String detail) {}

    /** One conversation with a known answer. */
    public record Check(String claim, boolean passed, String detail) {}

    /** Everything the smoke found, in order. */
    public record Report(List<Check> checks, List<Probe> probes, Duration took) {
        public Report {
            checks = List.copyOf(checks);
            probes = List.copyOf(probes);
        }

        /** Every check passed and every operation was answered or declared unsupported. */
        public boolean passed() {
            return checks.stream().allMatch(Check::passed)
                    && probes.stream().allMatch(p -> p.answer() == Answer.ANSWERED || p.answer() == Answer.UNSUPPORTED);
        }

        public List<Probe> with(Answer answer) {
            return probes.stream().filter(p -> p.answer() == answer).toList();
        }
    }

    /** The name every probe uses for handles, futures, tasks and sockets. */
    static final String NAME = "smoke";

    /**
     * Made before each probe, so that the names a probe uses exist: a future already done (so
     * run_until_complete and awaits return at once), a done callback on it, a timer handle, a task
     * not yet started and a socket pair. What the implementation does not support is left out.
     */
    private static final List<Operation> SETUP = List.of(
            new Operation.CreateFuture(NAME),
            new Operation.SetResult(NAME, NAME),
            new Operation.AddDoneCallback(NAME, NAME, List.of()),
            new Operation.CallLater(0, NAME, List.of(), NAME),
            new Operation.CreateTask(NAME, NAME, null, Operation.TaskConstruction.values()[0], false),
            new Operation.SocketPair(NAME));

    private final LoopImplementation implementation;
    private final Duration bound;
    private final LongSupplier nanoClock;

    public Smoke(LoopImplementation implementation, Duration bound) {
        this(implementation, bound, System::nanoTime);
    }

    Smoke(LoopImplementation implementation, Duration bound, LongSupplier nanoClock) {
        this.implementation = Objects.requireNonNull(implementation, "implementation");
        this.bound = Durations.requireTimeout(bound, "smoke bound");
        this.nanoClock = nanoClock;
    }

    /** Runs the checks, then probes every operation; never throws for the implementation's trouble. */
    public Report run() {
        long started = nanoClock.getAsLong();
        long deadline = started + bound.toNanos();
        List<Check> checks = List.of(
                check("one iteration runs the callbacks that were ready, in order (call_soon, run_once, recorded)",
                        Smoke::oneIteration),
                check("a future completes with its result (create_future, future_done, set_result, future_result)",
                        Smoke::futureResult),
                check("a name the session does not know is an error outcome, not a protocol error (future_done)",
                        Smoke::unknownName));
        List<Probe> probes = new ArrayList<>();
        for (Operation sample : samples()) {
            if (nanoClock.getAsLong() - deadline >= 0) {
                probes.add(new Probe(sample.wireName(), Answer.NOT_PROBED,
                        "the smoke's bound of " + bound.toSeconds() + " s passed"));
                continue;
            }
            probes.add(probe(sample));
        }
        return new Report(checks, probes, Duration.ofNanos(nanoClock.getAsLong() - started));
    }

    /** A conversation: returns "" when it got the known answer, else what it got instead. */
    @FunctionalInterface
    private interface Conversation {
        String hold(LoopSession session);
    }

    private Check check(String claim, Conversation conversation) {
        try (LoopSession session = implementation.openSession()) {
            String wrong = conversation.hold(session);
            return new Check(claim, wrong.isEmpty(), wrong);
        } catch (OperationUnsupported e) {
            return new Check(claim, false, "declared unsupported: " + e.operation() + " (" + e.reason() + ")");
        } catch (RuntimeException e) {
            return new Check(claim, false, describe(e));
        }
    }

    private static String oneIteration(LoopSession session) {
        session.perform(new Operation.CallSoon("a", List.of(), null));
        session.perform(new Operation.CallSoon("b", List.of(), null));
        Outcome ran = session.perform(new Operation.RunOnce());
        if (ran.isError()) {
            return "run_once raised " + ran;
        }
        Outcome recorded = session.perform(new Operation.Recorded());
        List<Event> expected = List.of(new Event("a", 1, null), new Event("b", 1, null));
        return expected.equals(recorded.value()) ? "" : "expected recorded " + expected + ", got " + recorded;
    }

    private static String futureResult(LoopSession session) {
        session.perform(new Operation.CreateFuture("f"));
        Outcome before = session.perform(new Operation.FutureDone("f"));
        if (!Outcome.value(false).equals(before)) {
            return "expected a new future not done (value false), got " + before;
        }
        session.perform(new Operation.SetResult("f", 42));
        Outcome after = session.perform(new Operation.FutureDone("f"));
        Outcome result = session.perform(new Operation.FutureResult("f"));
        if (!Outcome.value(true).equals(after)) {
            return "expected the future done after set_result (value true), got " + after;
        }
        boolean fortyTwo = result.kind() == Outcome.Kind.VALUE && result.value() instanceof Number n
                && n.doubleValue() == 42;
        return fortyTwo ? "" : "expected future_result 42, got " + result;
    }

    private static String unknownName(LoopSession session) {
        Outcome outcome = session.perform(new Operation.FutureDone("no-such-future"));
        return outcome.isError() ? "" : "expected an error outcome for an unknown future, got " + outcome;
    }

    /**
     * One probe in a fresh session; when making its names broke the agent (a crash, a hang, a reply
     * out of step), once more in another fresh session, which gets a fresh agent: what broke then is
     * the setup's, not the probed operation's, and the probe says so instead of failing on a session
     * it never had.
     */
    private Probe probe(Operation sample) {
        Attempt first = attempt(sample);
        if (first.setupBroke() == null) {
            return first.probe();
        }
        Attempt again = attempt(sample);
        if (again.setupBroke() == null) {
            return again.probe();
        }
        return new Probe(sample.wireName(), Answer.FAILED, "making its names broke a fresh agent twice; the second time: "
                + again.setupBroke());
    }

    /** What one try of a probe gave; {@code setupBroke} says how making its names broke the session, else null. */
    private record Attempt(Probe probe, String setupBroke) {}

    private Attempt attempt(Operation sample) {
        String op = sample.wireName();
        try (LoopSession session = implementation.openSession()) {
            for (Operation setup : SETUP) {
                try {
                    session.perform(setup);
                } catch (ImplementationFailure e) {
                    if (!notUnderstood(e)) {
                        return new Attempt(null, setup.wireName() + ": " + describe(e));
                    }
                } catch (RuntimeException e) {
                    // declared unsupported: the probe says what that means for it
                }
            }
            if (sample instanceof Operation.RunForever) {
                session.perform(new Operation.Stop()); // so run_forever runs one iteration and returns
            }
            return new Attempt(new Probe(op, Answer.ANSWERED, session.perform(sample).toString()), null);
        } catch (OperationUnsupported e) {
            return new Attempt(new Probe(op, Answer.UNSUPPORTED, e.operation().equals(op) ? e.reason()
                    : e.operation() + " is unsupported (" + e.reason() + ")"), null);
        } catch (ImplementationFailure e) {
            return new Attempt(new Probe(op, notUnderstood(e) ? Answer.NOT_UNDERSTOOD : Answer.FAILED, describe(e)), null);
        } catch (RuntimeException e) {
            return new Attempt(new Probe(op, Answer.FAILED, describe(e)), null);
        }
    }

    /** A protocol_error reply: the only failure after which the agent, and so the session, goes on. */
    private static boolean notUnderstood(ImplementationFailure e) {
        return e.kind() == ImplementationFailure.Kind.PROTOCOL_ERROR && e.getMessage().startsWith("agent did not understand");
    }

    private static String describe(RuntimeException e) {
        String kind = e instanceof ImplementationFailure failure
                ? failure.kind().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ')
                : e.getClass().getSimpleName();
        return kind + ": " + e.getMessage();
    }

    /** One harmless instance of every operation of the vocabulary, in the order Operation declares them. */
    static List<Operation> samples() {
        List<Operation> samples = new ArrayList<>();
        for (Class<?> kind : Operation.class.getPermittedSubclasses()) {
            samples.add(sample(kind));
        }
        return samples;
    }

    /**
     * Built from the record's components, so an operation added to the vocabulary is probed with no
     * change here: names are {@value #NAME}, numbers 0, flags false, lists empty, a nested operation
     * {@code stop}, a choice its first constant, anything else null.
     */
    static Operation sample(Class<?> kind) {
        RecordComponent[] components = kind.getRecordComponents();
        if (components == null) {
            throw new IllegalStateException("kit defect: operation " + kind.getName() + " is not a record");
        }
        Class<?>[] types = new Class<?>[components.length];
        Object[] values = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            values[i] = harmless(types[i]);
        }
        try {
            Constructor<?> canonical = kind.getDeclaredConstructor(types);
            return (Operation) canonical.newInstance(values);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("kit defect: no harmless sample of " + kind.getName() + ": " + e, e);
        }
    }

    private static Object harmless(Class<?> type) {
        if (type == String.class) {
            return NAME;
        }
        if (type == double.class || type == Double.class) {
            return 0.0;
        }
        if (type == int.class || type == Integer.class) {
            return 0;
        }
        if (type == long.class || type == Long.class) {
            return 0L;
        }
        if (type == boolean.class || type == Boolean.class) {
            return false;
        }
        if (type == List.class) {
            return List.of();
        }
        if (type == Operation.class) {
            return new Operation.Stop();
        }
        if (type.isEnum()) {
            return type.getEnumConstants()[0];
        }
        return null;
    }
}
