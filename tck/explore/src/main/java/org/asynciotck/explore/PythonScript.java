package org.asynciotck.explore;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.asynciotck.spi.Event;
import org.asynciotck.spi.Operation;
import org.asynciotck.untrusted.FileText;

/**
 * A plain Python script that performs a program on stock asyncio (or on a loop the reader passes) without
 * the kit, prints what it recorded by run, and says whether that is what the reference loop recorded.
 * Mirrors the agent's semantics for the operations exploration generates (docs/protocol.md).
 */
public final class PythonScript {

    private final StringBuilder defs = new StringBuilder();
    private final Map<String, String> functions = new LinkedHashMap<>();

    private PythonScript() {}

    /** The script of {@code program}; {@code expected} is the reference loop's trace, {@code header} a comment. */
    public static String of(Program program, Trace expected, String header) {
        return new PythonScript().write(program, expected, header);
    }

    private String write(Program program, Trace expected, String header) {
        StringBuilder body = new StringBuilder();
        int n = 0;
        for (Operation step : program.steps()) {
            n++;
            body.append("try:\n");
            Optional<String> answering = answeringCall(step);
            Optional<String> reading = clockReading(step);
            if (step instanceof Operation.SelectTimeout) {
                // Its answer is compared apart, within the model's tolerance (TimeoutProbe)
                body.append("    timeouts.append((").append(n).append(", in_run(select_timeout)))\n");
                body.append("    outcome(").append(n).append(", \"select_timeout\", \"ok\")\n");
            } else if (reading.isPresent()) {
                // Kept for the clock's checks at the end, on this loop alone (never compared with the reference's)
                body.append("    clock[").append(n).append("] = ").append(reading.get()).append("\n");
                body.append("    outcome(").append(n).append(", \"").append(step.wireName()).append("\", \"ok\")\n");
            } else if (answering.isPresent()) {
                // What it answers is compared, as the model compares it (IO-3: whether one was registered)
                body.append("    answer = ").append(answering.get()).append("\n");
                body.append("    outcome(").append(n).append(", \"").append(step.wireName())
                        .append("\", \"answered %r\" % (answer,))\n");
            } else {
                statement(step, "    ", body, true);
                body.append("    outcome(").append(n).append(", \"").append(step.wireName()).append("\", \"ok\")\n");
            }
            // Where the model compares a CancelledError's message (CANCEL-7), the script compares it too
            boolean message = n <= expected.outcomes().size()
                    && CancelMessages.compared(program, expected.outcomes(), n - 1);
            body.append("except (Exception, asyncio.CancelledError, KeyboardInterrupt, SystemExit) as e:\n    outcome(")
                    .append(n).append(", \"").append(step.wireName()).append(message
                            ? "\", \"error %s: %s\" % (type(e).__name__, e))\n" : "\", \"error \" + type(e).__name__)\n");
        }
        Map<Integer, List<String>> byRun = new TreeMap<>();
        int shutdownRun = AsyncGeneratorBlocks.shutdownRun(program);
        for (Event event : expected.events()) {
            if (AsyncGeneratorBlocks.isGenerator(program, event.label()) || event.run() == shutdownRun) {
                continue; // compared apart, as the model compares them: where each was closed, not when
            }
            if (ExecutorBlocks.isJob(program, event.label())
                    || Operation.ShutdownDefaultExecutor.RETURNED.equals(event.label())) {
                continue; // a worker thread records at times of its own: the script prints them apart (jobs)
            }
            byRun.computeIfAbsent(event.run(), r -> new ArrayList<>()).add(
                    "!error".equals(event.label()) ? "!error " + String.valueOf(event.value()).split(":", 2)[0]
                            : RunOrder.token(program, event));
        }
        // What each step did (ok or the error's type), and the reports of the kit's own errors and calls: compared too
        StringBuilder expectedOutcomes = new StringBuilder("[");
        for (int i = 0; i < program.size() && i < expected.outcomes().size(); i++) {
            org.asynciotck.spi.Outcome o = expected.outcomes().get(i);
            String what = o.isError() && CancelMessages.compared(program, expected.outcomes(), i)
                    ? "error " + o.errorType() + ": " + o.message()
                    : o.isError() ? "error " + o.errorType()
                    : answeringCall(program.steps().get(i)).isPresent() ? "answered " + pythonRepr(o.value()) : "ok";
            expectedOutcomes.append(quote(what)).append(", ");
        }
        expectedOutcomes.append("]");
        StringBuilder expectedTimeouts = new StringBuilder("[");
        for (int i = 0; i < program.size() && i < expected.outcomes().size(); i++) {
            org.asynciotck.spi.Outcome o = expected.outcomes().get(i);
            if (program.steps().get(i) instanceof Operation.SelectTimeout && !o.isError()) {
                expectedTimeouts.append("(").append(i + 1).append(", ").append(pythonRepr(o.value())).append("), ");
            }
        }
        expectedTimeouts.append("]");
        String expectedReports = "(" + expected.kitErrorsReported() + ", " + expected.kitReportsReceived() + ")";
        StringBuilder expectedRuns = new StringBuilder("{");
        byRun.forEach((run, labels) -> {
            expectedRuns.append(run).append(": [");
            labels.forEach(l -> expectedRuns.append(quote(l)).append(", "));
            expectedRuns.append("], ");
        });
        expectedRuns.append("}");
        return "#!/usr/bin/env python3\n"
                + header.lines().map(l -> "# " + FileText.oneLine(l) + "\n").reduce("", String::concat)
                + "#\n# Runs the program on asyncio.new_event_loop() (or on the loop that\n"
                + "# `module:callable` given as the first argument makes) and compares what it recorded, by run,\n"
                + "# with what the kit's reference loop recorded. Leaf timers with equal delays may run in any\n"
                + "# order among themselves (docs/exploration.md).\n"
                + "import asyncio\nimport contextvars\nimport gc\nimport importlib\nimport math\nimport socket\nimport sys\n"
                + "import threading\nimport time\n\n"
                + "if len(sys.argv) > 1:\n    module, _, name = sys.argv[1].partition(\":\")\n"
                + "    loop = getattr(importlib.import_module(module), name)()\nelse:\n"
                + "    loop = asyncio.new_event_loop()\n"
                + "events, reported, outcomes, timeouts = [], [], [], []\nrun = 0\nruns = 0\nhandles, futures, dones, sockets = {}, {}, {}, {}\n"
                + "clock = {}  # step number: what loop.time() or when() answered there\n"
                + ISSUE_28_HELPERS
                + EXECUTOR_HELPERS
                + "\n\ndef recording_handler(loop, context):\n"
                + "    reported.append((repr(context.get(\"exception\")), sorted(context)))\n\n\n"
                + "def raising_handler(loop, context):\n    raise RuntimeError(\"raised by the handler\")\n\n\n"
                + "loop.set_exception_handler(recording_handler)\n\n\n"
                + "def record(label):\n    events.append((label, run))\n\n\n"
                + "def note(label, look):\n    try:\n        value = str(look())\n    except Exception as e:\n"
                + "        value = type(e).__name__\n    events.append((label + \":\" + value, run))\n\n\n"
                + "def done_callback(future, label, cb):\n    # the same label on the same future is the same callback\n"
                + "    return dones.setdefault((future, label), lambda f: cb())\n\n\n"
                + "def task_name(task):\n    return None if task is None else task.get_name()\n\n\n"
                + "def outcome(n, op, what):\n    outcomes.append((n, op, what))\n\n\n"
                + "def in_run(body):\n    global run, runs\n    runs += 1\n    run = runs\n    try:\n"
                + "        return body()\n    finally:\n        run = 0\n\n\n"
                + "def run_once():\n    loop.stop()\n    loop.run_forever()\n\n\n"
                + SELECT_TIMEOUT
                + "def start_loop_thread():\n    # run_forever() on a thread of its own; waits (at most 1 s) until it is idle\n"
                + "    global loop_thread\n"
                + "    loop_thread = threading.Thread(target=in_run, args=(loop.run_forever,), daemon=True)\n"
                + "    loop_thread.start()\n    loop_runner[0] = loop_thread.ident\n    for _ in range(100):\n        time.sleep(0.01)\n"
                + "        if loop.is_running() and not getattr(loop, \"_ready\", None):\n            return\n\n\n"
                + "def stop_loop_thread():\n    loop.call_soon_threadsafe(loop.stop)\n    loop_thread.join(5)\n"
                + "    loop_runner[0] = threading.get_ident()\n"
                + "    print(\"loop thread ended:\", not loop_thread.is_alive())\n\n\n"
                + defs
                + "\n" + body
                + "\nobserved = {}\nfor label, r in events:\n"
                + "    if r != " + shutdownRun + ":  # shutdown_asyncgens()'s run: its own\n"
                + "        observed.setdefault(r, []).append(label)\n"
                + "expected = " + expectedRuns + "\n"
                + "for n, op, what in outcomes:\n    print(\"%2d %-22s %s\" % (n, op, what))\n"
                + "print(\"jobs (where each ran; the order of each end and of the shutdown's return):\", jobs)\n"
                + "print(\"observed by run:\", observed)\nprint(\"reference loop: \", expected)\n"
                + "print(\"reported to the recording handler (exception, context's keys):\", reported)\n"
                + "expected_outcomes = " + expectedOutcomes + "\n"
                + "expected_reports = " + expectedReports + "  # the kit's callback errors, its call_exception_handler reports\n"
                + "kit_reports = (sum(1 for e, keys in reported if e == \"RuntimeError('raised by the kit')\"),\n"
                + "               sum(1 for e, keys in reported if e == \"RuntimeError('" + Program.REPORTED_MESSAGE + "')\"))\n"
                + clockChecks(program)
                + "expected_timeouts = " + expectedTimeouts + "\n"
                + "print(\"select timeouts (step, seconds):\", timeouts, \"reference loop:\", expected_timeouts)\n"
                + "expected_closed = " + closedLiteral(AsyncGeneratorBlocks.records(program, expected)) + "\n"
                + "print(\"where each async generator was closed:\", closed, \"reference loop:\", expected_closed)\n"
                + "waited = " + ExecutorChecks.waitedFor(program, expected).stream().map(PythonScript::quote)
                        .reduce((a, b) -> a + ", " + b).map(list -> "[" + list + "]").orElse("[]")
                + "  # the jobs whose end the reference loop's shutdown_default_executor() waited for\n"
                + "returned = jobs.get(\"shutdown_default_executor:returned\", -1)\n"
                + "same = (observed == expected and closed == expected_closed and [w for _, _, w in outcomes] == expected_outcomes\n"
                + "        and all(jobs.get(job + \":end\", math.inf) < returned for job in waited)\n"
                + "        and kit_reports == expected_reports and clock_kept and len(timeouts) == len(expected_timeouts)\n"
                + "        and all(a == c and same_timeout(b, d) for (a, b), (c, d) in zip(timeouts, expected_timeouts)))\n"
                + "print(\"reference loop's outcomes:\", expected_outcomes, \"reports:\", expected_reports)\n"
                + "print(\"SAME as the reference loop\" if same else \"DIFFERS from the reference loop\")\n"
                + "loop.close()\n";
    }

    /**
     * {@code select_timeout}, as the kit's agent performs it: one {@code _run_once} with the selector's
     * {@code select} replaced by a probe that records the timeout and reports no I/O (so it never blocks), in the
     * running state {@code run_forever} sets up; and the model's comparison of two answers (TimeoutProbe).
     */
    private static final String SELECT_TIMEOUT = "def select_timeout():\n"
            + "    # one iteration whose poll records the timeout the loop passes and reports no I/O\n"
            + "    if loop.is_closed():\n        raise RuntimeError(\"Event loop is closed\")\n"
            + "    selector, seen = loop._selector, []\n\n"
            + "    def probe(timeout=None):\n        seen.append(timeout)\n        return []\n\n"
            + "    own = \"select\" in getattr(selector, \"__dict__\", {})\n    original = selector.select\n"
            + "    selector.select = probe\n    setup = getattr(loop, \"_run_forever_setup\", None)  # 3.13+\n"
            + "    try:\n        if setup is not None:\n            setup()\n        else:\n"
            + "            loop._thread_id = threading.get_ident()\n            asyncio.events._set_running_loop(loop)\n"
            + "        try:\n            loop._run_once()\n        finally:\n            if setup is not None:\n"
            + "                loop._run_forever_cleanup()\n            else:\n                loop._stopping = False\n"
            + "                loop._thread_id = None\n                asyncio.events._set_running_loop(None)\n"
            + "    finally:\n        if own:\n            selector.select = original\n        else:\n"
            + "            del selector.select\n    return seen[0]\n\n\n"
            + "def same_timeout(a, b):\n"
            + "    # CPython's clock is real, the reference loop's virtual: numbers within " + TimeoutProbe.TOLERANCE_SECONDS
            + " s are the same; None and 0 exactly\n"
            + "    if a is None or b is None or a == 0 or b == 0:\n        return a == b\n"
            + "    return abs(a - b) <= " + TimeoutProbe.TOLERANCE_SECONDS + "\n\n\n";

    /**
     * The kit's context variable and named contexts (CTX), its async generators and the program's own hooks (AGEN), a
     * callback's computing and its readings of the clock (CLOCK-1), as the agent performs them (docs/protocol.md).
     */
    private static final String ISSUE_28_HELPERS = "var = contextvars.ContextVar(\"asyncio_tck_value\")\n"
            + "contexts, agens, spent, closed = {}, {}, {}, {}  # closed: generator -> where its finally ran\n\n\n"
            + "def kit_name_of(context):\n    # the kit's earlier name of this very context object, or None\n"
            + "    return next((name for name, c in contexts.items() if c is context), None)\n\n\n"
            + "def program_firstiter(agen):\n    pass\n\n\ndef program_finalizer(agen):\n    pass\n\n\n"
            + "def hooks_kind():\n    hooks = sys.get_asyncgen_hooks()\n"
            + "    kinds = [\"none\" if h is None else \"program\" if h in (program_firstiter, program_finalizer) else"
            + " \"other\"\n             for h in hooks]\n"
            + "    return kinds[0] if kinds[0] == kinds[1] else \"mixed: firstiter %s, finalizer %s\" % tuple(kinds)\n\n\n"
            + "def kit_generator(label, raises_on_close, cancelled_on_close):\n    async def generator():\n        try:\n"
            + "            while True:\n                yield label\n        finally:\n"
            + "            running = asyncio._get_running_loop() is not None and asyncio.current_task() is not None\n"
            + "            where = \"in a task\" if running else \"outside a task\"\n"
            + "            closed[label] = closed[label] + \", \" + where if label in closed else where\n"
            + "            if raises_on_close:\n                raise RuntimeError(\"raised while closing\")\n"
            + "            if cancelled_on_close:\n                raise asyncio.CancelledError(\"cancelled while closing\")\n"
            + "    return generator()\n\n\n"
            + "def advance(agen):\n    step = agen.__anext__()\n    try:\n        step.send(None)\n"
            + "    except StopIteration:\n        pass\n\n\n"
            + "def spend(seconds):\n    # computes, never sleeps: the loop cannot run anything meanwhile\n"
            + "    end = time.monotonic() + seconds\n    while time.monotonic() < end:\n        pass\n\n\n"
            + "def clock_note(label):\n    spent[label] = loop.time()\n    events.append((label + \":time\", run))\n\n\n";

    /**
     * The default executor's helpers (ExecutorBlocks), as the agent's operations/executors.py: the kit's jobs, which
     * keep their records apart (a worker thread records at times of its own), its executors that count what is
     * submitted to them, and whether the calling thread is the one running the loop.
     */
    private static final String EXECUTOR_HELPERS = "import concurrent.futures\n"
            + "executors, jobs = {}, {}  # jobs: where each ran, then the order of its end and the shutdown's return\n"
            + "loop_runner = [threading.get_ident()]  # the thread that runs the loop\n\n\n"
            + "def on_loop_thread():\n    return threading.get_ident() == loop_runner[0]\n\n\n"
            + "def kit_job(label, seconds, raises):\n    def job():\n"
            + "        jobs[label] = \"on the loop's thread\" if on_loop_thread() else \"off the loop's thread\"\n"
            + "        time.sleep(seconds)\n        jobs[label + \":end\"] = len(jobs)\n        if raises:\n"
            + "            raise RuntimeError(\"raised by the job\")\n        return 42\n    return job\n\n\n"
            + "class RecordingExecutor(concurrent.futures.ThreadPoolExecutor):\n    def __init__(self):\n"
            + "        super().__init__(max_workers=2)\n        self.submissions = 0\n\n"
            + "    def submit(self, *args, **kwargs):\n        self.submissions += 1\n"
            + "        return super().submit(*args, **kwargs)\n\n\n"
            + "class NotAThreadPool(concurrent.futures.Executor):\n    def __init__(self):\n"
            + "        self._pool = RecordingExecutor()\n        self.submissions = 0\n\n"
            + "    def submit(self, fn, /, *args, **kwargs):\n        self.submissions += 1\n"
            + "        return self._pool.submit(fn, *args, **kwargs)\n\n"
            + "    def shutdown(self, wait=True, **kwargs):\n        self._pool.shutdown(wait=wait, **kwargs)\n\n\n"
            + "def shutdown_executor(**timeout):\n"
            + "    in_run(lambda: loop.run_until_complete(loop.shutdown_default_executor(**timeout)))\n"
            + "    jobs[\"shutdown_default_executor:returned\"] = len(jobs)\n\n\n"
            + "def wait_for_note(label, seconds):\n    end = time.monotonic() + seconds\n"
            + "    while time.monotonic() < end:\n        if any(e.startswith(label + \":\") for e, _ in events):\n"
            + "            return True\n        time.sleep(0.01)\n    return False\n\n\n";

    /** A dict literal of the generators' records, as the model compares them. */
    private static String closedLiteral(Map<String, String> records) {
        StringBuilder literal = new StringBuilder("{");
        records.forEach((generator, where) -> literal.append(quote(generator)).append(": ").append(quote(where))
                .append(", "));
        return literal.append("}").toString();
    }

    /** The {@code context=} argument of a scheduling call, or nothing. */
    private static String contextArgument(String context) {
        return context == null ? "" : ", context=contexts[" + quote(context) + "]";
    }

    /** Python statements that perform {@code op} at {@code indent}; {@code top} for the kit's own operations. */
    private void statement(Operation op, String indent, StringBuilder out, boolean top) {
        if (op instanceof Operation.CallSoon o) {
            schedule(indent, out, "loop.call_soon(" + function(o.label(), o.then()) + contextArgument(o.context()) + ")",
                    o.handle());
        } else if (op instanceof Operation.CallSoonThreadsafe o) {
            schedule(indent, out, "loop.call_soon_threadsafe(" + function(o.label(), o.then())
                    + contextArgument(o.context()) + ")", o.handle());
        } else if (op instanceof Operation.CallLater o) {
            schedule(indent, out, "loop.call_later(" + number(o.delay()) + ", " + function(o.label(), o.then()) + ")",
                    o.handle());
        } else if (op instanceof Operation.CallAt o) {
            schedule(indent, out, "loop.call_at(loop.time() + " + number(o.delay()) + ", "
                    + function(o.label(), o.then()) + ")", o.handle());
        } else if (op instanceof Operation.CancelHandle o) {
            out.append(indent).append("handles[").append(quote(o.handle())).append("].cancel()\n");
        } else if (op instanceof Operation.CreateFuture o) {
            out.append(indent).append("futures[").append(quote(o.future())).append("] = loop.create_future()\n");
        } else if (op instanceof Operation.AddDoneCallback o) {
            out.append(indent).append("futures[").append(quote(o.future())).append("].add_done_callback(done_callback(")
                    .append(quote(o.future())).append(", ").append(quote(o.label())).append(", ")
                    .append(function(o.label(), o.then())).append(")").append(contextArgument(o.context())).append(")\n");
        } else if (op instanceof Operation.RemoveDoneCallback o) {
            out.append(indent).append("print(\"removed:\", futures[").append(quote(o.future()))
                    .append("].remove_done_callback(dones[(").append(quote(o.future())).append(", ")
                    .append(quote(o.label())).append(")]))\n");
        } else if (op instanceof Operation.SetResult o) {
            out.append(indent).append("futures[").append(quote(o.future())).append("].set_result(")
                    .append(o.value()).append(")\n");
        } else if (op instanceof Operation.SetException o) {
            out.append(indent).append("futures[").append(quote(o.future()))
                    .append("].set_exception(RuntimeError(\"set by the kit\"))\n");
        } else if (op instanceof Operation.CancelFuture o) {
            out.append(indent).append("futures[").append(quote(o.future())).append("].cancel()\n");
        } else if (op instanceof Operation.CreateTask o) {
            String name = "task_" + identifier(o.label());
            StringBuilder task = new StringBuilder("async def " + name + "():\n    record(" + quote(o.label() + ":start")
                    + ")\n    try:\n");
            then(o.then(), "        ", task);
            if (o.awaits() != null) {
                task.append("        await futures[").append(quote(o.awaits())).append("]\n");
            }
            task.append("        pass\n    finally:\n        record(").append(quote(o.label() + ":end")).append(")\n\n\n");
            defs.append(task);
            String make = switch (o.via() == null ? Operation.TaskConstruction.CREATE_TASK : o.via()) {
                case ASYNCIO_CREATE_TASK -> "asyncio.create_task(" + name + "(), name=" + quote(o.task()) + ")";
                case TASK_CONSTRUCTOR -> "asyncio.Task(" + name + "(), loop=loop, name=" + quote(o.task())
                        + (o.eagerStart() ? ", eager_start=True" : "") + ")";
                default -> "loop.create_task(" + name + "(), name=" + quote(o.task())
                        + (o.eagerStart() ? ", eager_start=True" : "") + ")";
            };
            out.append(indent).append("futures[").append(quote(o.task())).append("] = ").append(make).append("\n");
        } else if (op instanceof Operation.CreateScriptedTask o) {
            String name = "task_" + identifier(o.label());
            StringBuilder task = new StringBuilder("async def " + name + "():\n    record(" + quote(o.label() + ":start")
                    + ")\n");
            then(o.then(), "    ", task);
            task.append("    try:\n");
            if (o.awaits() != null) {
                task.append("        try:\n            await futures[").append(quote(o.awaits())).append("]\n")
                        .append("        except asyncio.CancelledError:\n");
                task.append(o.catchesCancellation() ? "            record(" + quote(o.label() + ":caught")
                        + ")\n            return \"caught\"\n" : "            raise\n");
            }
            task.append("        pass\n    finally:\n        record(").append(quote(o.label() + ":end"))
                    .append(")\n    return ").append(quote(o.label())).append("\n\n\n");
            defs.append(task);
            out.append(indent).append("futures[").append(quote(o.task())).append("] = loop.create_task(").append(name)
                    .append("(), name=").append(quote(o.task())).append(")\n");
        } else if (op instanceof Operation.RunCoroutineUntilComplete o) {
            out.append(indent).append("print(\"run_until_complete:\", in_run(lambda: loop.run_until_complete(")
                    .append(coroutine(o)).append("())))\n");
        } else if (op instanceof Operation.Note o && o.of() instanceof Operation.RunCoroutineUntilComplete r) {
            out.append(indent).append("note(").append(quote(o.name())).append(", lambda: loop.run_until_complete(")
                    .append(coroutine(r)).append("()))\n");
        } else if (op instanceof Operation.SetExceptionHandler o) {
            out.append(indent).append("loop.set_exception_handler(").append(switch (o.handler()) {
                case RECORDING -> "recording_handler";
                case RAISING -> "raising_handler";
                case DEFAULT -> "None";
            }).append(")\n");
        } else if (op instanceof Operation.GetExceptionHandler) {
            out.append(indent).append("print(\"exception handler:\", {recording_handler: \"recording\", raising_handler:"
                    + " \"raising\", None: None}.get(loop.get_exception_handler(), \"other\"))\n");
        } else if (op instanceof Operation.CallExceptionHandler o) {
            out.append(indent).append("loop.call_exception_handler({\"message\": ").append(quote(o.message()))
                    .append(", \"exception\": RuntimeError(").append(quote(o.message())).append(")})\n");
        } else if (op instanceof Operation.RaiseBaseException o) {
            out.append(indent).append("raise ").append(o.errorType().wireName()).append("(\"raised by the kit\")\n");
        } else if (op instanceof Operation.Stop) {
            out.append(indent).append("loop.stop()\n");
        } else if (op instanceof Operation.Raise) {
            out.append(indent).append("raise RuntimeError(\"raised by the kit\")\n");
        } else if (op instanceof Operation.RunOnce o && o.via() == Operation.RunOnce.Via.CALL_SOON_STOP) {
            out.append(indent).append("loop.call_soon(loop.stop)\n").append(indent).append("in_run(loop.run_forever)\n");
        } else if (op instanceof Operation.RunOnce) {
            out.append(indent).append("in_run(run_once)\n");
        } else if (op instanceof Operation.RunForever) {
            out.append(indent).append("in_run(loop.run_forever)\n");
        } else if (op instanceof Operation.RunUntilComplete o) {
            out.append(indent).append("print(\"run_until_complete:\", in_run(lambda: loop.run_until_complete(futures[")
                    .append(quote(o.future())).append("])))\n");
        } else if (op instanceof Operation.Note o && o.of() instanceof Operation.IsRunning) {
            out.append(indent).append("note(").append(quote(o.name())).append(", loop.is_running)\n");
        } else if (op instanceof Operation.Note o && o.of() instanceof Operation.ReadyQueueLength) {
            out.append(indent).append("note(").append(quote(o.name())).append(", lambda: len(loop._ready))\n");
        } else if (op instanceof Operation.Note o && o.of() instanceof Operation.CurrentTask) {
            out.append(indent).append("note(").append(quote(o.name()))
                    .append(", lambda: task_name(asyncio.current_task(loop)))\n");
        } else if (op instanceof Operation.Note o && o.of() instanceof Operation.OnLoopThread) {
            out.append(indent).append("note(").append(quote(o.name())).append(", on_loop_thread)\n");
        } else if (op instanceof Operation.RunInExecutor o) {
            out.append(indent).append("futures[").append(quote(o.future())).append("] = loop.run_in_executor(None,"
                    + " kit_job(").append(quote(o.job())).append(", ").append(number(o.seconds())).append(", ")
                    .append(pythonRepr(o.raises())).append("))\n");
        } else if (op instanceof Operation.SetDefaultExecutor o) {
            out.append(indent).append("executors[").append(quote(o.executor())).append("] = ")
                    .append(o.notThreadPool() ? "NotAThreadPool()" : "RecordingExecutor()").append("\n")
                    .append(indent).append("loop.set_default_executor(executors[").append(quote(o.executor()))
                    .append("])\n");
        } else if (op instanceof Operation.ShutdownDefaultExecutor o) {
            out.append(indent).append("shutdown_executor(").append(o.timeout() == null ? ""
                    : "timeout=" + number(o.timeout())).append(")\n");
        } else if (op instanceof Operation.StartLoopThread) {
            out.append(indent).append("start_loop_thread()\n");
        } else if (op instanceof Operation.StopLoopThread) {
            out.append(indent).append("stop_loop_thread()\n");
        } else if (op instanceof Operation.CancelTask o) {
            out.append(indent).append("futures[").append(quote(o.task())).append("].cancel(")
                    .append(o.msg() == null ? "" : quote(o.msg())).append(")\n");
        } else if (op instanceof Operation.Close) {
            out.append(indent).append("loop.close()\n");
        } else if (op instanceof Operation.IsClosed) {
            out.append(indent).append("print(\"is_closed:\", loop.is_closed())\n");
        } else if (op instanceof Operation.FutureResult o) {
            out.append(indent).append("print(\"result:\", futures[").append(quote(o.future())).append("].result())\n");
        } else if (op instanceof Operation.FutureException o) {
            out.append(indent).append("print(\"exception:\", repr(futures[").append(quote(o.future()))
                    .append("].exception()))\n");
        } else if (op instanceof Operation.SetStopIteration o) {
            out.append(indent).append("futures[").append(quote(o.future()))
                    .append("].set_exception(StopIteration(\"set by the kit\"))\n");
        } else if (op instanceof Operation.SocketPair o) {
            out.append(indent).append("sockets[").append(quote(o.socket())).append("] = socket.socketpair()\n");
        } else if (op instanceof Operation.MakeReadable o) {
            out.append(indent).append("sockets[").append(quote(o.socket())).append("][1].send(b\"x\")\n");
        } else if (op instanceof Operation.AddReader o) {
            out.append(indent).append("loop.add_reader(sockets[").append(quote(o.socket())).append("][0], ")
                    .append(function(o.label(), o.then())).append(")\n");
        } else if (op instanceof Operation.AddWriter o) {
            out.append(indent).append("loop.add_writer(sockets[").append(quote(o.socket())).append("][0], ")
                    .append(function(o.label(), o.then())).append(")\n");
        } else if (op instanceof Operation.SetContextValue o) {
            out.append(indent).append("var.set(").append(quote(o.value())).append(")\n");
        } else if (op instanceof Operation.CopyContext o) {
            out.append(indent).append("contexts[").append(quote(o.context())).append("] = contextvars.copy_context()\n");
        } else if (op instanceof Operation.Note o && o.of() instanceof Operation.ContextValue) {
            out.append(indent).append("note(").append(quote(o.name())).append(", lambda: var.get(None))\n");
        } else if (op instanceof Operation.Note o && o.of() instanceof Operation.AsyncgenHooks) {
            out.append(indent).append("note(").append(quote(o.name())).append(", hooks_kind)\n");
        } else if (op instanceof Operation.Note o && o.of() instanceof Operation.LoopTime) {
            out.append(indent).append("clock_note(").append(quote(o.name())).append(")\n");
        } else if (op instanceof Operation.Spend o) {
            out.append(indent).append("spend(").append(number(o.seconds())).append(")\n");
        } else if (op instanceof Operation.SetAsyncgenHooks o) {
            out.append(indent).append(o.hooks() == Operation.AsyncgenHooksKind.PROGRAM
                    ? "sys.set_asyncgen_hooks(firstiter=program_firstiter, finalizer=program_finalizer)\n"
                    : "sys.set_asyncgen_hooks(firstiter=None, finalizer=None)\n");
        } else if (op instanceof Operation.CreateAsyncGenerator o) {
            out.append(indent).append("agens[").append(quote(o.generator())).append("] = kit_generator(")
                    .append(quote(o.label())).append(", ").append(pythonRepr(o.raisesOnClose()))
                    .append(", ").append(pythonRepr(o.cancelledOnClose())).append(")\n");
        } else if (op instanceof Operation.AdvanceAsyncGenerator o) {
            out.append(indent).append("advance(agens[").append(quote(o.generator())).append("])\n");
        } else if (op instanceof Operation.DropAsyncGenerator o) {
            out.append(indent).append("del agens[").append(quote(o.generator())).append("]\n")
                    .append(indent).append("gc.collect()\n");
        } else if (op instanceof Operation.ShutdownAsyncgens) {
            out.append(indent).append("in_run(lambda: loop.run_until_complete(loop.shutdown_asyncgens()))\n");
        } else if (answeringCall(op).isPresent()) {
            out.append(indent).append("print(").append(quote(op.wireName() + ":")).append(", ")
                    .append(answeringCall(op).get()).append(")\n");
        } else {
            out.append(indent).append("raise NotImplementedError(").append(quote(op.wireName())).append(")\n");
        }
    }

    /** What a step that reads the clock evaluates: its value is checked on this loop alone ({@link #clockChecks}). */
    private static Optional<String> clockReading(Operation op) {
        if (op instanceof Operation.LoopTime) {
            return Optional.of("loop.time()");
        } else if (op instanceof Operation.HandleWhen o) {
            return Optional.of("handles[" + quote(o.handle()) + "].when()");
        }
        return Optional.empty();
    }

    /**
     * The clock's checks of {@link ClockChecks}, on the loop the script ran, with the same tolerances: a site whose
     * reading raised is left to the outcomes (compared above), as the model leaves it.
     */
    private static String clockChecks(Program program) {
        List<ClockChecks.Site> sites = ClockChecks.sites(program);
        List<String> spenders = Steps.everyOperation(program.steps()).stream()
                .filter(op -> op instanceof Operation.Note n && n.of() instanceof Operation.LoopTime
                        && n.name().endsWith(".t0"))
                .map(op -> ((Operation.Note) op).name().replaceAll("\\.t0$", "")).toList();
        String spending = spenders.isEmpty() ? "" : "\n\ndef spent_kept(callback):\n"
                + "    # CLOCK-1: the callback's two readings of loop.time() are what it computed for apart\n"
                + "    if callback + \".t1\" not in spent:\n        return True\n"
                + "    moved = spent[callback + \".t1\"] - spent[callback + \".t0\"]\n"
                + "    kept = moved >= " + ClockChecks.SPENT_SECONDS + " - " + ClockChecks.EARLY_TOLERANCE_SECONDS + "\n"
                + "    print(\"CLOCK-1: %s computed for " + ClockChecks.SPENT_SECONDS + " s and saw loop.time() move %r:"
                + " %s\" % (callback, moved, kept))\n    return kept\n";
        if (sites.isEmpty() && spenders.isEmpty()) {
            return "clock_kept = True  # the program reads no clock\n";
        }
        if (sites.isEmpty()) {
            StringBuilder only = new StringBuilder(spending + "\n\nclock_kept = all([\n");
            spenders.forEach(cb -> only.append("    spent_kept(").append(quote(cb)).append("),\n"));
            return only.append("])\n").toString();
        }
        StringBuilder checks = new StringBuilder("failed = {n for n, _, what in outcomes if what.startswith(\"error\")}\n"
                + "\n\ndef deadline_kept(label, delay, before, timer, after, when):\n"
                + "    # TIMER-1: call_later() computes time() + delay between the two readings of the clock\n"
                + "    if {before, timer, after, when} & failed:\n        return True\n"
                + "    low, high = clock[before] + delay, clock[after] + delay\n"
                + "    slack = " + ClockChecks.DEADLINE_ULPS + " * math.ulp(max(abs(low), abs(high)))\n"
                + "    kept = low - slack <= clock[when] <= high + slack\n"
                + "    print(\"TIMER-1: when() of %s is %r, between %r and %r: %s\" % (label, clock[when], low, high, kept))\n"
                + "    return kept\n"
                + "\n\ndef run_end_kept(handle, delay, run, time_at, when):\n"
                + "    # TIMER-3: the run ends once its completer ran, which is not before its when(); a time before\n"
                + "    # even when() - delay (when the run scheduled it) is a clock that went back (TIMER-5)\n"
                + "    if {run, time_at, when} & failed:\n        return True\n"
                + "    tolerance = " + ClockChecks.EARLY_TOLERANCE_SECONDS + "\n"
                + "    kept = clock[time_at] >= clock[when] - tolerance\n"
                + "    rule = \"TIMER-3\" if kept or clock[time_at] >= clock[when] - delay - tolerance else \"TIMER-5\"\n"
                + "    print(\"%s: loop.time() after the run is %r, when() of %s %r: %s\" % (rule, clock[time_at], handle,"
                + " clock[when], kept))\n"
                + "    return kept\n"
                + "\n\ndef never_backwards(readings):\n"
                + "    # TIMER-5: loop.time(), read at these steps in this order, never decreases\n"
                + "    times = [clock[n] for n in readings if n not in failed]\n"
                + "    kept = all(a <= b for a, b in zip(times, times[1:]))\n"
                + "    print(\"TIMER-5: loop.time() read as %r: %s\" % (times, kept))\n"
                + "    return kept\n" + spending + "\n\nclock_kept = all([\n");
        spenders.forEach(cb -> checks.append("    spent_kept(").append(quote(cb)).append("),\n"));
        List<Integer> readings = new ArrayList<>();
        for (int i = 0; i < program.size(); i++) {
            if (program.steps().get(i) instanceof Operation.LoopTime) {
                readings.add(i + 1);
            }
        }
        checks.append("    never_backwards(").append(readings).append("),\n");
        for (ClockChecks.Site site : sites) {
            if (site instanceof ClockChecks.Deadline d) {
                checks.append("    deadline_kept(").append(quote(d.label())).append(", ").append(number(d.delay()))
                        .append(", ").append(d.before() + 1).append(", ").append(d.timer() + 1).append(", ")
                        .append(d.after() + 1).append(", ").append(d.when() + 1).append("),\n");
            } else if (site instanceof ClockChecks.RunEnd r) {
                checks.append("    run_end_kept(").append(quote(r.handle())).append(", ").append(number(r.delay()))
                        .append(", ").append(r.run() + 1)
                        .append(", ").append(r.time() + 1).append(", ").append(r.when() + 1).append("),\n");
            }
        }
        return checks.append("])\n").toString();
    }

    /** The call of a step whose answer the model compares and the script prints and compares too. */
    private static Optional<String> answeringCall(Operation op) {
        if (op instanceof Operation.RemoveReader o) {
            return Optional.of("loop.remove_reader(sockets[" + quote(o.socket()) + "][0])");
        } else if (op instanceof Operation.RemoveWriter o) {
            return Optional.of("loop.remove_writer(sockets[" + quote(o.socket()) + "][0])");
        } else if (op instanceof Operation.ReadyQueueLength) {
            return Optional.of("len(loop._ready)");
        } else if (op instanceof Operation.HandleContext o) {
            // the kit's earlier name of the context the handle answers; then it is named anew, as the agent does
            return Optional.of("(lambda c: (kit_name_of(c), contexts.__setitem__(" + quote(o.context())
                    + ", c))[0])(handles[" + quote(o.handle()) + "].get_context())");
        } else if (op instanceof Operation.AsyncgenHooks) {
            return Optional.of("hooks_kind()");
        } else if (op instanceof Operation.ExecutorSubmissions o) {
            return Optional.of("executors[" + quote(o.executor()) + "].submissions");
        } else if (op instanceof Operation.WaitFor o) {
            return Optional.of("wait_for_note(" + quote(o.label()) + ", " + number(o.seconds()) + ")");
        }
        return Optional.empty();
    }

    /** How Python's repr() writes a simple answer the reference loop gave: True, False, None, a number. */
    private static String pythonRepr(Object value) {
        if (value == null) {
            return "None";
        } else if (value instanceof Boolean b) {
            return b ? "True" : "False";
        } else if (value instanceof String text) {
            return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"; // as repr() writes a plain string
        }
        return String.valueOf(value);
    }

    /** Defines the coroutine of a run_until_complete(coro): it records its start and end, as a task's does. */
    private String coroutine(Operation.RunCoroutineUntilComplete o) {
        String name = "coro_" + identifier(o.label());
        if (!functions.containsKey(name)) {
            functions.put(name, o.label());
            defs.append("async def ").append(name).append("():\n    record(").append(quote(o.label() + ":start"))
                    .append(")\n    try:\n");
            if (o.awaits() != null) {
                defs.append("        await futures[").append(quote(o.awaits())).append("]\n");
            }
            defs.append("        pass\n    finally:\n        record(").append(quote(o.label() + ":end"))
                    .append(")\n    return ").append(quote(o.label())).append("\n\n\n");
        }
        return name;
    }

    private static void schedule(String indent, StringBuilder out, String call, String handle) {
        out.append(indent);
        if (handle != null) {
            out.append("handles[").append(quote(handle)).append("] = ");
        }
        out.append(call).append("\n");
    }

    /** Defines the callback that records {@code label} and performs {@code then}; returns its name. */
    private String function(String label, List<Operation> then) {
        String name = "cb_" + identifier(label);
        if (!functions.containsKey(name)) {
            functions.put(name, label);
            StringBuilder f = new StringBuilder("def " + name + "():\n    record(" + quote(label) + ")\n");
            then(then, "    ", f);
            f.append("\n\n");
            defs.append(f);
        }
        return name;
    }

    /** A callback's then: an operation that raises records "!error" and the next goes on; raise leaves. */
    private void then(List<Operation> then, String indent, StringBuilder out) {
        for (Operation op : then) {
            if (op instanceof Operation.Raise || op instanceof Operation.RaiseBaseException) {
                statement(op, indent, out, false);
                return;
            }
            out.append(indent).append("try:\n");
            statement(op, indent + "    ", out, false);
            out.append(indent).append("except Exception as e:\n").append(indent)
                    .append("    record(\"!error \" + type(e).__name__)\n");
        }
    }

    private static String identifier(String label) {
        return label.replaceAll("[^A-Za-z0-9]", "_");
    }

    private static String number(double value) {
        return String.format(Locale.ROOT, "%s", value);
    }

    static String quote(String text) {
        return FileText.pythonString(text);
    }
}
