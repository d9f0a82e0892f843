package org.asynciotck.explore;

import java.util.ArrayList;
import java.util.List;
import org.asynciotck.spi.Operation;

/**
 * The kit's context variable in generated programs (CTX-1 to CTX-7): a callback, a done callback, a task or a reader
 * notes the value it sees, the program sets a value of its own before each one is scheduled, and each sets one of its
 * own once it has noted. The values are the labels of who set them, so a note that saw another's value names the
 * guarantee broken: a value set inside another callback (CTX-3), one set after the callback was scheduled (CTX-1, or
 * CTX-2 where it was given a context), none at all (a copy made too late, or an empty context).
 *
 * <p>Said by an argument of existing kinds ({@link #NOTED_ARG}, see {@link ProgramBuilder}), never by kinds of their own, so a
 * program that uses none of them is the program it was before. Timers are left out: a timer whose callback notes has a
 * body, so it would lose its leaf delay, and with it what the equal deadlines explore.
 */
final class ContextNotes {

    /**
     * A SOON, THREADSAFE, ADD_DONE, TASK or EAGER_TASK choice with this argument notes the context's value. One
     * argument, not two: a Java loop that leaves contexts out declines these programs, which are then not compared,
     * and with two arguments 40 % of its programs were (DequeLoop, seed 3).
     */
    static final int NOTED_ARG = 7;
    /**
     * A noting callback or done callback with at least this many children is given {@code context=} a copy made
     * before the program's value changed; a call_soon's handle is then asked for its context (CTX-7).
     */
    static final int GIVEN_CONTEXT_CHILDREN = 2;
    /** A watcher notes the context's value when the first child of its RUN_ONCE choice has an argument from this up. */
    static final int WATCHER_NOTED_FROM = 10;
    /** What the program sets after copying the context it passes (the callback must not see it: CTX-2). */
    static final String AFTER_THE_COPY = "-after";
    /** What a callback sets once it has noted (no other callback may see it: CTX-3). */
    static final String SET_INSIDE = "-set";

    private ContextNotes() {}

    static boolean notes(Sketch.Choice choice) {
        return choice.arg() == NOTED_ARG;
    }

    static boolean givesAContext(Sketch.Choice choice) {
        return choice.then().size() >= GIVEN_CONTEXT_CHILDREN;
    }

    /**
     * The steps before the call that schedules {@code label}: the program sets the value {@code label}, and where a
     * context is given, copies the context (which holds that value) and sets another. Returns the copy's name, or null.
     */
    static String before(ProgramBuilder b, String label, boolean givesAContext) {
        b.steps.add(new Operation.SetContextValue(label));
        if (!givesAContext) {
            return null;
        }
        String context = "x" + label;
        b.steps.add(new Operation.CopyContext(context));
        b.steps.add(new Operation.SetContextValue(label + AFTER_THE_COPY));
        return context;
    }

    /** The body of {@code label}: a note of the value, its own value set, then what it does besides. */
    static List<Operation> body(ProgramBuilder b, String label, List<Operation> then) {
        String note = label + ".v";
        b.kinds.put(note, "note");
        List<Operation> body = new ArrayList<>();
        body.add(new Operation.Note(note, new Operation.ContextValue(null)));
        body.add(new Operation.SetContextValue(label + SET_INSIDE));
        body.addAll(then);
        return body;
    }

    /**
     * The guarantee a {@code handle_context} at step {@code index} that answered otherwise breaks. It is asked twice in
     * a row: a handle that answers the same context both times, but not the one given to {@code call_soon}, runs its
     * callback elsewhere (CTX-2); one whose second answer is another object answers a new one each time (CTX-7).
     */
    static String[] handleGuarantee(Program program, Trace expected, Trace observed, int index) {
        boolean askedAgain = index + 1 < program.size()
                && program.steps().get(index + 1) instanceof Operation.HandleContext again
                && again.handle().equals(((Operation.HandleContext) program.steps().get(index)).handle());
        // The second answer names the context that the first ask named (when the first answer was not the kit's
        // earlier name for it, the second is the first ask's name): the same object both times
        Object second = askedAgain ? observed.outcomes().get(index + 1).value() : null;
        Object earlier = expected.outcomes().get(index + 1).value();
        String firstAsk = ((Operation.HandleContext) program.steps().get(index)).context();
        if (askedAgain && !observed.outcomes().get(index + 1).isError()
                && (firstAsk.equals(second) || earlier != null && earlier.equals(second))) {
            return new String[] {"a callback scheduled with context= runs in that context: its handle's get_context()"
                    + " is that context", "CTX-2"};
        }
        return new String[] {"a handle's get_context() returns the context its callback runs in", "CTX-7"};
    }

    /** The context {@code op} was scheduled with, or null (none, or an operation that takes none). */
    static String contextOf(Operation op) {
        if (op instanceof Operation.CallSoon c) {
            return c.context();
        } else if (op instanceof Operation.CallSoonThreadsafe c) {
            return c.context();
        } else if (op instanceof Operation.AddDoneCallback c) {
            return c.context();
        }
        return null;
    }

    /**
     * The guarantee a note of the context's value that saw {@code saw} breaks, by what it saw and who noted it: a value
     * another callback set inside its own context (CTX-3), else by how its owner was scheduled.
     */
    static String[] guarantee(Program program, String note, String saw) {
        String owner = Steps.owner(program, note);
        if (saw.endsWith(SET_INSIDE) && !saw.equals(owner + SET_INSIDE)) {
            return new String[] {"what a callback sets in its context is not seen by callbacks in other contexts, nor"
                    + " by the code that scheduled it", "CTX-3"};
        }
        boolean given = Steps.everyOperation(program.steps()).stream().anyMatch(op -> Steps.scheduled(op)
                .filter(s -> s.label().equals(owner)).isPresent() && contextOf(op) != null);
        return switch (program.kinds().getOrDefault(owner, "?")) {
            case "done_callback" -> new String[] {"a done callback runs in the context= it was added with, or else in a"
                    + " copy of the context current at add_done_callback()", "CTX-4"};
            case "task" -> new String[] {"every step of a task runs in the task's context, a copy of the context"
                    + " current when the task was made", "CTX-5"};
            case "reader", "writer" -> new String[] {"readers and writers run in a copy of the context current at"
                    + " add_reader() or add_writer()", "CTX-6"};
            default -> given ? new String[] {"a callback scheduled with context= runs in that context", "CTX-2"}
                    : new String[] {"a callback scheduled without a context runs in a copy of the context current when"
                    + " it was scheduled", "CTX-1"};
        };
    }
}
