package org.asynciotck.steps;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Operation.TaskConstruction;

/**
 * Turns the lines of a "when it runs, does:" table into the operations a
 * callback performs while the loop runs it. Each line has one fixed form; an
 * unknown line is a mistake in the feature file and is reported with the forms
 * that exist.
 */
final class CallbackScript {

    private record Form(String example, Pattern pattern, Function<Matcher, List<Operation>> build) {}

    private static final String NAME = "\"([^\"]+)\"";

    private static final List<Form> FORMS = List.of(
            form("schedule callback \"b\" with call_soon", "schedule callback " + NAME + " with call_soon",
                    m -> new Operation.CallSoon(m.group(1), List.of(), m.group(1))),
            form("schedule callback \"b\" with call_soon, which stops the loop",
                    "schedule callback " + NAME + " with call_soon, which stops the loop",
                    m -> new Operation.CallSoon(m.group(1), List.of(new Operation.Stop()), m.group(1))),
            form("stop the loop", "stop the loop", m -> new Operation.Stop()),
            form("raise an error", "raise an error", m -> new Operation.Raise()),
            form("note running the loop as \"n\"", "note running the loop as " + NAME,
                    m -> note(m.group(1), new Operation.RunForever())),
            multi("create task \"t\" with eager start", "create task " + NAME + " with eager start",
                    m -> made(Tasks.create(m.group(1), TaskConstruction.TASK_CONSTRUCTOR, true))),
            multi("create task \"t\" with the Task constructor", "create task " + NAME + " with the Task constructor",
                    m -> made(Tasks.create(m.group(1), TaskConstruction.TASK_CONSTRUCTOR, false))),
            multi("create task \"t\" with loop.create_task", "create task " + NAME + " with loop.create_task",
                    m -> made(Tasks.create(m.group(1), TaskConstruction.CREATE_TASK, false))),
            multi("create task \"t\" with asyncio.create_task",
                    "create task " + NAME + " with (asyncio\\.create_task|asyncio\\.ensure_future|a TaskGroup)",
                    m -> made(Tasks.create(m.group(1), Tasks.construction(m.group(2)), false))),
            form("enter task \"a\"", "enter task " + NAME, m -> new Operation.EnterTask(m.group(1))),
            form("leave task \"a\"", "leave task " + NAME, m -> new Operation.LeaveTask(m.group(1))),
            form("set the result of future \"f\" to 1", "set the result of future " + NAME + " to (-?\\d+)",
                    m -> new Operation.SetResult(m.group(1), Integer.parseInt(m.group(2)))),
            form("set an exception on future \"f\"", "set an exception on future " + NAME,
                    m -> new Operation.SetException(m.group(1))),
            form("complete future \"f\" with set_result", "complete future " + NAME + " with (set_result|set_exception|cancel)",
                    m -> FutureSteps.completion(m.group(1), m.group(2))),
            form("add callback \"cb\" as a done callback of future \"f\"",
                    "add callback " + NAME + " as a done callback of future " + NAME,
                    m -> new Operation.AddDoneCallback(m.group(2), m.group(1), List.of())),
            form("note the ready queue length as \"n\"", "note the ready queue length as " + NAME,
                    m -> note(m.group(1), new Operation.ReadyQueueLength())),
            form("note whether task \"t\" is done as \"n\"", "note whether task " + NAME + " is done as " + NAME,
                    m -> note(m.group(2), new Operation.TaskDone(m.group(1)))),
            form("note the current task as \"n\"", "note the current task as " + NAME,
                    m -> note(m.group(1), new Operation.CurrentTask())),
            form("schedule timer \"t\" with call_later in 0 seconds",
                    "schedule timer " + NAME + " with call_later in (\\d+(?:\\.\\d+)?) seconds",
                    m -> new Operation.CallLater(Double.parseDouble(m.group(2)), m.group(1), List.of(), m.group(1))),
            multi("create 50 sentinel tasks with eager start", "create (\\d+) sentinel tasks with eager start",
                    m -> Sentinels.names(Integer.parseInt(m.group(1))).stream()
                            .map(name -> (Operation) Tasks.create(name, TaskConstruction.TASK_CONSTRUCTOR, true))
                            .toList()),
            form("advance async generator \"g\"", "advance async generator " + NAME,
                    m -> new Operation.AdvanceAsyncGenerator(m.group(1))),
            multi("let go of async generator \"g\"", "let go of async generator " + NAME, m -> lettingGo(m.group(1))),
            form("note the async generator hooks as \"n\"", "note the async generator hooks as " + NAME,
                    m -> note(m.group(1), new Operation.AsyncgenHooks())),
            form("note the loop's time as \"n\"", "note the loop's time as " + NAME,
                    m -> note(m.group(1), new Operation.LoopTime())),
            form("compute for 0.05 seconds", "compute for (\\d+(?:\\.\\d+)?) seconds",
                    m -> new Operation.Spend(Double.parseDouble(m.group(1)))),
            form("schedule timer \"t\" with call_later in 0.05 seconds, which stops the loop",
                    "schedule timer " + NAME + " with call_later in (\\d+(?:\\.\\d+)?) seconds, which stops the loop",
                    m -> new Operation.CallLater(Double.parseDouble(m.group(2)), m.group(1), List.of(new Operation.Stop()),
                            m.group(1))),
            form("raise KeyboardInterrupt", "raise (KeyboardInterrupt|SystemExit)",
                    m -> new Operation.RaiseBaseException(BaseErrors.named(m.group(1)))),
            form("note whether the loop is running as \"n\"", "note whether the loop is running as " + NAME,
                    m -> note(m.group(1), new Operation.IsRunning())),
            form("note running the loop until future \"f\" is done as \"n\"",
                    "note running the loop until future " + NAME + " is done as " + NAME,
                    m -> note(m.group(2), new Operation.RunUntilComplete(m.group(1)))),
            form("note running the loop until coroutine \"co\" is complete as \"n\"",
                    "note running the loop until coroutine " + NAME + " is complete as " + NAME,
                    m -> note(m.group(2), new Operation.RunCoroutineUntilComplete(m.group(1), null))),
            form("note closing the loop as \"n\"", "note closing the loop as " + NAME,
                    m -> note(m.group(1), new Operation.Close())),
            form("schedule callback \"b\" with call_soon, which notes the current task as \"n\"",
                    "schedule callback " + NAME + " with call_soon, which notes the current task as " + NAME,
                    m -> new Operation.CallSoon(m.group(1), List.of(note(m.group(2), new Operation.CurrentTask())),
                            m.group(1))),
            form("cancel task \"t\"", "cancel task " + NAME, m -> new Operation.CancelTask(m.group(1), null)),
            form("cancel task \"t\" with the message \"m\"", "cancel task " + NAME + " with the message " + NAME,
                    m -> new Operation.CancelTask(m.group(1), m.group(2))),
            form("remove the reader of socket \"s\"", "remove the reader of socket " + NAME,
                    m -> new Operation.RemoveReader(m.group(1))),
            form("remove the writer of socket \"s\"", "remove the writer of socket " + NAME,
                    m -> new Operation.RemoveWriter(m.group(1))),
            form("add reader \"r\" watching socket \"s\"", "add reader " + NAME + " watching socket " + NAME,
                    m -> new Operation.AddReader(m.group(2), m.group(1), List.of())),
            form("add writer \"w\" watching socket \"s\"", "add writer " + NAME + " watching socket " + NAME,
                    m -> new Operation.AddWriter(m.group(2), m.group(1), List.of())),
            form("schedule callback \"b\" with call_soon, which sets the result of future \"f\" to 1",
                    "schedule callback " + NAME + " with call_soon, which sets the result of future " + NAME + " to (-?\\d+)",
                    m -> new Operation.CallSoon(m.group(1), List.of(new Operation.SetResult(m.group(2),
                            Integer.parseInt(m.group(3)))), m.group(1))),
            form("set the context variable to \"v\"", "set the context variable to " + NAME,
                    m -> new Operation.SetContextValue(m.group(1))),
            form("note the context variable as \"n\"", "note the context variable as " + NAME,
                    m -> note(m.group(1), new Operation.ContextValue(null))),
            form("run job \"j\" in the default executor as future \"f\", which returns 42 after 0.2 seconds",
                    "run job " + NAME + " in the default executor as future " + NAME
                            + ", which (returns 42|raises)(?: after (\\d+(?:\\.\\d+)?) seconds)?",
                    m -> new Operation.RunInExecutor(m.group(1), m.group(2),
                            m.group(4) == null ? 0 : Double.parseDouble(m.group(4)), m.group(3).equals("raises"))),
            form("add callback \"cb\" as a done callback of future \"f\", which notes whether it runs on the loop's thread as \"n\"",
                    "add callback " + NAME + " as a done callback of future " + NAME
                            + ", which notes whether it runs on the loop's thread as " + NAME,
                    m -> new Operation.AddDoneCallback(m.group(2), m.group(1),
                            List.of(note(m.group(3), new Operation.OnLoopThread())))),
            form("schedule callback \"b\" with call_soon, which sets an exception on future \"f\"",
                    "schedule callback " + NAME + " with call_soon, which sets an exception on future " + NAME,
                    m -> new Operation.CallSoon(m.group(1), List.of(new Operation.SetException(m.group(2))),
                            m.group(1))));

    private CallbackScript() {}

    static List<Operation> parse(List<String> lines) {
        List<Operation> operations = new ArrayList<>();
        for (String line : lines) {
            operations.addAll(parseLine(line.trim()));
        }
        return operations;
    }

    private static List<Operation> parseLine(String line) {
        for (Form form : FORMS) {
            Matcher matcher = form.pattern().matcher(line);
            if (matcher.matches()) {
                return form.build().apply(matcher);
            }
        }
        StringBuilder known = new StringBuilder();
        FORMS.forEach(form -> known.append("\n  | ").append(form.example()).append(" |"));
        throw new IllegalArgumentException("unknown callback action [" + line + "]; the known forms are:" + known);
    }

    /**
     * A task made by a callback or a coroutine, then a note of whether it is done, recorded as the call that
     * made it returns: a coroutine whose {@code :start} comes before that note ran inside the call (an eager
     * start), one whose {@code :start} comes after it ran later (diagnosis only: ProfileHints).
     */
    private static List<Operation> made(Operation.CreateTask task) {
        return List.of(task, note(Tasks.madeNote(task.task()), new Operation.TaskDone(task.task())));
    }

    /**
     * The program lets go of an async generator, then a note recorded as that returns: a generator closed
     * inside the letting go (not by the loop, later) records its closing before the note (AGEN-3).
     */
    static List<Operation> lettingGo(String generator) {
        return List.of(new Operation.DropAsyncGenerator(generator),
                note(AsyncGeneratorSteps.letGoNote(generator), new Operation.IsRunning()));
    }

    private static Operation note(String name, Operation of) {
        return new Operation.Note(Recording.NOTE_PREFIX + name, of);
    }

    private static Form form(String example, String regex, Function<Matcher, Operation> build) {
        return new Form(example, Pattern.compile(regex), matcher -> List.of(build.apply(matcher)));
    }

    private static Form multi(String example, String regex, Function<Matcher, List<Operation>> build) {
        return new Form(example, Pattern.compile(regex), build);
    }
}
