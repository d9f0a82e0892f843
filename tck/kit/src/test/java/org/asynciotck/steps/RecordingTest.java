package org.asynciotck.steps;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.asynciotck.spi.Event;
import org.junit.jupiter.api.Test;

/** The eager-start hint reads one observation: did the coroutine run inside the call that made its task? */
class RecordingTest {

    private static final String MADE = Recording.NOTE_PREFIX + Tasks.madeNote("t");

    @Test
    void aCoroutineThatStartedBeforeTheCallThatMadeItReturnedStartedInsideIt() {
        // an eager start: callback "c" makes task "t", whose coroutine runs before create_task returns
        Recording eager = Recording.of(List.of(Event.of("c", 1), Event.of("t:start", 1), Event.of("t:end", 1),
                new Event(MADE, 1, true)));
        assertThat(eager.startedInsideCreation("t")).isTrue();
    }

    @Test
    void aCoroutineThatStartedLaterInTheSameIterationDidNot() {
        // a loop that runs what a callback schedules in the same batch: "t" starts after "c" made it
        Recording sameBatch = Recording.of(List.of(Event.of("c", 1), new Event(MADE, 1, false), Event.of("t:start", 1),
                Event.of("t:end", 1)));
        assertThat(sameBatch.startedInsideCreation("t")).isFalse();
    }

    @Test
    void aTaskMadeByAStepStartedInsideItsCreationOnlyWhenItStartedBeforeAnyIteration() {
        assertThat(Recording.of(List.of(Event.of("t:start", 0))).startedInsideCreation("t")).isTrue();
        assertThat(Recording.of(List.of(Event.of("t:start", 1))).startedInsideCreation("t")).isFalse();
        assertThat(Recording.of(List.of(Event.of("c", 1))).startedInsideCreation("t")).isFalse();
    }
}
