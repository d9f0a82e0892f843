package org.asynciotck.process;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.asynciotck.spi.Event;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Operation.TaskConstruction;
import org.asynciotck.spi.Outcome;
import org.junit.jupiter.api.Test;

class ProtocolJsonTest {

    private final ObjectMapper json = ProtocolJson.newMapper();

    /** One of each operation, nested ones included. */
    private static final List<Operation> EVERY_OPERATION = List.of(
            new Operation.CallSoon("a", List.of(new Operation.Note("n", new Operation.ReadyQueueLength())), "h"),
            new Operation.CallSoonThreadsafe("b", List.of(), null),
            new Operation.CallLater(-1.5, "c", List.of(new Operation.Stop()), "t"),
            new Operation.CancelHandle("h"),
            new Operation.HandleCancelled("h"),
            new Operation.HandleHoldsCallback("h"),
            new Operation.RemoveFromReadyQueue("h"),
            new Operation.Stop(),
            new Operation.RunOnce(),
            new Operation.RunForever(),
            new Operation.ReadyQueueLength(),
            new Operation.SelectTimeout(),
            new Operation.Recorded(),
            new Operation.Note("n", new Operation.CurrentTask()),
            new Operation.CreateFuture("f"),
            new Operation.AddDoneCallback("f", "d", List.of(new Operation.FutureDone("f"))),
            new Operation.SetResult("f", Map.of("k", List.of(1, "two"))),
            new Operation.FutureDone("f"),
            new Operation.CreateTask("t1", "co", "f", TaskConstruction.CREATE_TASK, true),
            new Operation.CreateTask("t2", "co", null, TaskConstruction.TASK_GROUP, false,
                    List.of(new Operation.SetResult("f", 1), new Operation.CreateTask("t3", "c3", null,
                            TaskConstruction.ENSURE_FUTURE, false))),
            new Operation.CreateTask("t4", "co", null, TaskConstruction.ASYNCIO_CREATE_TASK, false),
            new Operation.CreateUninitialisedTask("u"),
            new Operation.TaskDone("t1"),
            new Operation.TaskName("t1"),
            new Operation.CurrentTask(),
            new Operation.EnterTask("t1"),
            new Operation.LeaveTask("t1"),
            new Operation.SwapCurrentTask(null),
            new Operation.RemoveDoneCallback("f", "d"),
            new Operation.FutureResult("f"),
            new Operation.FutureException("f"),
            new Operation.SetStopIteration("f"),
            new Operation.HandleWhen("t"),
            new Operation.LoopTime(),
            new Operation.CallSoon("r", List.of(new Operation.RaiseBaseException(Operation.BaseErrorType.SYSTEM_EXIT)), null),
            new Operation.ReportedContexts(),
            new Operation.SetExceptionHandler(Operation.ExceptionHandlerKind.DEFAULT),
            new Operation.GetExceptionHandler(),
            new Operation.CallExceptionHandler("m"),
            new Operation.IsRunning(),
            new Operation.IsClosed(),
            new Operation.Close(),
            new Operation.RunCoroutineUntilComplete("co", "f"),
            new Operation.CancelTask("t1", "why"),
            new Operation.CancelTask("t1", null),
            new Operation.CreateScriptedTask("t2", "co", List.of(new Operation.Note("n", new Operation.CurrentTask())),
                    "f", true),
            new Operation.SocketPair("s"),
            new Operation.MakeReadable("s"),
            new Operation.AddReader("s", "r", List.of()),
            new Operation.RemoveReader("s"),
            new Operation.AddWriter("s", "w", List.of(new Operation.Stop())),
            new Operation.RemoveWriter("s"));

    @Test
    void everyOperationRoundTrips() throws Exception {
        for (Operation operation : EVERY_OPERATION) {
            String text = json.writerFor(Operation.class).writeValueAsString(operation);
            assertThat(json.readValue(text, Operation.class)).as(text).isEqualTo(operation);
        }
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
