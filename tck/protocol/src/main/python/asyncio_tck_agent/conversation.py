"""The conversation: one reply per request line, in order; owns the open session."""

import json
import platform
import sys
import time

from .operations import operations_in, parse_operation
from .probes import detect_capabilities
from .protocol import MAX_BENCHMARK_REPEAT, MAX_PROGRAM_OPERATIONS, MAX_REPLY_BYTES, PROTOCOL_VERSION, ProtocolError, describe_error, diagnose
from .session import Session, outcome_of, outcomes_of


class Agent:
    """Answers requests one by one; owns the open session, if any."""

    def __init__(self, source, variant, out, owner):
        self.owner = owner  # the OwnerThread (the main thread) that makes and runs every session's loop
        self.source = source
        self.variant = variant
        self.out = out
        self.greeted = False
        self.capabilities = []  # what hello detected; every request but hello comes after it
        self.session = None

    def serve(self, lines):
        for raw in lines:
            if not raw.strip():
                continue
            if not self.answer(raw):
                return
        diagnose("end of input without bye")
        self.close_session()

    def answer(self, raw):
        """Replies to one request line; returns False once the conversation is over."""
        seq = None
        kind = None
        try:
            request = json.loads(raw, parse_constant=_refuse_non_json_number)
            if not isinstance(request, dict):
                raise ProtocolError("a request must be a JSON object")
            seq = request.get("seq")
            if isinstance(seq, bool) or not isinstance(seq, int):
                seq = None
                raise ProtocolError("request without an integer seq")
            kind = request.get("type")
            if not self.greeted and kind != "hello":
                raise ProtocolError("hello must be the first request, got %r" % (kind,))
            handler = self.HANDLERS.get(kind)
            if handler is None:
                raise ProtocolError("unknown request type %r" % (kind,))
            reply = handler(self, request)
        except ProtocolError as e:
            reply = {"type": "protocol_error", "message": str(e)}
        except ValueError as e:  # bad JSON (json.JSONDecodeError is a ValueError)
            reply = {"type": "protocol_error", "message": "not a JSON request: %s" % e}
        self.send(dict({"seq": seq}, **reply))
        return not (kind == "bye" and reply.get("type") == "ok")

    def send(self, reply):
        try:
            line = json.dumps(reply, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
        except (TypeError, ValueError) as e:
            line = json.dumps({"seq": reply.get("seq"), "type": "protocol_error",
                               "message": "reply is not JSON: %s" % e})
        if len(line.encode("utf-8")) > MAX_REPLY_BYTES:
            line = json.dumps({"seq": reply.get("seq"), "type": "protocol_error",
                               "message": "reply of %d bytes exceeds the 1 MiB limit" % len(line.encode("utf-8"))})
        self.out.write(line + "\n")
        self.out.flush()

    def hello(self, request):
        protocol = request.get("protocol")
        if isinstance(protocol, bool) or not isinstance(protocol, int):
            raise ProtocolError("hello: field 'protocol' must be an integer, got %r" % (protocol,))
        if protocol != PROTOCOL_VERSION:
            diagnose("kit speaks protocol %d, this agent speaks %d" % (protocol, PROTOCOL_VERSION))
        self.greeted = True
        # on the thread that makes the sessions' loops: the probe's loop is made where theirs are
        detect = lambda: detect_capabilities(self.source, self.variant)
        capabilities, notes = self.owner.call(detect)
        self.capabilities = capabilities
        return {"type": "hello", "protocol": PROTOCOL_VERSION, "implementation": {
            "name": self.source.name,
            "version": self.source.version,
            "python": platform.python_version(),
            "api_level": "%d.%d" % sys.version_info[:2],
            "capabilities": capabilities,
            "capability_notes": notes,  # absent capability -> why, for the kit's not-applicable messages
            "profiles": self.source.profiles,
        }}

    def open_session(self, request):
        """A fresh loop, made on the owner thread, which also runs it."""
        if self.session is not None:
            raise ProtocolError("open_session: a session is already open")

        def make_loop():
            loop = self.source.make_loop()
            self.variant.install(loop)
            return loop

        def make_session():
            session = Session(make_loop(), self.owner, selector_is_live="select-timeout" in self.capabilities)
            session.make_loop = make_loop  # a runner's loop (run_under_runner): the same factory and variant
            return session

        self.session = self.owner.call(make_session)
        return {"type": "ok"}

    def close_session_request(self, request):
        if self.session is None:
            raise ProtocolError("close_session: no session is open")
        self.close_session()
        return {"type": "ok"}

    def close_session(self):
        if self.session is not None:
            session, self.session = self.session, None
            try:
                session.close()
            except Exception as e:  # closing a loop the kit left running or broken is not fatal
                diagnose("closing the session's loop raised %s" % describe_error(e))

    def perform(self, request):
        session = self.open_session_or_fail("perform")
        operation = parse_operation(request.get("operation"))
        unsupported = self.unsupported_reply(operation)
        if unsupported is not None:
            return unsupported
        return {"type": "outcome", "outcome": outcomes_of([operation], session)[0]}

    def benchmark(self, request):
        session = self.open_session_or_fail("benchmark")
        operation = parse_operation(request.get("operation"))
        repeat = request.get("repeat")
        if isinstance(repeat, bool) or not isinstance(repeat, int) or not 1 <= repeat <= MAX_BENCHMARK_REPEAT:
            raise ProtocolError("benchmark: 'repeat' must be an integer in 1..%d, got %r"
                                % (MAX_BENCHMARK_REPEAT, repeat))
        unsupported = self.unsupported_reply(operation)
        if unsupported is not None:
            return unsupported

        def timed():
            seconds = []
            for _ in range(repeat):
                started = time.perf_counter_ns()
                outcome_of(operation, session)
                seconds.append((time.perf_counter_ns() - started) / 1e9)
            return seconds

        # Timed where the operation is performed, so the hand-over to the loop's thread is not counted.
        if getattr(operation, "from_kit_thread", False):
            return {"type": "benchmark", "seconds": timed()}
        return {"type": "benchmark", "seconds": session.on_loop_thread(timed)}

    def program(self, request):
        """A whole program in one round trip: a fresh session of its own, every operation performed in order,
        the session closed, then one reply with every outcome (docs/protocol.md, "Program")."""
        if self.session is not None:
            raise ProtocolError("program: a session is open; a program runs in a session of its own")
        raw = request.get("operations")
        if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_PROGRAM_OPERATIONS:
            raise ProtocolError("program: 'operations' must be a list of 1..%d operations, got %s"
                                % (MAX_PROGRAM_OPERATIONS,
                                   "%d of them" % len(raw) if isinstance(raw, list) else repr(raw)))
        operations = [parse_operation(item) for item in raw]  # all checked before any runs
        for operation in operations:
            unsupported = self.unsupported_reply(operation)
            if unsupported is not None:
                return unsupported
        self.open_session(request)
        try:
            outcomes = outcomes_of(operations, self.session)
        finally:
            self.close_session()
        return {"type": "outcomes", "outcomes": outcomes}

    def unsupported_reply(self, operation):
        """The ``unsupported`` reply when the operation, or one nested in it, is one the loop declared
        unsupported; None when it may be performed. Checked after parsing, before anything runs."""
        for inner in operations_in(operation):
            reason = self.source.unsupported.get(type(inner).op)
            if reason is not None:
                return {"type": "unsupported", "op": type(inner).op, "reason": reason}
        return None

    def sync(self, request):
        """The kit's barrier (docs/protocol.md, "Sync"): nothing to do but answer, in order, after every
        line written before it. Valid with or without a session."""
        return {"type": "ok"}

    def bye(self, request):
        self.close_session()
        return {"type": "ok"}

    def open_session_or_fail(self, what):
        if self.session is None:
            raise ProtocolError("%s: no session is open" % what)
        return self.session

    HANDLERS = {
        "hello": hello,
        "open_session": open_session,
        "close_session": close_session_request,
        "perform": perform,
        "benchmark": benchmark,
        "program": program,
        "sync": sync,
        "bye": bye,
    }


def _refuse_non_json_number(constant):
    # Python's json accepts NaN and Infinity; the protocol (JSON) does not.
    raise ProtocolError("%s is not a JSON number" % constant)

