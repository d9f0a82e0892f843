package org.asynciotck.cli;

import java.util.List;
import org.asynciotck.explore.Divergence;
import org.asynciotck.explore.FeatureText;
import org.asynciotck.explore.Program;
import org.asynciotck.explore.Sketch;
import org.asynciotck.explore.Trace;
import org.asynciotck.reference.ReferenceImplementation;

/** The scenario exploration writes for a shrunk program whose two done callbacks must run in registration order. */
final class ExploredScenarios {

    private ExploredScenarios() {}

    /** The feature text, its expected trace taken on the reference loop; {@code signature} as the group's. */
    static String doneCallbacksInRegistrationOrder(String signature) {
        return doneCallbacksInRegistrationOrder(signature, "in run 1: d3 before d2");
    }

    /** The same, with {@code detail} as what the loop under test did (it may carry what the loop said). */
    static String doneCallbacksInRegistrationOrder(String signature, String detail) {
        Program program = Program.of(new Sketch(List.of(choice(Sketch.Kind.FUTURE), choice(Sketch.Kind.ADD_DONE),
                choice(Sketch.Kind.ADD_DONE), choice(Sketch.Kind.RUN_UNTIL_COMPLETE))));
        Trace expected;
        try (ReferenceImplementation reference = new ReferenceImplementation()) {
            expected = Trace.of(reference, program);
        }
        return FeatureText.of(program, expected, new Divergence(
                "a future's done callbacks are queued in registration order", "FUTURE-1", detail, signature), "MUST", "done callbacks", "(test)").orElseThrow();
    }

    private static Sketch.Choice choice(Sketch.Kind kind) {
        return new Sketch.Choice(kind, 0, List.of());
    }
}
