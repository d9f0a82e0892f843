package org.asynciotck.process;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.asynciotck.spi.Event;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Operation.TaskConstruction;
import org.asynciotck.spi.Outcome;
import org.junit.jupiter.api.Test;

class ProtocolJsonTest {

    private final ObjectMapper json = ProtocolJson.newMapper();

    /**
     * Every operation of Operation.java, derived from its permitted records (so a new one is
     * covered without editing this test), each with a sample value for every field; nested
     * operations ({@code then}, {@code of}) are a {@code call_soon} with a {@code note} inside.
     */
    static List<Operation> everyOperation() {
        List<Operation> every = new ArrayList<>();
        for (Class<? extends Operation> type : Operation.types()) {
            every.add(sample(type));
        }
        return every;
    }

    private static Operation sample(Class<?> type) {
        RecordComponent[] components = type.getRecordComponents();
        Object[] values = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            values[i] = sampleValue(components[i]);
        }
        try {
            return (Operation) type.getDeclaredConstructor(types).newInstance(values);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot make a sample " + type.getSimpleName() + " from " + List.of(values), e);
        }
    }

    private static Object sampleValue(RecordComponent component) {
        Class<?> type = component.getType();
        if (type == String.class) {
            return component.getName();
        } else if (type == double.class || type == Double.class) {
            return 1.5; // a Double may be null too (shutdown_default_executor's timeout); the number is the field's harder case
        } else if (type == boolean.class) {
            return true;
        } else if (type == List.class) {
            return List.of(new Operation.CallSoon("nested", List.of(new Operation.Note("n", new Operation.CurrentTask())),
                    null), new Operation.Stop());
        } else if (type == Operation.class) {
            return new Operation.Note("inner", new Operation.ReadyQueueLength());
        } else if (type == Object.class) {
            return Map.of("k", List.of(1, "two"));
        } else if (type == Operation.TaskConstruction.class) {
            return TaskConstruction.CREATE_TASK; // one that takes eager_start
        } else if (type.isEnum()) {
            return type.getEnumConstants()[type.getEnumConstants().length - 1];
        }
        throw new IllegalStateException("no sample value for a field of type " + type.getName() + " ("
                + component.getDeclaringRecord().getSimpleName() + "." + component.getName() + "): add one here");
    }

    /** Shapes the derived samples do not have: absent names, other ways to make tasks, null messages. */
    private static final List<Operation> MORE_SHAPES = List.of(
            new Operation.CallSoonThreadsafe("b", List.of(), null),
            new Operation.CallLater(-1.5, "overdue", List.of(), null),
            new Operation.CreateTask("t2", "co", null, TaskConstruction.TASK_GROUP, false,
                    List.of(new Operation.SetResult("f", 1), new Operation.CreateTask("t3", "c3", null,
                            TaskConstruction.ENSURE_FUTURE, false))),
            new Operation.CreateTask("t4", "co", null, TaskConstruction.ASYNCIO_CREATE_TASK, false),
            new Operation.SwapCurrentTask(null),
            new Operation.CancelTask("t1", null),
            new Operation.SetResult("f", null),
            new Operation.RaiseBaseException(Operation.BaseErrorType.KEYBOARD_INTERRUPT),
            new Operation.RunOnce());

    @Test
    void everyOperationRoundTrips() throws Exception {
        List<Operation> operations = new ArrayList<>(everyOperation());
        assertThat(operations).<Object>extracting(Operation::getClass)
                .containsExactlyInAnyOrder((Object[]) Operation.class.getPermittedSubclasses());
        operations.addAll(MORE_SHAPES);
        for (Operation operation : operations) {
            String text = json.writerFor(Operation.class).writeValueAsString(operation);
            assertThat(json.readValue(text, Operation.class)).as(text).isEqualTo(operation);
        }
    }

    /** The documented primitive goes out as it always has, so an agent that predates {@code via} never sees it. */
    @Test
    void oneIterationSaysViaOnlyForTheFallback() throws Exception {
        assertThat(json.writerFor(Operation.class).writeValueAsString(new Operation.RunOnce()))
                .isEqualTo("{\"op\":\"run_once\"}");
        assertThat(json.writerFor(Operation.class).writeValueAsString(
                new Operation.RunOnce(Operation.RunOnce.Via.CALL_SOON_STOP)))
                .isEqualTo("{\"op\":\"run_once\",\"via\":\"call_soon_stop\"}");
        assertThat(json.readValue("{\"op\":\"run_once\"}", Operation.class)).isEqualTo(new Operation.RunOnce());
        assertThat(json.readValue("{\"op\":\"run_once\",\"via\":null}", Operation.class))
                .isEqualTo(new Operation.RunOnce());
    }

    @Test
    void operationsUseTheWireNamesOfTheProtocol() throws Exception {
        assertThat(json.writeValueAsString(new Operation.CreateTask("t", "co", null, TaskConstruction.TASK_CONSTRUCTOR,
                false))).isEqualTo("{\"op\":\"create_task\",\"task\":\"t\",\"label\":\"co\",\"awaits\":null,"
                        + "\"via\":\"task_constructor\",\"eager_start\":false,\"then\":[]}");
        assertThat(json.readValue("{\"op\":\"create_task\",\"task\":\"t\",\"label\":\"co\",\"via\":\"ensure_future\"}",
                Operation.class)).isEqualTo(new Operation.CreateTask("t", "co", null, TaskConstruction.ENSURE_FUTURE, false));
        assertThat(json.readValue("{\"op\":\"call_soon\",\"label\":\"a\"}", Operation.class))
                .isEqualTo(new Operation.CallSoon("a", List.of(), null));
        assertThat(json.writeValueAsString(new Operation.RaiseBaseException(Operation.BaseErrorType.KEYBOARD_INTERRUPT)))
                .isEqualTo("{\"op\":\"raise_base_exception\",\"error_type\":\"KeyboardInterrupt\"}");
        assertThat(json.writeValueAsString(new Operation.SetExceptionHandler(Operation.ExceptionHandlerKind.RAISING)))
                .isEqualTo("{\"op\":\"set_exception_handler\",\"handler\":\"raising\"}");
        assertThat(json.writeValueAsString(Request.perform(new Operation.Stop())))
                .isEqualTo("{\"type\":\"perform\",\"operation\":{\"op\":\"stop\"}}");
    }

    @Test
    void outcomesAndEventsRoundTrip() throws Exception {
        assertThat(json.writeValueAsString(Outcome.error("RuntimeError", "boom")))
                .isEqualTo("{\"kind\":\"error\",\"error_type\":\"RuntimeError\",\"message\":\"boom\"}");
        for (Outcome outcome : List.of(Outcome.nothing(), Outcome.value(3), Outcome.value(List.of("a")),
                Outcome.error("RuntimeError", "boom"))) {
            assertThat(json.readValue(json.writeValueAsString(outcome), Outcome.class)).isEqualTo(outcome);
        }
        assertThat(json.readValue("{\"kind\":\"value\",\"value\":null}", Outcome.class))
                .isEqualTo(Outcome.value(null));
        Event note = new Event("n", 1, "RuntimeError: boom");
        assertThat(json.writeValueAsString(Event.of("a", 0))).isEqualTo("{\"label\":\"a\",\"run\":0}");
        assertThat(json.readValue(json.writeValueAsString(note), Event.class)).isEqualTo(note);
    }
}
