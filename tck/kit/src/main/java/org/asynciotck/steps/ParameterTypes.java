package org.asynciotck.steps;

import io.cucumber.java.ParameterType;
import java.util.List;
import org.asynciotck.spi.Operation.TaskConstruction;

/** Typed step parameters, so step definitions never parse text themselves. */
public final class ParameterTypes {

    /** {@code "a", "b" and "c"} or a single {@code "a"}. */
    @ParameterType("\"[^\"]*\"(?:(?:, | and )\"[^\"]*\")*")
    public List<String> labels(String text) {
        return Labels.parse(text);
    }

    /**
     * A delay written with its unit: {@code 5 seconds}, {@code 1 hour}, {@code 2 days}; an exponent writes the
     * delays no clock reaches ({@code 1e300 seconds}, CLOCK-2).
     */
    @ParameterType("(\\d+(?:\\.\\d+)?(?:e\\d+)?) (second|seconds|minute|minutes|hour|hours|day|days)")
    public Seconds duration(String amount, String unit) {
        return Seconds.of(Double.parseDouble(amount), unit);
    }

    /** How a task is made: {@link Tasks#CONSTRUCTIONS}. */
    @ParameterType(Tasks.CONSTRUCTIONS)
    public TaskConstruction construction(String text) {
        return Tasks.construction(text);
    }

    /** How a callback is handed to the loop: {@code call_soon}, {@code call_soon_threadsafe}, {@code call_later} or {@code call_at}. */
    @ParameterType("call_soon_threadsafe|call_soon|call_later|call_at")
    public Scheduler scheduler(String text) {
        return Scheduler.named(text);
    }

    /** How a timer is made: {@code call_later} or {@code call_at}. */
    @ParameterType("call_later|call_at")
    public Scheduler timerCall(String text) {
        return Scheduler.named(text);
    }

    /** {@code true} or {@code false}. */
    @ParameterType("true|false")
    public Boolean bool(String text) {
        return Boolean.valueOf(text);
    }
}
