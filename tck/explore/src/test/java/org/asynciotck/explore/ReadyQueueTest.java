package org.asynciotck.explore;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.IntStream;
import org.asynciotck.spi.Operation;
import org.junit.jupiter.api.Test;

/** What programs say about the ready queue ({@link ReadyQueue}), and only where it is declared. */
class ReadyQueueTest {

    private static final Program.Allowed DECLARED = new Program.Allowed(false, true, false).withReadyQueue(true);
    private static final Program.Allowed UNDECLARED = new Program.Allowed(false, true, false);

    private static List<Sketch> sketches(int count) {
        SketchGenerator generator = new SketchGenerator(12, 28);
        return IntStream.range(0, count).mapToObj(i -> generator.sketch(1, i)).toList();
    }

    private static boolean notesLengths(Program program) {
        return Model.everyOperation(program.steps()).stream()
                .anyMatch(op -> op instanceof Operation.ReadyQueueLength
                        || op instanceof Operation.Note n && n.of() instanceof Operation.ReadyQueueLength);
    }

    @Test
    void onlyTheNotesOfLengthsDifferWhereTheReadyQueueIsDeclared() {
        int noting = 0;
        for (Sketch sketch : sketches(1000)) {
            Program without = Program.of(sketch, UNDECLARED);
            Program with = Program.of(sketch, DECLARED);
            assertThat(notesLengths(without)).isFalse();
            if (notesLengths(with)) {
                noting++;
                assertThat(with.steps().stream().filter(op -> !(op instanceof Operation.ReadyQueueLength)).count())
                        .as("what the rest of the program does").isEqualTo(without.size());
            } else {
                assertThat(with).isEqualTo(without); // a program that uses none of it is the program it was
            }
        }
        assertThat(noting).as("programs of 1000 that note the ready queue's length").isBetween(50, 400);
    }

    @Test
    void noNoteOfALengthWhereRealTimeDecidesWhatIsQueued() {
        for (Sketch sketch : sketches(1000)) {
            boolean realTime = sketch.choices().stream().anyMatch(c -> c.kind() == Sketch.Kind.TIMED_RUN
                    || c.kind() == Sketch.Kind.CROSS_THREAD);
            if (realTime) {
                assertThat(notesLengths(Program.of(sketch, DECLARED))).isFalse();
            }
        }
    }

    @Test
    void aBurstIsOneStepThatSchedulesFortyLeaves() {
        Program program = Program.of(new Sketch(List.of(new Sketch.Choice(Sketch.Kind.SOON, ReadyQueue.BURST_ARG,
                List.of()))), UNDECLARED);
        assertThat(program.size()).isEqualTo(1);
        Operation.CallSoon burst = (Operation.CallSoon) program.steps().get(0);
        assertThat(burst.then()).hasSize(ReadyQueue.BURST_SIZE)
                .allMatch(op -> op instanceof Operation.CallSoon c && c.then().isEmpty());
        assertThat(program.kinds()).containsEntry("c1.40", "call_soon");
    }
}
