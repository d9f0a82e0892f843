package org.asynciotck.runner;

import java.util.Optional;
import org.asynciotck.spi.ImplementationFailure;
import org.asynciotck.steps.BlockedScenario;
import org.asynciotck.steps.NotApplicable;
import org.asynciotck.steps.TimelineFailure;
import org.junit.platform.engine.TestExecutionResult;

/**
 * Turns how a scenario ended into a verdict and a message.
 *
 * <ul>
 *   <li>{@link ImplementationFailure}: crashed / timed-out / error by its kind;</li>
 *   <li>{@link BlockedScenario}: blocked (a lifecycle rule it relies on did not pass);</li>
 *   <li>{@link NotApplicable}: not-applicable;</li>
 *   <li>{@link AssertionError}: fail;</li>
 *   <li>anything else (including other aborts, e.g. a pending step): error, since
 *       the kit could not reach a judgement.</li>
 * </ul>
 */
public final class VerdictClassifier {

    /** Diagnostics are a tail already; this keeps one crash from swamping the reports. */
    private static final int MAX_DIAGNOSTICS_CHARS = 4000;

    private VerdictClassifier() {}

    /** A verdict with its message ("" for a pass), and the timeline of a failure about iterations (or null). */
    public record Classified(Verdict verdict, String message, Timeline timeline) {
        public Classified(Verdict verdict, String message) {
            this(verdict, message, null);
        }
    }

    public static Classified classify(TestExecutionResult result) {
        return switch (result.getStatus()) {
            case SUCCESSFUL -> new Classified(Verdict.PASS, "");
            case ABORTED, FAILED -> classify(result.getThrowable().orElse(null));
        };
    }

    public static Classified classify(Throwable thrown) {
        if (thrown == null) {
            return new Classified(Verdict.ERROR, "the scenario ended without a pass and without an exception");
        }
        Optional<ImplementationFailure> failure = find(thrown, ImplementationFailure.class);
        if (failure.isPresent()) {
            return fromImplementationFailure(failure.get());
        }
        if (thrown instanceof BlockedScenario) {
            return new Classified(Verdict.BLOCKED, messageOf(thrown));
        }
        if (thrown instanceof NotApplicable) {
            return new Classified(Verdict.NOT_APPLICABLE, messageOf(thrown));
        }
        if (thrown instanceof AssertionError) {
            return new Classified(Verdict.FAIL, messageOf(thrown), timelineOf(thrown));
        }
        return new Classified(Verdict.ERROR, thrown.getClass().getName() + ": " + messageOf(thrown));
    }

    private static Classified fromImplementationFailure(ImplementationFailure failure) {
        Verdict verdict = switch (failure.kind()) {
            case CRASHED -> Verdict.CRASHED;
            case TIMED_OUT -> Verdict.TIMED_OUT;
            case PROTOCOL_ERROR -> Verdict.ERROR;
        };
        String message = messageOf(failure);
        String diagnostics = failure.diagnostics().strip();
        if (!diagnostics.isEmpty()) {
            if (diagnostics.length() > MAX_DIAGNOSTICS_CHARS) {
                diagnostics = "..." + diagnostics.substring(diagnostics.length() - MAX_DIAGNOSTICS_CHARS);
            }
            message = message + "\ndiagnostics:\n" + diagnostics;
        }
        return new Classified(verdict, message);
    }

    /** The timeline a failing step about iterations carries ({@link TimelineFailure}), or null. */
    private static Timeline timelineOf(Throwable thrown) {
        return find(thrown, TimelineFailure.class)
                .map(f -> new Timeline(f.expected(), f.observed(), f.focus(), f.expectedOrder())).orElse(null);
    }

    /** Step code may wrap the failure (e.g. in a CompletionException); its cause chain is searched. */
    private static <T extends Throwable> Optional<T> find(Throwable thrown, Class<T> type) {
        for (Throwable t = thrown; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) {
                return Optional.of(type.cast(t));
            }
        }
        return Optional.empty();
    }

    private static String messageOf(Throwable thrown) {
        return thrown.getMessage() == null ? "" : thrown.getMessage();
    }
}
