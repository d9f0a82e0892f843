#!/usr/bin/env python3
"""Self-test of the Python agent (the package tck/protocol/src/main/python/asyncio_tck_agent/).

Starts the agent with the interpreter running this file and holds a conversation
covering every operation of docs/protocol.md. Standard library only. The agent is
the folder tck/protocol/src/main/python (run as ``python3 FOLDER``, exactly as the zipapp
built from it runs); ASYNCIO_TCK_AGENT names another, e.g. the built .pyz.

    python3 tck/protocol/src/test/python/test_agent.py
    ASYNCIO_TCK_AGENT=tck/protocol/target/classes/org/asynciotck/process/asyncio-tck-agent.pyz python3 tck/protocol/src/test/python/test_agent.py
    ASYNCIO_TCK_AGENT_ARGS="--variant py" python3 tck/protocol/src/test/python/test_agent.py
    ASYNCIO_TCK_AGENT_ARGS="--loop uvloop" .venv-uvloop/bin/python tck/protocol/src/test/python/test_agent.py

Operations whose capability the agent does not declare are still sent once, to
check that they come back as an error outcome rather than breaking the agent.
"""

import asyncio
import contextlib
import io
import json
import os
import queue
import shlex
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
import unittest

AGENT = os.environ.get("ASYNCIO_TCK_AGENT") or os.path.normpath(os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "main", "python"))
AGENT_ARGS = shlex.split(os.environ.get("ASYNCIO_TCK_AGENT_ARGS", ""))
REPLY_TIMEOUT_SECONDS = 20
ALL_CAPABILITIES = {"ready-queue", "select-timeout", "handle-internals", "enter-leave-task",
                    "swap-current-task", "eager-start", "uninitialised-task"}
# docs/threads-and-time.md: the bound that proves a callback did not run, and the one for a prompt wake-up.
STALL_BOUND_SECONDS = 0.5
WAKE_BOUND_SECONDS = 5
USES_CPYTHON_LOOP = "--loop" not in AGENT_ARGS
# Every reply is validated against docs/protocol-replies.schema.json with Python's jsonschema where it
# is installed (the suite stays standard-library only otherwise); ASYNCIO_TCK_REQUIRE_JSONSCHEMA=1 makes
# its absence a failure, for the build's run that is meant to validate (ProtocolTranscriptTest).
REPLIES_SCHEMA = os.path.normpath(os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "..", "docs", "protocol-replies.schema.json"))


def _replies_validator():
    try:
        import jsonschema
    except ImportError:
        if os.environ.get("ASYNCIO_TCK_REQUIRE_JSONSCHEMA") == "1":
            raise SystemExit("ASYNCIO_TCK_REQUIRE_JSONSCHEMA=1 but jsonschema is not installed for " + sys.executable)
        sys.stderr.write("note: jsonschema is not installed; replies are not validated against %s\n" % REPLIES_SCHEMA)
        return None
    with open(REPLIES_SCHEMA, encoding="utf-8") as schema_file:
        schema = json.load(schema_file)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


REPLIES_VALIDATOR = _replies_validator()
VALIDATED_REPLIES = [0]


class AgentProcess:
    """One running agent; every read is bounded by REPLY_TIMEOUT_SECONDS."""

    def __init__(self, *extra_args):
        self.process = subprocess.Popen(
            [sys.executable, AGENT, *AGENT_ARGS, *extra_args],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.seq = 0
        self.lines = queue.Queue()
        self.stderr_chunks = []
        threading.Thread(target=self._pump_replies, daemon=True).start()
        threading.Thread(target=self._pump_stderr, daemon=True).start()

    def _pump_replies(self):
        for line in iter(self.process.stdout.readline, b""):
            self.lines.put(line)
        self.lines.put(None)  # end of stdout: the agent is gone

    def _pump_stderr(self):
        for chunk in iter(self.process.stderr.readline, b""):
            self.stderr_chunks.append(chunk)

    def send_raw(self, line):
        self.process.stdin.write(line.encode("utf-8") + b"\n")
        self.process.stdin.flush()
        return self.reply()

    def request(self, kind, **fields):
        self.seq += 1
        reply = self.send_raw(json.dumps(dict({"seq": self.seq, "type": kind}, **fields)))
        assert reply["seq"] == self.seq, "reply %r does not echo seq %d" % (reply, self.seq)
        return reply

    def reply(self):
        try:
            line = self.lines.get(timeout=REPLY_TIMEOUT_SECONDS)
        except queue.Empty:
            raise AssertionError("no reply within %ds; stderr: %s" % (REPLY_TIMEOUT_SECONDS, self.stderr()))
        if line is None:
            raise AssertionError("agent closed stdout; stderr: %s" % self.stderr())
        reply = json.loads(line)
        if REPLIES_VALIDATOR is not None:
            errors = sorted(REPLIES_VALIDATOR.iter_errors(reply), key=str)
            assert not errors, "reply %r does not match docs/protocol-replies.schema.json: %s" % (
                reply, "; ".join(e.message for e in errors[:3]))
            VALIDATED_REPLIES[0] += 1
        return reply

    def perform(self, **operation):
        reply = self.request("perform", operation=operation)
        assert reply["type"] == "outcome", reply
        return reply["outcome"]

    def value(self, **operation):
        outcome = self.perform(**operation)
        assert outcome["kind"] == "value", "expected a value from %r, got %r" % (operation, outcome)
        return outcome["value"]

    def stderr(self):
        return b"".join(self.stderr_chunks).decode("utf-8", "replace")[-4000:]

    def finish(self):
        self.process.stdin.close()  # end of input: the agent closes its session and exits
        if self.process.poll() is None:
            try:
                self.process.wait(timeout=REPLY_TIMEOUT_SECONDS)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=REPLY_TIMEOUT_SECONDS)
        self.process.stdout.close()
        self.process.stderr.close()


def nothing():
    return {"kind": "nothing"}


def labels(events):
    return [event["label"] for event in events]


class AgentTestCase(unittest.TestCase):
    """A fresh agent, greeted, with one session open."""

    def setUp(self):
        self.agent = AgentProcess()
        self.addCleanup(self.agent.finish)
        hello = self.agent.request("hello", protocol=1)
        self.assertEqual("hello", hello["type"], hello)
        self.capabilities = set(hello["implementation"]["capabilities"])
        self.assertEqual({"type": "ok", "seq": 2}, self.agent.request("open_session"))

    def needs(self, capability, operation):
        """True when the test may go on; else checks the operation is refused as an outcome error."""
        if capability in self.capabilities:
            return True
        outcome = self.agent.perform(**operation)
        self.assertEqual("error", outcome["kind"], "%s without %s should fail, got %r"
                         % (operation["op"], capability, outcome))
        return False

    def recorded(self):
        return self.agent.value(op="recorded")


class HelloAndFramingTest(unittest.TestCase):

    def setUp(self):
        self.agent = AgentProcess()
        self.addCleanup(self.agent.finish)

    def test_hello_reports_the_running_python_and_only_known_capabilities(self):
        hello = self.agent.request("hello", protocol=1)
        implementation = hello["implementation"]
        self.assertEqual(1, hello["protocol"])
        self.assertEqual("%d.%d" % sys.version_info[:2], implementation["api_level"])
        self.assertEqual("%d.%d.%d" % sys.version_info[:3], implementation["python"])
        self.assertLessEqual(set(implementation["capabilities"]), ALL_CAPABILITIES)
        self.assertEqual(sorted(implementation["capabilities"]), implementation["capabilities"])
        if "--loop" not in AGENT_ARGS:
            self.assertEqual("CPython asyncio", implementation["name"])
            # Stock asyncio declares no profile: it follows every default (docs/protocol.md, "Profiles").
            self.assertEqual([], implementation["profiles"])
            expected = {"ready-queue", "select-timeout", "handle-internals", "enter-leave-task",
                        "uninitialised-task"}
            if sys.version_info >= (3, 12):
                expected |= {"swap-current-task", "eager-start"}
            self.assertEqual(expected, set(implementation["capabilities"]))
            absent = ALL_CAPABILITIES - expected
            self.assertEqual(absent, set(implementation["capability_notes"]), "a note for each absent one, no more")
        self.assertLessEqual(set(implementation.get("capability_notes", {})), ALL_CAPABILITIES
                             - set(implementation["capabilities"]))
        self.assertIn("capability", self.agent.stderr() + self._stderr_after_bye())

    def _stderr_after_bye(self):
        self.assertEqual("ok", self.agent.request("bye")["type"])
        self.assertEqual(0, self.agent.process.wait(timeout=REPLY_TIMEOUT_SECONDS))
        return self.agent.stderr()

    def test_requests_before_hello_are_protocol_errors(self):
        reply = self.agent.request("open_session")
        self.assertEqual("protocol_error", reply["type"])
        self.assertIn("hello", reply["message"])

    def test_malformed_requests_are_protocol_errors_and_the_agent_goes_on(self):
        self.agent.request("hello", protocol=1)
        self.assertEqual("protocol_error", self.agent.send_raw("{not json")["type"])
        self.assertEqual("protocol_error", self.agent.request("dance")["type"])
        self.assertEqual("protocol_error", self.agent.request("perform", operation={"op": "stop"})["type"],
                         "perform without a session")
        self.agent.request("open_session")
        self.assertEqual("protocol_error", self.agent.request("open_session")["type"], "second session")
        unknown_op = self.agent.request("perform", operation={"op": "fly"})
        self.assertEqual("protocol_error", unknown_op["type"])
        self.assertIn("fly", unknown_op["message"])
        missing = self.agent.request("perform", operation={"op": "call_soon"})
        self.assertIn("label", missing["message"])
        nested = self.agent.request("perform", operation={"op": "call_soon", "label": "a", "then": [{"op": "x"}]})
        self.assertEqual("protocol_error", nested["type"], "then is checked before anything runs")
        self.assertEqual([], self.agent.value(op="recorded"))

    def test_bye_ends_the_agent_with_exit_status_0(self):
        self.agent.request("hello", protocol=1)
        self.agent.request("open_session")
        self.assertEqual("ok", self.agent.request("bye")["type"])
        self.assertEqual(0, self.agent.process.wait(timeout=REPLY_TIMEOUT_SECONDS))

    def test_sessions_forget_names(self):
        self.agent.request("hello", protocol=1)
        self.agent.request("open_session")
        self.agent.perform(op="create_future", future="f")
        self.assertEqual("ok", self.agent.request("close_session")["type"])
        self.agent.request("open_session")
        outcome = self.agent.perform(op="future_done", future="f")
        self.assertEqual({"kind": "error", "error_type": "KitError"},
                         {k: outcome[k] for k in ("kind", "error_type")})
        self.assertIn("'f'", outcome["message"])


class StartupTest(unittest.TestCase):

    def run_agent(self, *args):
        return subprocess.run([sys.executable, AGENT, *args], input=b"", capture_output=True,
                              timeout=REPLY_TIMEOUT_SECONDS)

    def test_a_loop_module_that_cannot_be_imported_exits_3_with_a_message(self):
        result = self.run_agent("--loop", "no_such_module_for_the_tck:make")
        self.assertEqual(3, result.returncode)
        self.assertIn(b"no_such_module_for_the_tck", result.stderr)
        self.assertEqual(b"", result.stdout)

    def test_usage_errors_exit_2(self):
        self.assertEqual(2, self.run_agent("--variant", "rust").returncode)
        self.assertEqual(2, self.run_agent("--loop", "not-a-loop").returncode)

    def test_a_factory_loop_that_prints_cannot_pollute_the_protocol_channel(self):
        with tempfile.TemporaryDirectory() as directory:
            with open(os.path.join(directory, "noisy_loop.py"), "w") as module:
                module.write(textwrap.dedent("""\
                    import asyncio, os
                    __version__ = "9.9"
                    def make():
                        print("print to stdout")
                        os.write(1, b"raw write to fd 1\\n")
                        return asyncio.new_event_loop()
                    """))
            agent = AgentProcess("--loop", "noisy_loop:make", "--python-path", directory)
            self.addCleanup(agent.finish)
            implementation = agent.request("hello", protocol=1)["implementation"]
            self.assertEqual("9.9", implementation["version"])
            self.assertTrue(implementation["name"].endswith("EventLoop"), implementation["name"])
            self.assertEqual("ok", agent.request("open_session")["type"])
            self.assertEqual("ok", agent.request("bye")["type"])
            self.assertEqual(0, agent.process.wait(timeout=REPLY_TIMEOUT_SECONDS))
            self.assertIn("raw write to fd 1", agent.stderr())

    def test_the_named_reentrant_loops_patch_asyncios_loop_with_their_library_and_declare_nested_runs(self):
        # A stand-in library on --python-path, ahead of any installed one: the agent's part is to call
        # apply(loop) on each fresh loop and to declare nested-runs, whatever the library does.
        for library in ("nest_asyncio", "nest_asyncio2"):
            with tempfile.TemporaryDirectory() as directory:
                with open(os.path.join(directory, library + ".py"), "w") as module:
                    module.write("import sys\ndef apply(loop):\n    print('applied', file=sys.stderr, flush=True)\n")
                agent = AgentProcess("--loop", library, "--python-path", directory)
                self.addCleanup(agent.finish)
                implementation = agent.request("hello", protocol=1)["implementation"]
                self.assertEqual(library, implementation["name"])
                self.assertEqual(["nested-runs"], implementation["profiles"])
                self.assertEqual("ok", agent.request("open_session")["type"])
                self.assertEqual("ok", agent.request("bye")["type"])
                self.assertEqual(0, agent.process.wait(timeout=REPLY_TIMEOUT_SECONDS))
                self.assertIn("applied", agent.stderr())


class VariantTest(unittest.TestCase):

    @unittest.skipUnless(sys.version_info >= (3, 12), "asyncio.eager_task_factory exists from 3.12 on")
    def test_the_py_variant_keeps_a_loops_eager_task_factory_over_the_pure_python_task(self):
        # The loop's asyncio.eager_task_factory (profile eager-task-factory) must stay eager under --variant py.
        script = textwrap.dedent("""\
            import asyncio, sys
            sys.path.insert(0, sys.argv[1])
            from asyncio_tck_agent.variants import Variant
            variant = Variant.named("py")
            loop = asyncio.new_event_loop()
            loop.set_task_factory(asyncio.eager_task_factory)
            variant.install(loop)
            made = []
            async def body():
                pass
            def callback():
                made.append(loop.create_task(body()))
                loop.stop()
            loop.call_soon(callback)
            loop.run_forever()
            print(type(made[0]) is variant.task_class, made[0].done())
            loop.close()
            """)
        result = subprocess.run([sys.executable, "-c", script, AGENT], capture_output=True,
                                timeout=REPLY_TIMEOUT_SECONDS)
        self.assertEqual(b"True True", result.stdout.strip(), result.stderr)


class SchedulingTest(AgentTestCase):

    def test_callbacks_run_in_order_and_callbacks_they_schedule_wait_for_the_next_iteration(self):
        self.agent.perform(op="call_soon", label="a",
                           then=[{"op": "call_soon", "label": "c", "then": [], "handle": None}], handle=None)
        self.assertEqual(nothing(), self.agent.perform(op="call_soon_threadsafe", label="b", handle="hb"))
        self.agent.perform(op="call_later", delay=-1, label="late", then=[], handle=None)
        self.agent.perform(op="run_once")
        self.agent.perform(op="run_once")
        # CPython runs "c" in the next iteration; uvloop (0.23) runs it before it honours the stop.
        # Which is right is the kit's verdict to give; here only the recording is checked.
        c_run = 2 if "--loop" not in AGENT_ARGS else self.recorded()[-1]["run"]
        self.assertEqual([{"label": "a", "run": 1}, {"label": "b", "run": 1}, {"label": "late", "run": 1},
                          {"label": "c", "run": c_run}], self.recorded())

    def test_a_cancelled_handle_is_skipped_and_drops_its_callback(self):
        self.agent.perform(op="call_soon", label="a", handle="h")
        self.assertFalse(self.agent.value(op="handle_cancelled", handle="h"))
        if "handle-internals" in self.capabilities:
            self.assertTrue(self.agent.value(op="handle_holds_callback", handle="h"))
        self.assertEqual(nothing(), self.agent.perform(op="cancel_handle", handle="h"))
        self.assertTrue(self.agent.value(op="handle_cancelled", handle="h"))
        if self.needs("handle-internals", {"op": "handle_holds_callback", "handle": "h"}):
            self.assertFalse(self.agent.value(op="handle_holds_callback", handle="h"))
        self.agent.perform(op="run_once")
        self.assertEqual([], self.recorded())

    def test_the_ready_queue_can_be_measured_and_a_handle_taken_out(self):
        self.agent.perform(op="call_soon", label="a", handle="h")
        self.agent.perform(op="call_soon", label="b", handle=None)
        if not self.needs("ready-queue", {"op": "ready_queue_length"}):
            return
        self.assertEqual(2, self.agent.value(op="ready_queue_length"))
        self.assertTrue(self.agent.value(op="remove_from_ready_queue", handle="h"))
        self.assertFalse(self.agent.value(op="remove_from_ready_queue", handle="h"))
        self.assertEqual(1, self.agent.value(op="ready_queue_length"))
        self.agent.perform(op="run_once")
        self.assertEqual(["b"], labels(self.recorded()))

    def test_run_forever_runs_until_a_callback_stops_the_loop(self):
        self.agent.perform(op="call_soon", label="a", then=[
            {"op": "call_soon", "label": "b", "then": [{"op": "stop"}], "handle": None}], handle=None)
        self.assertEqual(nothing(), self.agent.perform(op="run_forever"))
        self.assertEqual([{"label": "a", "run": 1}, {"label": "b", "run": 1}], self.recorded())

    def test_stop_before_running_makes_run_forever_do_one_iteration(self):
        self.agent.perform(op="call_soon", label="a", handle=None)
        self.assertEqual(nothing(), self.agent.perform(op="stop"))
        self.agent.perform(op="run_forever")
        self.assertEqual([{"label": "a", "run": 1}], self.recorded())

    def test_one_iteration_by_call_soon_stop_runs_what_stop_before_run_runs(self):
        # The kit's fallback primitive (docs/threads-and-time.md, "Which primitive drives iterations"):
        # what is queued and the due timers run in the first iteration, what they schedule in the next.
        for via in (None, "stop_before_run", "call_soon_stop"):
            self.agent.request("close_session")
            self.agent.request("sync")
            self.agent.request("open_session")
            self.agent.perform(op="call_soon", label="a",
                               then=[{"op": "call_soon", "label": "b", "then": [], "handle": None}], handle=None)
            self.agent.perform(op="call_later", delay=-1, label="late", then=[], handle=None)
            self.agent.perform(op="call_soon", label="c", handle=None)
            operation = {"op": "run_once"} if via is None else {"op": "run_once", "via": via}
            self.assertEqual(nothing(), self.agent.perform(**operation))
            self.assertEqual(nothing(), self.agent.perform(**operation))
            if "--loop" in AGENT_ARGS and via == "call_soon_stop":
                continue  # uvloop's stop() from a callback is a batch late (errata U-1): the kit's verdict
            self.assertEqual([{"label": "a", "run": 1}, {"label": "c", "run": 1}, {"label": "late", "run": 1},
                              {"label": "b", "run": 2}], self.recorded(), via)

    def test_a_run_once_by_an_unknown_primitive_is_a_protocol_error(self):
        refused = self.agent.request("perform", operation={"op": "run_once", "via": "call_later_stop"})
        self.assertEqual("protocol_error", refused["type"])
        self.assertIn("via", refused["message"])

    def test_select_timeout_is_zero_with_ready_work_the_timer_delay_with_a_timer_and_null_when_idle(self):
        if not self.needs("select-timeout", {"op": "select_timeout"}):
            return
        self.assertIsNone(self.agent.value(op="select_timeout"))
        self.agent.perform(op="call_soon", label="a", handle=None)
        self.assertEqual(0, self.agent.value(op="select_timeout"))
        self.agent.perform(op="call_later", delay=30, label="t", handle="t")
        timeout = self.agent.value(op="select_timeout")
        self.assertTrue(25 < timeout <= 30, timeout)
        self.assertEqual([{"label": "a", "run": 2}], self.recorded())
        self.agent.perform(op="cancel_handle", handle="t")

    def test_an_operation_that_fails_inside_a_callback_is_recorded_and_the_callback_goes_on(self):
        self.agent.perform(op="call_soon", label="a", handle=None, then=[
            {"op": "run_once"},
            {"op": "note", "name": "n", "of": {"op": "future_done", "future": "missing"}},
            {"op": "note", "name": "len", "of": {"op": "recorded"}},
        ])
        self.agent.perform(op="run_once")
        events = self.recorded()
        self.assertEqual(["a", "!error", "n", "len"], labels(events))
        self.assertTrue(events[1]["value"].startswith("RuntimeError: "), events[1])
        self.assertTrue(events[2]["value"].startswith("KitError: "), events[2])
        self.assertEqual(3, len(events[3]["value"]))

    def test_raise_leaves_the_callback_so_the_loop_reports_it_and_skips_the_rest_of_then(self):
        self.agent.perform(op="call_soon", label="a", handle=None, then=[
            {"op": "raise"}, {"op": "call_soon", "label": "never", "handle": None}])
        self.agent.perform(op="call_soon", label="b", handle=None)
        self.agent.perform(op="run_once")
        self.agent.perform(op="run_once")
        self.assertEqual([{"label": "a", "run": 1}, {"label": "b", "run": 1}], self.recorded())
        self.assertEqual(["RuntimeError: raised by the kit"], self.agent.value(op="reported_errors"))
        error = self.agent.perform(op="raise")
        self.assertEqual(("RuntimeError", "raised by the kit"), (error["error_type"], error["message"]))

    def test_call_at_takes_its_deadline_from_the_loop_clock(self):
        self.agent.perform(op="call_at", delay=-1, label="due", handle=None)
        self.agent.perform(op="call_at", delay=3600, label="later", handle="h")
        self.agent.perform(op="run_once")
        self.assertEqual([{"label": "due", "run": 1}], self.recorded())
        self.agent.perform(op="cancel_handle", handle="h")

    def test_a_note_outside_a_run_records_run_0_and_gives_the_inner_outcome(self):
        self.agent.perform(op="create_future", future="f")
        self.assertFalse(self.agent.value(op="note", name="n", of={"op": "future_done", "future": "f"}))
        error = self.agent.perform(op="note", name="m", of={"op": "task_done", "task": "missing"})
        self.assertEqual("KitError", error["error_type"])
        self.assertEqual([{"label": "n", "run": 0, "value": False}, {"label": "m", "run": 0,
                          "value": "KitError: " + error["message"]}], self.recorded())


class FutureTest(AgentTestCase):

    def test_done_callbacks_are_scheduled_by_set_result_and_run_in_the_next_iteration(self):
        self.assertEqual(nothing(), self.agent.perform(op="create_future", future="f"))
        self.agent.perform(op="add_done_callback", future="f", label="done", then=[
            {"op": "note", "name": "is-done", "of": {"op": "future_done", "future": "f"}}])
        self.assertFalse(self.agent.value(op="future_done", future="f"))
        self.assertEqual(nothing(), self.agent.perform(op="set_result", future="f", value={"x": [1]}))
        self.assertTrue(self.agent.value(op="future_done", future="f"))
        self.assertEqual([], self.recorded())
        self.agent.perform(op="run_once")
        self.assertEqual([{"label": "done", "run": 1}, {"label": "is-done", "run": 1, "value": True}],
                         self.recorded())

    def test_a_second_result_is_refused_by_the_loop(self):
        self.agent.perform(op="create_future", future="f")
        self.agent.perform(op="set_result", future="f", value=1)
        outcome = self.agent.perform(op="set_result", future="f", value=2)
        self.assertEqual("error", outcome["kind"])
        self.assertEqual("InvalidStateError", outcome["error_type"])

    def test_an_unknown_name_is_an_outcome_error_of_type_KitError(self):
        for operation in ({"op": "future_done", "future": "nope"}, {"op": "cancel_handle", "handle": "nope"},
                          {"op": "task_name", "task": "nope"}):
            outcome = self.agent.perform(**operation)
            self.assertEqual("KitError", outcome["error_type"], operation)
            self.assertIn("'nope'", outcome["message"])


class TaskTest(AgentTestCase):

    def test_tasks_made_either_way_start_in_the_next_iteration_and_finish_when_their_future_is_done(self):
        self.agent.perform(op="create_future", future="f")
        self.assertEqual(nothing(), self.agent.perform(op="create_task", task="t1", label="one", awaits="f",
                                                       via="task_constructor", eager_start=False))
        self.agent.perform(op="create_task", task="t2", label="two", awaits=None, via="create_task",
                           eager_start=False)
        self.assertEqual("t1", self.agent.value(op="task_name", task="t1"))
        self.assertEqual("t2", self.agent.value(op="task_name", task="t2"))
        self.agent.perform(op="run_once")
        self.assertEqual(["one:start", "two:start", "two:end"], labels(self.recorded()))
        self.assertFalse(self.agent.value(op="task_done", task="t1"))
        self.assertTrue(self.agent.value(op="task_done", task="t2"))
        self.agent.perform(op="set_result", future="f", value=None)
        self.agent.perform(op="run_once")
        self.agent.perform(op="run_once")
        self.assertTrue(self.agent.value(op="task_done", task="t1"))
        self.assertEqual({"label": "one:end", "run": 2}, self.recorded()[-1])

    def test_asyncio_create_task_needs_a_running_loop_and_ensure_future_does_not(self):
        refused = self.agent.perform(op="create_task", task="a", label="a", awaits=None, via="asyncio_create_task")
        self.assertEqual("RuntimeError", refused["error_type"], refused)
        self.assertEqual(nothing(), self.agent.perform(op="create_task", task="e", label="e", awaits=None,
                                                       via="ensure_future"))
        self.assertEqual("e", self.agent.value(op="task_name", task="e"))
        self.agent.perform(op="call_soon", label="cb", handle=None, then=[
            {"op": "create_task", "task": "c", "label": "c", "awaits": None, "via": "asyncio_create_task"}])
        self.agent.perform(op="run_once")
        self.assertEqual(["e:start", "e:end", "cb"], labels(self.recorded()))
        self.agent.perform(op="run_once")
        self.assertEqual(["e:start", "e:end", "cb", "c:start", "c:end"], labels(self.recorded()))

    def test_a_task_performs_its_then_inside_its_step(self):
        self.agent.perform(op="create_future", future="f")
        self.agent.perform(op="create_task", task="p", label="p", awaits=None, via="task_constructor", then=[
            {"op": "note", "name": "current", "of": {"op": "current_task"}},
            {"op": "set_result", "future": "f", "value": 1},
            {"op": "create_task", "task": "c", "label": "c", "awaits": None, "via": "create_task"},
            {"op": "task_done", "task": "nope"}])
        self.agent.perform(op="run_once")
        events = self.recorded()
        self.assertEqual(["p:start", "current", "!error", "p:end"], labels(events))
        self.assertEqual("p", events[1]["value"])
        self.assertTrue(self.agent.value(op="future_done", future="f"))
        self.assertFalse(self.agent.value(op="task_done", task="c"))

    def test_a_task_group_task_is_made_only_by_a_task_and_awaited_by_it(self):
        outside = self.agent.perform(op="create_task", task="g", label="g", awaits=None, via="task_group")
        self.assertEqual("KitError", outside["error_type"], outside)
        if sys.version_info < (3, 11):
            return
        self.agent.perform(op="create_task", task="p", label="p", awaits=None, via="task_constructor", then=[
            {"op": "create_task", "task": "g", "label": "g", "awaits": None, "via": "task_group"}])
        for _ in range(4):
            self.agent.perform(op="run_once")
        # The group's done callback on g (run 3) completes the future the parent awaits in __aexit__ (run 4).
        self.assertEqual([("p:start", 1), ("g:start", 2), ("g:end", 2), ("p:end", 4)],
                         [(event["label"], event["run"]) for event in self.recorded()])

    def test_entering_and_leaving_a_task_by_hand_sets_the_current_task(self):
        self.agent.perform(op="create_task", task="a", label="a", awaits=None, via="task_constructor",
                           eager_start=False)
        self.agent.perform(op="create_task", task="b", label="b", awaits=None, via="task_constructor",
                           eager_start=False)
        self.assertIsNone(self.agent.value(op="current_task"))
        if not self.needs("enter-leave-task", {"op": "enter_task", "task": "a"}):
            return
        self.assertEqual(nothing(), self.agent.perform(op="enter_task", task="a"))
        self.assertEqual("a", self.agent.value(op="current_task"))
        conflict = self.agent.perform(op="enter_task", task="b")
        self.assertEqual("RuntimeError", conflict["error_type"])
        self.assertEqual(nothing(), self.agent.perform(op="leave_task", task="a"))
        self.assertIsNone(self.agent.value(op="current_task"))

    def test_swapping_the_current_task_returns_the_previous_one_without_a_conflict_check(self):
        self.agent.perform(op="create_task", task="a", label="a", awaits=None, via="task_constructor",
                           eager_start=False)
        self.agent.perform(op="create_task", task="b", label="b", awaits=None, via="task_constructor",
                           eager_start=False)
        if not self.needs("swap-current-task", {"op": "swap_current_task", "task": "a"}):
            return
        self.assertIsNone(self.agent.value(op="swap_current_task", task="a"))
        self.assertEqual("a", self.agent.value(op="swap_current_task", task="b"))
        self.assertEqual("b", self.agent.value(op="current_task"))
        self.assertEqual("b", self.agent.value(op="swap_current_task", task=None))
        self.assertIsNone(self.agent.value(op="current_task"))

    def test_an_eager_task_made_while_the_loop_runs_completes_inline(self):
        eager = {"op": "create_task", "task": "e", "label": "e", "awaits": None, "via": "task_constructor",
                 "eager_start": True}
        if not self.needs("eager-start", dict(eager, task="refused")):
            return
        self.agent.perform(op="call_soon", label="cb", handle=None, then=[
            eager, {"op": "note", "name": "done", "of": {"op": "task_done", "task": "e"}}])
        self.agent.perform(op="run_once")
        self.assertEqual(["cb", "e:start", "e:end", "done"], labels(self.recorded()))
        self.assertTrue(self.recorded()[-1]["value"])

    def test_an_eager_task_made_while_the_loop_is_stopped_waits_for_the_loop(self):
        if "eager-start" not in self.capabilities:
            self.skipTest("no eager-start")
        self.agent.perform(op="create_task", task="e", label="e", awaits=None, via="task_constructor",
                           eager_start=True)
        self.assertFalse(self.agent.value(op="task_done", task="e"))
        self.agent.perform(op="run_once")
        self.assertEqual(["e:start", "e:end"], labels(self.recorded()))

    def test_an_uninitialised_task_can_be_made_and_named(self):
        # Only made, never used: using one may crash the interpreter, which is the kit's verdict to give.
        if not self.needs("uninitialised-task", {"op": "create_uninitialised_task", "task": "u"}):
            return
        self.assertEqual(nothing(), self.agent.perform(op="create_uninitialised_task", task="u"))
        self.assertIsNone(self.agent.value(op="current_task"))


class LoopThreadTest(AgentTestCase):

    def start_loop_thread(self):
        self.assertEqual(nothing(), self.agent.perform(op="start_loop_thread"))
        self.addCleanup(self._stop_if_running)

    def _stop_if_running(self):
        if self.agent.process.poll() is None and not self.agent.process.stdin.closed:
            self.agent.perform(op="stop_loop_thread")

    def test_plain_call_soon_from_another_thread_does_not_wake_the_idle_loop(self):
        """The stall: call_soon from a foreign thread appends to the ready queue but nobody wakes the selector."""
        self.start_loop_thread()
        self.agent.perform(op="call_soon", label="plain", handle=None)
        woke = self.agent.value(op="wait_for", label="plain", seconds=STALL_BOUND_SECONDS)
        sys.stderr.write("[observed] plain call_soon from another thread ran within %.1f s: %s\n"
                         % (STALL_BOUND_SECONDS, woke))
        if USES_CPYTHON_LOOP:
            self.assertFalse(woke, "CPython's loop blocked in select(None) must not notice a plain call_soon")

    def test_call_soon_threadsafe_wakes_the_idle_loop_which_then_runs_what_was_queued(self):
        self.start_loop_thread()
        self.agent.perform(op="call_soon", label="plain", handle=None)
        self.agent.perform(op="call_soon_threadsafe", label="safe", handle=None)
        self.assertTrue(self.agent.value(op="wait_for", label="safe", seconds=WAKE_BOUND_SECONDS))
        self.assertTrue(self.agent.value(op="wait_for", label="plain", seconds=WAKE_BOUND_SECONDS))
        self.assertTrue(self.agent.value(op="stop_loop_thread"))
        self.assertEqual({("plain", 1), ("safe", 1)}, {(e["label"], e["run"]) for e in self.recorded()})

    def test_a_later_run_gets_the_next_run_number_and_events_after_the_thread_have_none_of_its(self):
        self.start_loop_thread()
        self.assertTrue(self.agent.value(op="stop_loop_thread"))
        self.agent.perform(op="note", name="between", of={"op": "recorded"})
        self.agent.perform(op="call_soon", label="after", handle=None)
        self.agent.perform(op="run_once")
        self.assertEqual([("between", 0), ("after", 2)], [(e["label"], e["run"]) for e in self.recorded()])

    def test_running_the_loop_again_or_a_second_thread_is_refused_while_the_thread_runs(self):
        self.start_loop_thread()
        self.assertEqual("RuntimeError", self.agent.perform(op="run_once")["error_type"])
        self.assertEqual("RuntimeError", self.agent.perform(op="start_loop_thread")["error_type"])
        # run_once must not have left a stop() behind: the loop thread still answers.
        self.agent.perform(op="call_soon_threadsafe", label="alive", handle=None)
        self.assertTrue(self.agent.value(op="wait_for", label="alive", seconds=WAKE_BOUND_SECONDS))
        self.assertTrue(self.agent.value(op="stop_loop_thread"))

    def test_closing_the_session_stops_a_loop_thread_still_running(self):
        self.assertEqual(nothing(), self.agent.perform(op="start_loop_thread"))
        self.assertEqual("ok", self.agent.request("close_session")["type"])
        self.assertEqual("ok", self.agent.request("open_session")["type"])
        self.assertEqual("ok", self.agent.request("bye")["type"])
        self.assertEqual(0, self.agent.process.wait(timeout=REPLY_TIMEOUT_SECONDS))
        self.assertNotIn("left open", self.agent.stderr())

    def test_one_iteration_on_another_thread_runs_what_was_queued_as_a_new_run(self):
        self.agent.perform(op="call_soon", label="a", handle=None)
        self.assertEqual(nothing(), self.agent.perform(op="run_once_on_another_thread"))
        self.assertEqual([("a", 1)], [(e["label"], e["run"]) for e in self.recorded()])
        self.assertFalse(self.agent.value(op="is_running"))

    def test_stopping_without_a_thread_and_waiting_with_a_negative_bound_are_refused(self):
        self.assertEqual("KitError", self.agent.perform(op="stop_loop_thread")["error_type"])
        reply = self.agent.request("perform", operation={"op": "wait_for", "label": "x", "seconds": -1})
        self.assertEqual("protocol_error", reply["type"])
        self.assertIn("seconds", reply["message"])

    def test_wait_for_sees_an_event_recorded_before_it_and_gives_up_after_its_bound(self):
        self.agent.perform(op="call_soon", label="early", handle=None)
        self.agent.perform(op="run_once")
        self.assertTrue(self.agent.value(op="wait_for", label="early", seconds=0))
        self.assertFalse(self.agent.value(op="wait_for", label="never", seconds=0.05))


class MainThreadLoopTest(unittest.TestCase):
    """A loop that, like qasync's over a Qt application, is made and run only on the process's main thread:
    the agent's main thread makes and runs every session's loop (owner.py), the hello probe's too, and the
    conversation runs on a thread of its own."""

    FACTORY = textwrap.dedent("""\
        import asyncio, threading
        def _on_main(what):
            if threading.current_thread() is not threading.main_thread():
                raise RuntimeError("%s off the main thread" % what)
        class MainThreadLoop(asyncio.SelectorEventLoop):
            def __init__(self):
                _on_main("made")
                super().__init__()
            def run_forever(self):
                _on_main("run")
                return super().run_forever()
        def make():
            return MainThreadLoop()
        """)

    def setUp(self):
        directory = tempfile.TemporaryDirectory()
        self.addCleanup(directory.cleanup)
        with open(os.path.join(directory.name, "main_thread_loop.py"), "w") as module:
            module.write(self.FACTORY)
        self.agent = AgentProcess("--loop", "main_thread_loop:make", "--python-path", directory.name)
        self.addCleanup(self.agent.finish)
        self.assertEqual("hello", self.agent.request("hello", protocol=1)["type"])

    def test_its_loops_are_made_and_run_on_the_main_thread(self):
        for _ in range(2):  # every session, not only the first
            self.assertEqual("ok", self.agent.request("open_session")["type"])
            self.agent.perform(op="call_soon", label="a", handle=None)
            self.assertEqual(nothing(), self.agent.perform(op="run_once"))
            self.assertEqual(nothing(), self.agent.perform(op="start_loop_thread"))
            self.agent.perform(op="call_soon_threadsafe", label="safe", handle=None)
            self.assertTrue(self.agent.value(op="wait_for", label="safe", seconds=WAKE_BOUND_SECONDS))
            self.assertTrue(self.agent.value(op="stop_loop_thread"))
            self.assertEqual(["a", "safe"], [e["label"] for e in self.agent.value(op="recorded")])
            self.assertEqual("ok", self.agent.request("close_session")["type"])


class ThreadBoundLoopTest(unittest.TestCase):
    """A loop that, like a Qt-based one, runs only on the thread that made it (asyncio does not promise
    that a loop made on one thread runs on another): the agent's loop thread is that thread, so it runs,
    and what the kit sends while it runs comes from another thread."""

    FACTORY = textwrap.dedent("""\
        import asyncio, threading
        class ThreadBoundLoop(asyncio.SelectorEventLoop):
            def __init__(self):
                super().__init__()
                self._maker = threading.get_ident()
            def run_forever(self):
                if threading.get_ident() != self._maker:
                    raise RuntimeError("this loop runs only on the thread that made it")
                return super().run_forever()
            def call_soon(self, callback, *args, context=None):
                # The stall rules send a plain call_soon "from another thread": it must come from one.
                if self.is_running() and threading.get_ident() == self._maker:
                    raise AssertionError("call_soon while running came from the loop's own thread")
                return super().call_soon(callback, *args, context=context)
        def make():
            return ThreadBoundLoop()
        """)

    def setUp(self):
        directory = tempfile.TemporaryDirectory()
        self.addCleanup(directory.cleanup)
        with open(os.path.join(directory.name, "thread_bound_loop.py"), "w") as module:
            module.write(self.FACTORY)
        self.agent = AgentProcess("--loop", "thread_bound_loop:make", "--python-path", directory.name)
        self.addCleanup(self.agent.finish)
        self.assertEqual("hello", self.agent.request("hello", protocol=1)["type"])

    def test_it_runs_on_its_own_thread_and_wakes_for_a_call_from_another(self):
        self.assertEqual("ok", self.agent.request("open_session")["type"])
        self.assertEqual(nothing(), self.agent.perform(op="run_once"))
        self.assertEqual(nothing(), self.agent.perform(op="start_loop_thread"))
        self.assertEqual(nothing(), self.agent.perform(op="call_soon", label="plain", handle=None))
        self.agent.perform(op="call_soon_threadsafe", label="safe", handle=None)
        self.assertTrue(self.agent.value(op="wait_for", label="safe", seconds=WAKE_BOUND_SECONDS))
        self.assertTrue(self.agent.value(op="stop_loop_thread"))
        self.agent.perform(op="call_soon", label="after", handle=None)
        self.assertEqual(nothing(), self.agent.perform(op="run_once"))
        self.assertEqual([("plain", 2), ("safe", 2), ("after", 3)],
                         [(e["label"], e["run"]) for e in self.agent.value(op="recorded")])
        self.assertEqual("ok", self.agent.request("close_session")["type"])
        self.assertEqual("ok", self.agent.request("bye")["type"])
        self.assertEqual(0, self.agent.process.wait(timeout=REPLY_TIMEOUT_SECONDS))
        for complaint in ("the loop thread ended with", "the loop reported", "did not end within"):
            self.assertNotIn(complaint, self.agent.stderr())

    def test_a_program_that_starts_a_loop_thread_runs_it_on_the_thread_that_made_it(self):
        reply = self.agent.request("program", operations=[
            {"op": "run_once"},
            {"op": "start_loop_thread"},
            {"op": "call_soon_threadsafe", "label": "safe", "handle": None},
            {"op": "wait_for", "label": "safe", "seconds": WAKE_BOUND_SECONDS},
            {"op": "stop_loop_thread"},
            {"op": "run_once"},
        ])
        self.assertEqual("outcomes", reply["type"], reply)
        self.assertEqual([nothing(), nothing(), nothing(), {"kind": "value", "value": True},
                          {"kind": "value", "value": True}, nothing()], reply["outcomes"])

    def test_one_iteration_on_another_thread_is_what_it_refuses(self):
        self.assertEqual("ok", self.agent.request("open_session")["type"])
        self.agent.perform(op="call_soon", label="a", handle=None)
        refused = self.agent.perform(op="run_once_on_another_thread")
        self.assertEqual(("error", "RuntimeError"), (refused["kind"], refused.get("error_type")), refused)
        self.assertIn("only on the thread that made it", refused["message"])
        self.assertEqual(nothing(), self.agent.perform(op="run_once"))  # on its own thread it still runs
        self.assertEqual([("a", 2)], [(e["label"], e["run"]) for e in self.agent.value(op="recorded")])

    def test_a_benchmark_is_timed_on_the_thread_that_made_the_loop(self):
        self.assertEqual("ok", self.agent.request("open_session")["type"])
        reply = self.agent.request("benchmark", operation={"op": "run_once"}, repeat=3)
        self.assertEqual("benchmark", reply["type"], reply)
        self.assertEqual(3, len(reply["seconds"]))


class ReportedErrorsAndReadinessTest(AgentTestCase):

    def test_an_exception_escaping_a_callback_reaches_the_loops_exception_handler(self):
        # The callback that raises is a task step: entering a task while another is current fails inside it.
        self.assertEqual([], self.agent.value(op="reported_errors"))
        self.agent.perform(op="create_task", task="a", label="a", awaits=None, via="task_constructor",
                           eager_start=False)
        self.agent.perform(op="create_task", task="b", label="b", awaits=None, via="task_constructor",
                           eager_start=False)
        if not self.needs("enter-leave-task", {"op": "enter_task", "task": "a"}):
            return
        self.agent.perform(op="enter_task", task="a")
        self.agent.perform(op="run_once")
        reported = self.agent.value(op="reported_errors")
        self.assertTrue(reported, "nothing reported")
        self.assertTrue(all(text.startswith("RuntimeError: ") for text in reported), reported)
        self.assertNotIn("b:start", labels(self.recorded()))
        self.agent.perform(op="leave_task", task="a")

    def test_a_ready_reader_and_an_overdue_timer_both_run_in_one_iteration(self):
        self.assertEqual(nothing(), self.agent.perform(op="add_ready_reader", label="reader"))
        self.agent.perform(op="call_later", delay=-1, label="timer", handle=None)
        self.agent.perform(op="run_once")
        events = self.recorded()
        sys.stderr.write("[observed] one iteration with I/O ready and an overdue timer ran %s\n" % labels(events))
        self.assertEqual({("reader", 1), ("timer", 1)}, {(e["label"], e["run"]) for e in events})
        if USES_CPYTHON_LOOP:  # base_events._run_once: I/O events are queued before due timers
            self.assertEqual(["reader", "timer"], labels(events))
        self.agent.perform(op="run_once")
        self.assertEqual(2, len(self.recorded()), "the reader removed itself")


class BenchmarkTest(AgentTestCase):

    def test_a_benchmark_times_each_repetition_in_process(self):
        reply = self.agent.request("benchmark", operation={"op": "create_future", "future": "f"}, repeat=5)
        self.assertEqual("benchmark", reply["type"])
        self.assertEqual(5, len(reply["seconds"]))
        self.assertTrue(all(0 <= s < 1 for s in reply["seconds"]), reply["seconds"])

    def test_a_benchmark_with_a_bad_repeat_is_a_protocol_error(self):
        reply = self.agent.request("benchmark", operation={"op": "stop"}, repeat=0)
        self.assertEqual("protocol_error", reply["type"])
        self.assertIn("repeat", reply["message"])


class ProgramTest(AgentTestCase):
    """The program request: a whole program in one round trip, in a session of its own (docs/protocol.md)."""

    def setUp(self):
        super().setUp()
        self.assertEqual("ok", self.agent.request("close_session")["type"])

    def test_a_program_answers_every_outcome_in_order_and_leaves_no_session_open(self):
        reply = self.agent.request("program", operations=[
            {"op": "call_soon", "label": "a", "then": [{"op": "call_soon", "label": "b"}]},
            {"op": "run_once"}, {"op": "run_once"}, {"op": "recorded"}, {"op": "cancel_handle", "handle": "x"}])
        self.assertEqual("outcomes", reply["type"], reply)
        outcomes = reply["outcomes"]
        self.assertEqual(5, len(outcomes))
        self.assertEqual([{"label": "a", "run": 1}, {"label": "b", "run": 2}], outcomes[3]["value"])
        self.assertEqual("error", outcomes[4]["kind"])
        self.assertEqual("protocol_error", self.agent.request("perform", operation={"op": "recorded"})["type"],
                         "the program's session is closed")
        again = self.agent.request("program", operations=[{"op": "recorded"}])
        self.assertEqual([], again["outcomes"][0]["value"], "a fresh session for each program")

    def test_a_malformed_operation_anywhere_refuses_the_whole_program_before_any_runs(self):
        reply = self.agent.request("program", operations=[{"op": "call_soon", "label": "a"}, {"op": "no_such_op"}])
        self.assertEqual("protocol_error", reply["type"])
        self.assertEqual("protocol_error", self.agent.request("program", operations=[])["type"])

    def test_a_program_while_a_session_is_open_is_a_protocol_error(self):
        self.agent.request("open_session")
        self.assertEqual("protocol_error", self.agent.request("program", operations=[{"op": "recorded"}])["type"])


class BeyondTheDocumentTest(AgentTestCase):
    """The operations of issue 16 part A: future state, done-callback removal, timers, exception handlers."""

    def error_type(self, **operation):
        outcome = self.agent.perform(**operation)
        self.assertEqual("error", outcome["kind"], outcome)
        return outcome["error_type"]

    def test_result_and_exception_of_a_pending_then_done_future(self):
        self.agent.perform(op="create_future", future="f")
        self.assertEqual("InvalidStateError", self.error_type(op="future_result", future="f"))
        self.assertEqual("InvalidStateError", self.error_type(op="future_exception", future="f"))
        self.agent.perform(op="set_exception", future="f")
        self.assertEqual("RuntimeError", self.error_type(op="future_result", future="f"))
        self.assertEqual("RuntimeError: set by the kit", self.agent.value(op="future_exception", future="f"))
        self.agent.perform(op="create_future", future="g")
        self.agent.perform(op="cancel_future", future="g")
        self.assertEqual("CancelledError", self.error_type(op="future_exception", future="g"))

    def test_remove_done_callback_removes_every_registration_of_a_label(self):
        self.agent.perform(op="create_future", future="f")
        for label in ("cb", "other", "cb"):
            self.agent.perform(op="add_done_callback", future="f", label=label)
        self.assertEqual(2, self.agent.value(op="remove_done_callback", future="f", label="cb"))
        self.assertEqual(0, self.agent.value(op="remove_done_callback", future="f", label="cb"))
        self.assertEqual("KitError", self.error_type(op="remove_done_callback", future="f", label="never"))
        self.agent.perform(op="set_result", future="f", value=1)
        self.agent.perform(op="run_once")
        self.assertEqual([{"label": "other", "run": 1}], self.recorded())

    def test_set_stop_iteration_never_leaves_a_stop_iteration_in_the_future(self):
        self.agent.perform(op="create_future", future="f")
        outcome = self.agent.perform(op="set_stop_iteration", future="f")
        if sys.version_info >= (3, 13):
            self.assertEqual(nothing(), outcome)
            self.assertTrue(self.agent.value(op="future_exception", future="f").startswith("RuntimeError"))
        else:
            self.assertEqual("TypeError", outcome["error_type"])

    def test_handle_when_and_loop_time_are_on_the_same_clock(self):
        before = self.agent.value(op="loop_time")
        self.agent.perform(op="call_later", delay=5, label="t", handle="t")
        after = self.agent.value(op="loop_time")
        when = self.agent.value(op="handle_when", handle="t")
        self.assertTrue(before + 5 <= when <= after + 5, (before, when, after))

    def test_a_callback_that_spends_time_sees_the_loop_clock_move_on(self):
        self.agent.perform(op="call_soon", label="busy", then=[
            {"op": "note", "name": "before", "of": {"op": "loop_time"}},
            {"op": "spend", "seconds": 0.02},
            {"op": "note", "name": "after", "of": {"op": "loop_time"}}])
        self.agent.perform(op="run_once")
        notes = {e["label"]: e["value"] for e in self.recorded() if "value" in e}
        self.assertGreaterEqual(notes["after"] - notes["before"], 0.02 - 0.001, notes)

    def test_a_sleeping_task_performs_its_then_after_the_sleep_and_can_be_cancelled(self):
        self.agent.perform(op="create_sleeping_task", task="s", delay=0.01,
                           then=[{"op": "note", "name": "woke", "of": {"op": "loop_time"}}, {"op": "stop"}])
        self.agent.perform(op="run_forever")
        self.assertEqual(["woke"], labels(self.recorded()))
        self.agent.perform(op="create_sleeping_task", task="far", delay=1e300, then=[])
        self.agent.perform(op="run_once")
        self.assertTrue(self.agent.value(op="cancel_task", task="far", msg=None))
        self.agent.perform(op="run_once")
        self.assertTrue(self.agent.value(op="future_cancelled", future="far"))

    def test_a_base_exception_leaves_the_run_unreported_and_the_context_keys_are_recorded(self):
        self.agent.perform(op="call_soon", label="boom", then=[{"op": "raise_base_exception", "error_type": "SystemExit"}])
        self.assertEqual("SystemExit", self.error_type(op="run_once"))
        self.assertEqual([], self.agent.value(op="reported_errors"))
        self.agent.perform(op="call_soon", label="err", then=[{"op": "raise"}])
        self.agent.perform(op="run_once")
        self.assertEqual([["exception", "handle", "message"]], self.agent.value(op="reported_contexts"))

    def test_exception_handlers_can_be_set_read_and_called(self):
        self.assertEqual("recording", self.agent.value(op="get_exception_handler"))
        self.agent.perform(op="call_exception_handler", message="m")
        self.assertEqual(["RuntimeError: m"], self.agent.value(op="reported_errors"))
        self.agent.perform(op="set_exception_handler", handler="raising")
        self.assertEqual("raising", self.agent.value(op="get_exception_handler"))
        self.assertEqual(nothing(), self.agent.perform(op="call_exception_handler", message="m"))
        self.agent.perform(op="set_exception_handler", handler="default")
        self.assertIsNone(self.agent.value(op="get_exception_handler"))

class LifecycleCancellationAndWatchersTest(AgentTestCase):
    """The operations of issue 16 part B: closing, running, cancelling tasks, watching a socket pair."""

    def test_close_and_is_closed(self):
        self.assertFalse(self.agent.value(op="is_closed"))
        self.assertFalse(self.agent.value(op="is_running"))
        self.assertEqual(nothing(), self.agent.perform(op="close"))
        self.assertTrue(self.agent.value(op="is_closed"))
        refused = self.agent.perform(op="call_soon", label="late", handle=None)
        self.assertEqual(("error", "RuntimeError"), (refused["kind"], refused["error_type"]))
        self.assertEqual(nothing(), self.agent.perform(op="close"), "close() is idempotent")

    def test_run_coroutine_until_complete_returns_what_it_returned(self):
        self.assertEqual("co", self.agent.value(op="run_coroutine_until_complete", label="co", awaits=None))
        self.assertEqual(["co:start", "co:end"], labels(self.recorded()))

    def test_cancel_task_with_a_message_and_a_task_that_catches_it(self):
        self.agent.perform(op="create_future", future="f")
        self.agent.perform(op="create_scripted_task", task="t", label="t", awaits="f", catches_cancellation=True,
                           then=[{"op": "note", "name": "inside", "of": {"op": "current_task"}}])
        self.agent.perform(op="run_once")
        self.assertTrue(self.agent.value(op="cancel_task", task="t", msg="why"))
        self.assertEqual("caught", self.agent.value(op="run_until_complete", future="t"))
        events = self.recorded()
        self.assertIn({"label": "inside", "run": 1, "value": "t"}, events)
        self.assertEqual(["t:start", "inside", "t:caught", "t:end"], labels(events))

    def test_readers_and_writers_on_a_socket_pair(self):
        self.agent.perform(op="socket_pair", socket="s")
        self.assertFalse(self.agent.value(op="remove_reader", socket="s"))
        self.agent.perform(op="add_reader", socket="s", label="r", then=[])
        self.agent.perform(op="add_writer", socket="s", label="w", then=[])
        self.agent.perform(op="run_once")
        self.assertEqual(["w"], labels(self.recorded()), "nothing to read yet; the socket is writable")
        self.agent.perform(op="make_readable", socket="s")
        self.agent.perform(op="run_once")
        self.assertEqual({"r", "w"}, {e["label"] for e in self.recorded() if e["run"] == 2})
        if USES_CPYTHON_LOOP:  # uvloop 0.23.0 returns None (errata U-3)
            self.assertTrue(self.agent.value(op="remove_reader", socket="s"))
            self.assertTrue(self.agent.value(op="remove_writer", socket="s"))
        unknown = self.agent.perform(op="make_readable", socket="nope")
        self.assertEqual(("error", "KitError"), (unknown["kind"], unknown["error_type"]))


class ContextsTest(AgentTestCase):
    """The operations of issue 28: the kit's context variable, named contexts, context= and a two-step task."""

    def test_the_kit_variable_starts_unset_in_every_session_and_a_set_stays_in_the_kits_context(self):
        self.assertIsNone(self.agent.value(op="context_value"))
        self.agent.perform(op="set_context_value", value="kept")
        self.assertEqual("kept", self.agent.value(op="context_value"))
        self.agent.request("close_session")
        self.agent.request("open_session")
        self.assertIsNone(self.agent.value(op="context_value"), "a new session has a new variable")

    def test_a_callback_runs_in_a_copy_at_scheduling_or_in_the_context_it_is_given(self):
        self.agent.perform(op="set_context_value", value="before")
        self.agent.perform(op="copy_context", context="ctx")
        self.agent.perform(op="call_soon", label="copy", then=[
            {"op": "note", "name": "copy saw", "of": {"op": "context_value"}},
            {"op": "set_context_value", "value": "set in the copy"}])
        self.agent.perform(op="call_soon", label="given", context="ctx", then=[
            {"op": "set_context_value", "value": "set in ctx"}])
        self.agent.perform(op="set_context_value", value="after")
        self.agent.perform(op="run_once")
        self.assertIn({"label": "copy saw", "run": 1, "value": "before"}, self.recorded())
        self.assertEqual("set in ctx", self.agent.value(op="context_value", context="ctx"))
        self.assertEqual("after", self.agent.value(op="context_value"))
        unknown = self.agent.perform(op="call_soon", label="x", context="nowhere")
        self.assertEqual(("error", "KitError"), (unknown["kind"], unknown["error_type"]))

    def test_a_done_callback_runs_in_the_context_it_is_given(self):
        self.agent.perform(op="set_context_value", value="in ctx")
        self.agent.perform(op="copy_context", context="ctx")
        self.agent.perform(op="set_context_value", value="outside")
        self.agent.perform(op="create_future", future="f")
        self.agent.perform(op="add_done_callback", future="f", label="d", context="ctx",
                           then=[{"op": "note", "name": "seen", "of": {"op": "context_value"}}])
        self.agent.perform(op="set_result", future="f", value=1)
        self.agent.perform(op="run_once")
        self.assertIn({"label": "seen", "run": 1, "value": "in ctx"}, self.recorded())

    def test_a_two_step_task_performs_its_second_script_after_the_await(self):
        self.agent.perform(op="create_future", future="f")
        self.agent.perform(op="create_two_step_task", task="t", label="t", awaits="f",
                           then=[{"op": "set_context_value", "value": "set by t"}],
                           after_await=[{"op": "note", "name": "second", "of": {"op": "context_value"}}])
        self.agent.perform(op="run_once")
        self.agent.perform(op="set_result", future="f", value=1)
        self.agent.perform(op="run_once")
        self.agent.perform(op="run_once")
        self.assertEqual([{"label": "t:start", "run": 1}, {"label": "second", "run": 2, "value": "set by t"},
                          {"label": "t:end", "run": 2}], self.recorded())

    def test_get_context_names_the_context_of_a_handle(self):
        self.agent.perform(op="copy_context", context="ctx")
        self.agent.perform(op="call_soon", label="a", handle="h", context="ctx")
        outcome = self.agent.perform(op="handle_context", handle="h", context="h ctx")
        if sys.version_info >= (3, 12):
            self.assertEqual({"kind": "value", "value": "ctx"}, outcome)
        else:
            self.assertEqual(("error", "AttributeError"), (outcome["kind"], outcome["error_type"]))


class UnsupportedOperationsTest(unittest.TestCase):
    """A loop factory's asyncio_tck_unsupported: those operations get an unsupported reply (docs/protocol.md)."""

    FACTORY = textwrap.dedent("""\
        import asyncio

        def make():
            return asyncio.new_event_loop()

        make.asyncio_tck_unsupported = {"select_timeout": "this loop has no selector to probe"}

        def listed():
            return asyncio.new_event_loop()

        listed.asyncio_tck_unsupported = ["add_reader"]

        def misspelt():
            return asyncio.new_event_loop()

        misspelt.asyncio_tck_unsupported = ["select_timout"]
        """)

    def agent_for(self, factory):
        directory = tempfile.mkdtemp()
        self.addCleanup(lambda: __import__("shutil").rmtree(directory, ignore_errors=True))
        with open(os.path.join(directory, "partial_loop.py"), "w") as module:
            module.write(self.FACTORY)
        return directory, ["--loop", "partial_loop:" + factory, "--python-path", directory]

    def greeted(self, factory):
        _, args = self.agent_for(factory)
        agent = AgentProcess(*args)
        self.addCleanup(agent.finish)
        self.assertEqual("hello", agent.request("hello", protocol=1)["type"])
        self.assertEqual("ok", agent.request("open_session")["type"])
        return agent

    def test_a_declared_operation_is_answered_unsupported_and_the_agent_goes_on(self):
        agent = self.greeted("make")
        reply = agent.request("perform", operation={"op": "select_timeout"})
        self.assertEqual({"seq": 3, "type": "unsupported", "op": "select_timeout",
                          "reason": "this loop has no selector to probe"}, reply)
        self.assertEqual(nothing(), agent.perform(op="stop"))

    def test_a_nested_one_makes_the_whole_request_unsupported_before_anything_runs(self):
        agent = self.greeted("make")
        reply = agent.request("perform", operation={"op": "call_soon", "label": "a",
                                                    "then": [{"op": "note", "name": "n", "of": {"op": "select_timeout"}}]})
        self.assertEqual(("unsupported", "select_timeout"), (reply["type"], reply["op"]))
        agent.perform(op="run_once")
        self.assertEqual([], agent.value(op="recorded"))
        bench = agent.request("benchmark", operation={"op": "select_timeout"}, repeat=2)
        self.assertEqual("unsupported", bench["type"])

    def test_a_malformed_request_is_still_a_protocol_error(self):
        agent = self.greeted("make")
        self.assertEqual("protocol_error", agent.request("perform", operation={"op": "call_soon",
                         "then": [{"op": "select_timeout"}]})["type"])

    def test_a_list_gives_a_reason_naming_the_factory(self):
        agent = self.greeted("listed")
        reply = agent.request("perform", operation={"op": "add_reader", "socket": "s", "label": "r"})
        self.assertEqual("unsupported", reply["type"])
        self.assertIn("partial_loop:listed", reply["reason"])

    def test_a_name_outside_the_vocabulary_cannot_load(self):
        _, args = self.agent_for("misspelt")
        result = subprocess.run([sys.executable, AGENT, *args], input=b"", capture_output=True,
                                timeout=REPLY_TIMEOUT_SECONDS)
        self.assertEqual(3, result.returncode)
        self.assertIn(b"select_timout", result.stderr)


def _import_probes():
    sys.path.insert(0, AGENT)  # the agent folder, or the .pyz (a zip file on sys.path works the same)
    try:
        from asyncio_tck_agent import probes, variants
    finally:
        sys.path.remove(AGENT)
    return probes, variants


class _OwnQueuesLoop(asyncio.SelectorEventLoop):
    """Shaped like qasync and trio-asyncio: its callbacks and timers elsewhere, its own run_forever; the
    inherited _ready and _scheduled stay empty (only the probe looks at them, so nothing else is needed)."""

    def __init__(self):
        super().__init__()
        self.callbacks = []
        self.timers = []

    def _call_soon(self, callback, args, context):
        handle = asyncio.Handle(callback, args, self, context)
        self.callbacks.append(handle)
        return handle

    def call_at(self, when, callback, *args, context=None):
        timer = asyncio.TimerHandle(when, callback, args, self, context)
        self.timers.append(timer)
        return timer

    def run_forever(self):
        raise AssertionError("the liveness checks must not run the loop")


class _ListFifo:
    def __init__(self):
        self.items = []

    def append(self, item):
        self.items.append(item)

    def popleft(self):
        return self.items.pop(0)

    def remove(self, item):
        self.items.remove(item)

    def clear(self):
        self.items.clear()

    def __len__(self):
        return len(self.items)

    def __iter__(self):
        return iter(list(self.items))


class _ListReadyLoop(asyncio.SelectorEventLoop):
    def __init__(self):
        super().__init__()
        self._ready = _ListFifo()


class _PlainListReadyLoop(asyncio.SelectorEventLoop):
    def __init__(self):
        super().__init__()
        self._ready = []  # no popleft: asyncio's own iteration could not use it either


class _OwnTimersLoop(asyncio.SelectorEventLoop):
    """asyncio's run_forever and ready queue, but call_later's timers kept elsewhere."""

    def call_at(self, when, callback, *args, context=None):
        return asyncio.TimerHandle(when, callback, args, self, context)


class _OwnReadersLoop(asyncio.SelectorEventLoop):
    """asyncio's run_forever, but add_reader watched elsewhere (as a Qt socket notifier would)."""

    def add_reader(self, fd, callback, *args):
        self.readers = {fd: callback}

    def remove_reader(self, fd):
        return self.__dict__.pop("readers", None) is not None


class _WrappedHandle:
    def __init__(self, handle):
        self.inner = handle

    def cancel(self):
        self.inner.cancel()


class _WrappedHandlesLoop(asyncio.SelectorEventLoop):
    def call_soon(self, callback, *args, context=None):
        return _WrappedHandle(super().call_soon(callback, *args, context=context))


class AsyncGeneratorsTest(AgentTestCase):
    """Async generators (AGEN-1 to AGEN-5): hooks belong to the thread, which every session's loop shares."""

    def test_each_session_starts_without_hooks_whatever_the_last_one_left(self):
        self.assertEqual(nothing(), self.agent.perform(op="set_asyncgen_hooks", hooks="program"))
        self.assertEqual("program", self.agent.value(op="asyncgen_hooks"))
        self.assertEqual("ok", self.agent.request("close_session")["type"])
        self.assertEqual("ok", self.agent.request("open_session")["type"])
        self.assertEqual("none", self.agent.value(op="asyncgen_hooks"))

    def test_a_generator_alive_when_the_session_closes_is_left_alone_without_a_word(self):
        self.agent.perform(op="create_async_generator", generator="g", label="g closed")
        self.agent.perform(op="call_soon", label="iterates", then=[{"op": "advance_async_generator", "generator": "g"}])
        self.assertEqual(nothing(), self.agent.perform(op="run_once"))
        self.assertEqual("ok", self.agent.request("close_session")["type"])
        self.assertEqual("ok", self.agent.request("open_session")["type"])
        self.assertEqual([], self.agent.value(op="recorded"))
        self.assertNotIn("destroyed", self.agent.stderr())
        self.assertNotIn("Traceback", self.agent.stderr())

    def test_a_bad_hooks_value_is_a_protocol_error(self):
        reply = self.agent.request("perform", operation={"op": "set_asyncgen_hooks", "hooks": "loop"})
        self.assertEqual("protocol_error", reply["type"], reply)
        self.assertIn("hooks", reply["message"])

    def test_a_generator_cancelled_while_closing_leaves_shutdown_asyncgens_quiet(self):
        self.agent.perform(op="create_async_generator", generator="g", label="g closed", cancelled_on_close=True)
        self.agent.perform(op="call_soon", label="iterates", then=[{"op": "advance_async_generator", "generator": "g"}])
        self.assertEqual(nothing(), self.agent.perform(op="run_once"))
        self.assertEqual(nothing(), self.agent.perform(op="shutdown_asyncgens"))
        self.assertIn(["g closed", "in a task"], [[e["label"], e.get("value")] for e in self.agent.value(op="recorded")])
        self.assertEqual([], self.agent.value(op="reported_errors"))


class RunnersTest(AgentTestCase):
    """run_under_runner (RUNNER-2): the runner is given the loop under test's factory, and records its ending."""

    ENDING = ["task cancelled", "generator closed", "executor shut down", "loop closed"]

    def test_a_runner_returns_mains_result_and_cleans_up_in_order(self):
        outcome = self.agent.perform(op="run_under_runner", entry="runner", main="returns")
        if sys.version_info < (3, 11):
            self.assertEqual(("error", "AttributeError"), (outcome["kind"], outcome["error_type"]))
            return
        self.assertEqual({"kind": "value", "value": "main"}, outcome)
        events = self.recorded()
        self.assertEqual(["main"] + self.ENDING, labels(events))
        self.assertEqual(["loop open"] * 4, [event.get("value") for event in events[:4]])

    def test_asyncio_run_raises_what_main_raised_after_the_same_cleanup(self):
        outcome = self.agent.perform(op="run_under_runner", entry="asyncio_run", main="raises")
        if sys.version_info < (3, 12):
            self.assertEqual(("error", "TypeError"), (outcome["kind"], outcome["error_type"]))
            self.assertEqual([], self.recorded(), "refused before main was made")
            return
        self.assertEqual(("error", "RuntimeError"), (outcome["kind"], outcome["error_type"]))
        self.assertEqual(["main"] + self.ENDING, labels(self.recorded()))

    def test_an_interrupted_main_is_cancelled_and_the_runner_raises_keyboard_interrupt(self):
        if sys.version_info < (3, 11):
            return
        outcome = self.agent.perform(op="run_under_runner", entry="runner", main="interrupted")
        self.assertEqual(("error", "KeyboardInterrupt"), (outcome["kind"], outcome["error_type"]))
        self.assertEqual(["main cancelled"] + self.ENDING, labels(self.recorded()))
        self.assertEqual("nothing", self.agent.perform(op="run_once")["kind"], "the agent goes on")

    def test_a_bad_ending_is_a_protocol_error(self):
        reply = self.agent.request("perform", operation={"op": "run_under_runner", "entry": "runner", "main": "hangs"})
        self.assertEqual("protocol_error", reply["type"], reply)
class ExecutorsTest(AgentTestCase):
    """The default executor (EXEC-1 to EXEC-7): the kit's jobs and executors end with the session."""

    def test_a_job_delivers_its_result_off_the_loops_thread_to_a_done_callback_on_it(self):
        self.assertEqual(nothing(), self.agent.perform(op="run_in_executor", job="j", future="f"))
        self.agent.perform(op="add_done_callback", future="f", label="done", then=[
            {"op": "note", "name": "thread", "of": {"op": "on_loop_thread"}}, {"op": "stop"}])
        self.assertEqual(nothing(), self.agent.perform(op="run_forever"))
        self.assertEqual(42, self.agent.value(op="future_result", future="f"))
        events = {event["label"]: event.get("value") for event in self.recorded()}
        self.assertEqual("off the loop's thread", events["j"])
        self.assertIn("j:end", events)
        self.assertIs(True, events["thread"])

    def test_a_job_still_working_when_the_session_closes_ends_with_it(self):
        self.agent.perform(op="run_in_executor", job="long", future="f", seconds=60)
        self.agent.perform(op="set_default_executor", executor="e")
        self.agent.perform(op="run_in_executor", job="longer", future="g", seconds=60)
        started = time.monotonic()
        self.assertEqual("ok", self.agent.request("close_session")["type"])
        self.assertEqual("ok", self.agent.request("open_session")["type"])
        self.assertLess(time.monotonic() - started, 5)
        self.assertNotIn("Traceback", self.agent.stderr())

    def test_shutdown_reports_what_it_warned_and_records_its_return(self):
        self.agent.perform(op="run_in_executor", job="j", future="f", seconds=0.05)
        self.assertEqual([], self.agent.value(op="shutdown_default_executor"))
        self.assertEqual(["j", "j:end", "shutdown_default_executor:returned"], labels(self.recorded()))
        refused = self.agent.perform(op="run_in_executor", job="k", future="g")
        self.assertEqual(("error", "RuntimeError"), (refused["kind"], refused.get("error_type")), refused)

    def test_an_executor_the_kit_never_made_is_a_kit_error(self):
        outcome = self.agent.perform(op="executor_submissions", executor="nobody")
        self.assertEqual(("error", "KitError"), (outcome["kind"], outcome.get("error_type")), outcome)

    def test_a_timeout_that_is_not_a_number_is_a_protocol_error(self):
        reply = self.agent.request("perform", operation={"op": "shutdown_default_executor", "timeout": "soon"})
        self.assertEqual("protocol_error", reply["type"], reply)
        self.assertIn("timeout", reply["message"])


class LivenessChecksTest(unittest.TestCase):
    """probes.py: a capability only where the loop really uses the internal (docs/protocol.md, "Capabilities")."""

    @classmethod
    def setUpClass(cls):
        cls.probes, variants = _import_probes()
        cls.variant = variants.Variant.named("c")

    def probe(self, loop, factory=None):
        self.addCleanup(loop.close)
        if factory is not None:
            loop.set_task_factory(factory)
        self.variant.install(loop)
        with contextlib.redirect_stderr(io.StringIO()) as diagnostics:
            found, notes = self.probes.probe_capabilities(loop, self.variant)
        self.assertIn("capability ready-queue", diagnostics.getvalue())
        self.assertEqual(ALL_CAPABILITIES, set(found) | set(notes), "each capability is found or has a note")
        self.assertFalse(set(found) & set(notes))
        self.assertFalse(loop.is_running())
        return set(found), notes

    def test_stock_asyncio_has_every_capability_of_its_version(self):
        found, notes = self.probe(asyncio.SelectorEventLoop())
        self.assertLessEqual({"ready-queue", "select-timeout", "handle-internals", "enter-leave-task",
                              "uninitialised-task"}, found, notes)

    def test_inherited_but_unused_queues_and_iteration_are_not_capabilities(self):
        found, notes = self.probe(_OwnQueuesLoop())
        self.assertNotIn("ready-queue", found)
        self.assertIn("call_soon did not put its handle in loop._ready", notes["ready-queue"])
        self.assertNotIn("select-timeout", found)
        self.assertIn("_OwnQueuesLoop.run_forever does not call _run_once", notes["select-timeout"])
        self.assertIn("handle-internals", found, "its handles are asyncio's and keep their callback")

    def test_a_list_backed_fifo_ready_queue_counts(self):
        found, notes = self.probe(_ListReadyLoop())
        self.assertLessEqual({"ready-queue", "select-timeout"}, found, notes)

    def test_a_ready_queue_without_the_deque_methods_does_not(self):
        found, notes = self.probe(_PlainListReadyLoop())
        self.assertNotIn("ready-queue", found)
        self.assertIn("lacks popleft", notes["ready-queue"])
        self.assertIn("lacks popleft", notes["select-timeout"], "asyncio's iteration needs the same queue")

    def test_timers_kept_elsewhere_leave_no_select_timeout(self):
        found, notes = self.probe(_OwnTimersLoop())
        self.assertIn("ready-queue", found)
        self.assertNotIn("select-timeout", found)
        self.assertIn("loop._scheduled", notes["select-timeout"])

    def test_readers_watched_elsewhere_leave_no_select_timeout(self):
        found, notes = self.probe(_OwnReadersLoop())
        self.assertNotIn("select-timeout", found)
        self.assertIn("loop._selector", notes["select-timeout"])

    def test_an_instrumented_run_once_keeps_select_timeout(self):
        class Instrumented(asyncio.SelectorEventLoop):
            def _run_once(self):
                super()._run_once()
        found, notes = self.probe(Instrumented())
        self.assertIn("select-timeout", found, notes)

    def test_a_run_forever_of_its_own_that_calls_run_once_keeps_select_timeout(self):
        class NestAsyncioShaped(asyncio.SelectorEventLoop):
            def run_forever(self):  # what nest_asyncio patches in: its own driver, over _run_once
                with contextlib.suppress(KeyboardInterrupt):
                    while True:
                        self._run_once()
                        if self._stopping:
                            break
        found, notes = self.probe(NestAsyncioShaped())
        self.assertIn("select-timeout", found, notes)

    def test_a_run_forever_that_wraps_the_next_one_is_followed_through_the_mro(self):
        class Wrapping(asyncio.SelectorEventLoop):
            def run_forever(self):
                self.runs = getattr(self, "runs", 0) + 1
                return super().run_forever()

        class WrappingOwnDriver(_OwnQueuesLoop):
            def run_forever(self):
                return super().run_forever()
        found, notes = self.probe(Wrapping())
        self.assertIn("select-timeout", found, notes)
        found, notes = self.probe(WrappingOwnDriver())
        self.assertIn("_OwnQueuesLoop.run_forever does not call _run_once", notes["select-timeout"])

    def test_handles_that_do_not_keep_their_callback_have_no_handle_internals(self):
        found, notes = self.probe(_WrappedHandlesLoop())
        self.assertNotIn("handle-internals", found)
        self.assertIn("_WrappedHandle does not keep its callback", notes["handle-internals"])

    def test_enter_leave_task_never_calls_the_loops_create_task_or_task_factory(self):
        # The kit's tasks in those scenarios come from the Task constructor; a loop that crashes in create_task
        # (bad_loops:crashing_create_task) is judged by the scenarios that call it, not at hello.
        class RefusesTasks(asyncio.SelectorEventLoop):
            def create_task(self, coro, **kwargs):
                raise AssertionError("the probe must not make a task")

        def factory(loop, coro, **kwargs):
            raise AssertionError("the probe must not make a task")
        for loop, task_factory in ((RefusesTasks(), None), (asyncio.SelectorEventLoop(), factory)):
            found, notes = self.probe(loop, factory=task_factory)
            self.assertIn("enter-leave-task", found, notes)
            self.assertEqual(sys.version_info >= (3, 12), "swap-current-task" in found, notes)

    def test_a_loop_that_hangs_in_call_later_costs_the_bound_and_its_capabilities_not_the_handshake(self):
        class HangingTimers(asyncio.SelectorEventLoop):
            def call_at(self, when, callback, *args, context=None):
                threading.Event().wait(60)  # never answers within the probe's bound
        started = time.monotonic()
        found, notes = self.probe(HangingTimers())
        self.assertLess(time.monotonic() - started, 3 * self.probes.PROBE_BOUND_SECONDS + 2)
        self.assertIn("ready-queue", found, notes)
        self.assertIn("did not answer the probe within", notes["select-timeout"])
        self.assertIn("did not answer the probe within", notes["handle-internals"])

    def test_a_probe_that_raises_is_a_note_and_long_notes_are_cut(self):
        class Hostile(asyncio.SelectorEventLoop):
            def call_soon(self, callback, *args, context=None):
                raise ValueError("x" * 5000)
        found, notes = self.probe(Hostile())
        self.assertNotIn("ready-queue", found)
        self.assertTrue(notes["ready-queue"].startswith("probe raised ValueError: xxx"))
        self.assertLessEqual(len(notes["ready-queue"]), self.probes.MAX_NOTE)


class DeclaredCapabilitiesTest(unittest.TestCase):
    """A loop factory's asyncio_tck_capabilities wins over the probe (docs/protocol.md, "Capabilities")."""

    FACTORY = textwrap.dedent("""\
        import asyncio

        def make():
            return asyncio.new_event_loop()

        make.asyncio_tck_capabilities = ["handle-internals", "select-timeout"]

        def as_text():
            return asyncio.new_event_loop()

        as_text.asyncio_tck_capabilities = "ready-queue, handle-internals"

        def misspelt():
            return asyncio.new_event_loop()

        misspelt.asyncio_tck_capabilities = ["ready-queues"]
        """)

    def agent_args(self, factory):
        directory = tempfile.mkdtemp()
        self.addCleanup(lambda: __import__("shutil").rmtree(directory, ignore_errors=True))
        with open(os.path.join(directory, "declaring_loop.py"), "w") as module:
            module.write(self.FACTORY)
        return ["--loop", "declaring_loop:" + factory, "--python-path", directory]

    def hello(self, factory):
        agent = AgentProcess(*self.agent_args(factory))
        self.addCleanup(agent.finish)
        return agent.request("hello", protocol=1)["implementation"]

    def test_exactly_the_declared_capabilities_are_sent_and_the_others_say_so(self):
        implementation = self.hello("make")
        self.assertEqual(["handle-internals", "select-timeout"], implementation["capabilities"])
        notes = implementation["capability_notes"]
        self.assertEqual(ALL_CAPABILITIES - {"handle-internals", "select-timeout"}, set(notes))
        self.assertIn("asyncio_tck_capabilities", notes["ready-queue"])

    def test_a_comma_separated_string_is_a_list(self):
        self.assertEqual(["handle-internals", "ready-queue"], self.hello("as_text")["capabilities"])

    def test_an_unknown_name_cannot_load(self):
        result = subprocess.run([sys.executable, AGENT, *self.agent_args("misspelt")], input=b"",
                                capture_output=True, timeout=REPLY_TIMEOUT_SECONDS)
        self.assertEqual(3, result.returncode)
        self.assertIn(b"ready-queues", result.stderr)


if __name__ == "__main__":
    try:
        unittest.main()
    finally:
        if REPLIES_VALIDATOR is not None:
            sys.stderr.write("validated %d replies against docs/protocol-replies.schema.json with jsonschema\n"
                             % VALIDATED_REPLIES[0])
