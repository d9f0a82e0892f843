#!/usr/bin/env python3
"""Agent that lets the asyncio TCK drive a real Python event loop out of process.

It speaks docs/protocol.md (version 1): one JSON request per line on stdin, one
JSON reply per line on stdout, diagnostics on stderr. The operation vocabulary is
closed: every request is parsed into one of the fixed operations below before
anything runs, and nothing the kit sends is ever evaluated as code.

Standard library only; Python 3.10 to 3.13.

Exit codes: 0 after ``bye`` or end of input, 2 on a usage error, 3 when the
loop to certify cannot be loaded or made.
"""

import argparse
import asyncio
import asyncio.events
import asyncio.futures
import asyncio.tasks
import collections
import contextlib
import gc
import importlib
import inspect
import json
import os
import platform
import socket
import sys
import threading
import time
import weakref

PROTOCOL_VERSION = 1
# The kit refuses reply lines longer than this (docs/protocol.md, "Framing").
MAX_REPLY_BYTES = 1024 * 1024
# Keeps a benchmark reply (about 25 bytes per duration) well under MAX_REPLY_BYTES.
MAX_BENCHMARK_REPEAT = 10_000
# How long start_loop_thread waits for the loop to become idle, and stop_loop_thread for it to end.
LOOP_THREAD_BOUND_SECONDS = 5.0
# Where the selector cannot be watched: the pause after a thread-safe round trip (docs/protocol.md).
SETTLE_PAUSE_SECONDS = 0.05
EXIT_LOOP_UNAVAILABLE = 3


def diagnose(message):
    """Free-form diagnostics: stderr only, never the protocol channel."""
    print("agent: " + message, file=sys.stderr, flush=True)


class ProtocolError(Exception):
    """The request cannot be understood; answered with a protocol_error reply."""


class KitError(Exception):
    """The kit referred to something this session does not know (an outcome error, by name)."""


# ---- loops and variants ----------------------------------------------------------------------


# The attribute of a loop factory that declares its profiles (docs/protocol.md, "Profiles").
PROFILES_ATTRIBUTE = "asyncio_tck_profiles"


class LoopSource:
    """Where fresh loops come from, how the implementation names itself, and what it declares."""

    def __init__(self, make_loop, name, version, profiles=()):
        self.make_loop = make_loop
        self.name = name
        self.version = version
        self.profiles = list(profiles)


def load_loop_source(spec):
    """Resolves ``--loop``; raises ImportError/AttributeError/... when it cannot be loaded."""
    if spec == "asyncio":
        return LoopSource(asyncio.new_event_loop, "CPython asyncio", platform.python_version())
    if spec == "uvloop":
        uvloop = importlib.import_module("uvloop")
        return LoopSource(uvloop.new_event_loop, "uvloop", str(getattr(uvloop, "__version__", "unknown")))
    module_name, _, attribute_path = spec.partition(":")
    module = importlib.import_module(module_name)
    factory = module
    for attribute in attribute_path.split("."):
        factory = getattr(factory, attribute)
    if not callable(factory):
        raise TypeError("%s is not callable: %r" % (spec, factory))
    probe = factory()
    try:
        # "<module> <class>", e.g. "uvloop Loop": the first word names the implementation in ids
        name = "%s %s" % (type(probe).__module__.split(".")[0], type(probe).__qualname__)
    finally:
        probe.close()
    return LoopSource(factory, name, module_version(module), declared_profiles(factory, spec))


def declared_profiles(factory, spec):
    """The factory's own declaration: a list of profile names, or one comma-separated string.

    Passed to the kit as declared; the kit checks the names. Nothing here looks at how the loop behaves.
    """
    declared = getattr(factory, PROFILES_ATTRIBUTE, ())
    if isinstance(declared, str):
        declared = [name.strip() for name in declared.split(",") if name.strip()]
    if not isinstance(declared, (list, tuple)) or not all(isinstance(name, str) for name in declared):
        raise TypeError("%s.%s must be a list of profile names or a comma-separated string, got %r"
                        % (spec, PROFILES_ATTRIBUTE, declared))
    return list(declared)


def module_version(module):
    """The module's ``__version__``, else its top-level package's, else "unknown"."""
    version = getattr(module, "__version__", None)
    if version is None and "." in module.__name__:
        top = sys.modules.get(module.__name__.split(".")[0])
        version = getattr(top, "__version__", None)
    return "unknown" if version is None else str(version)


class Variant:
    """Which Task/Future classes the loop uses: CPython's C ones (``c``) or the pure-Python ones (``py``)."""

    def __init__(self, name, task_class, future_class):
        self.name = name
        self.task_class = task_class
        self.future_class = future_class

    @staticmethod
    def named(name):
        if name == "c":
            return Variant("c", asyncio.Task, asyncio.Future)
        py_task = getattr(asyncio.tasks, "_PyTask", None)
        py_future = getattr(asyncio.futures, "_PyFuture", None)
        if py_task is None or py_future is None:
            raise RuntimeError("this Python has no asyncio.tasks._PyTask / asyncio.futures._PyFuture")
        # asyncio.Task(...) written anywhere in this process now builds the pure-Python task.
        asyncio.Task = asyncio.tasks.Task = py_task
        return Variant("py", py_task, py_future)

    def install(self, loop):
        """Makes ``loop`` create this variant's futures and tasks (nothing to do for ``c``)."""
        if self.name == "c":
            return
        future_class = self.future_class
        task_class = self.task_class
        try:
            loop.create_future = lambda: future_class(loop=loop)
        except AttributeError as e:
            diagnose("cannot make %s.create_future() return _PyFuture (%s); it keeps its own futures"
                     % (type(loop).__name__, e))

        def task_factory(factory_loop, coro, **kwargs):
            return task_class(coro, loop=factory_loop, **kwargs)

        loop.set_task_factory(task_factory)


# ---- capability detection --------------------------------------------------------------------


def detect_capabilities(source, variant):
    """Looks at a throw-away loop's structure; returns the sorted capability names and writes why to stderr.

    Capabilities only choose how the kit observes a loop; what is expected of the loop comes from its
    declared profiles. So nothing here runs the loop, completes a future or starts a task: a loop that
    misbehaves when it runs gets its verdicts from the bounded operations of the scenarios, not here.
    """
    loop = source.make_loop()
    variant.install(loop)
    try:
        checks = [
            ("ready-queue", lambda: _has_ready_deque(loop)),
            ("select-timeout", lambda: _has_probeable_selector(loop)),
            ("handle-internals", lambda: _handles_expose_callback(loop)),
            ("enter-leave-task", lambda: _tasks_module_has("_enter_task", "_leave_task")),
            ("swap-current-task", lambda: _tasks_module_has("_swap_current_task")),
            ("eager-start", lambda: _task_accepts_eager_start(variant.task_class)),
            ("uninitialised-task", lambda: _task_can_skip_init(variant.task_class)),
        ]
        found = []
        for capability, check in checks:
            try:
                present, why = check()
            except Exception as e:  # a probe that blows up means "not detected", with the reason
                present, why = False, "probe raised %s: %s" % (type(e).__name__, e)
            diagnose("capability %-18s %s: %s" % (capability, "yes" if present else "no", why))
            if present:
                found.append(capability)
        return sorted(found)
    finally:
        loop.close()


def _has_ready_deque(loop):
    ready = getattr(loop, "_ready", None)
    return isinstance(ready, collections.deque), "loop._ready is %s" % type(ready).__name__


def _has_probeable_selector(loop):
    selector = getattr(loop, "_selector", None)
    has_select = callable(getattr(selector, "select", None))
    has_run_once = callable(getattr(loop, "_run_once", None))
    return has_select and has_run_once, "loop._selector.select %s, loop._run_once %s" % (
        "found" if has_select else "missing", "found" if has_run_once else "missing")


def _handles_expose_callback(loop):
    handle = loop.call_soon(_do_nothing)
    try:
        return hasattr(handle, "_callback"), "%s %s _callback" % (
            type(handle).__name__, "has" if hasattr(handle, "_callback") else "lacks")
    finally:
        handle.cancel()


def _tasks_module_has(*names):
    missing = [name for name in names if not hasattr(asyncio.tasks, name)]
    return not missing, "asyncio.tasks lacks %s" % ", ".join(missing) if missing else "asyncio.tasks has " + ", ".join(names)


def _task_accepts_eager_start(task_class):
    # asyncio's Task takes eager_start from 3.12 on (both variants are asyncio's own classes);
    # asking the interpreter's version avoids making a task, which would need the loop to run.
    accepts = sys.version_info >= (3, 12)
    return accepts, "%s on Python %d.%d %s eager_start" % (
        task_class.__qualname__, sys.version_info[0], sys.version_info[1], "takes" if accepts else "lacks")


_UNINITIALISED_PROBES = []  # kept alive so detection never even deallocates one


def _task_can_skip_init(task_class):
    # Creating the object is the whole probe: using an uninitialised C task may crash the process.
    _UNINITIALISED_PROBES.append(task_class.__new__(task_class))
    return True, "%s.__new__(%s) succeeded (not used further)" % (task_class.__qualname__, task_class.__qualname__)


def _do_nothing():
    pass


# ---- sessions ----------------------------------------------------------------------------------


NOTHING = object()  # what an operation returns when its outcome is "nothing"


class Session:
    """One fresh loop plus everything the kit named in it, and what its callbacks recorded."""

    def __init__(self, loop):
        self.loop = loop
        self.handles = {}
        self.callbacks = {}  # handle name -> weak reference to the callback the loop was given
        self.futures = {}
        self.tasks = {}
        self._task_names = {}  # id(task) -> (task, kit name); by identity so no method of the task is called
        # Callbacks may record on the loop thread while the kit reads from the main thread.
        self._events_changed = threading.Condition()
        self._events = []
        self._reported_errors = []
        self.runs_started = 0
        self.current_run = 0  # 0 while no kit-driven run is in progress
        self.loop_thread = None
        self.sockets = []  # closed with the session
        self._task_groups = {}  # id(kit task) -> the TaskGroup its coroutine entered, while it performs "then"
        self.done_callbacks = {}  # (future name, label) -> the callback add_done_callback added
        self._reported_contexts = []  # the keys of each context the recording handler received
        self.socket_pairs = {}  # kit name -> (watched end, other end)
        loop.set_exception_handler(self._record_reported_error)

    def record(self, label, value=NOTHING):
        event = {"label": label, "run": self.current_run}
        if value is not NOTHING and value is not None:
            event["value"] = value
        with self._events_changed:
            self._events.append(event)
            self._events_changed.notify_all()

    def recorded(self):
        with self._events_changed:
            return [dict(event) for event in self._events]

    def wait_for_label(self, label, seconds):
        """True once an event labelled ``label`` is recorded (even before the call); waits at most ``seconds``."""
        with self._events_changed:
            return self._events_changed.wait_for(
                lambda: any(event["label"] == label for event in self._events), timeout=seconds)

    def _record_reported_error(self, loop, context):
        exception = context.get("exception")
        text = describe_error(exception) if exception is not None else str(context.get("message"))
        diagnose("the loop reported: " + text)
        with self._events_changed:
            self._reported_errors.append(text)
            self._reported_contexts.append(sorted(str(key) for key in context))

    def reported_contexts(self):
        with self._events_changed:
            return [list(keys) for keys in self._reported_contexts]

    def reported_errors(self):
        with self._events_changed:
            return list(self._reported_errors)

    def start_run(self):
        self.runs_started += 1
        self.current_run = self.runs_started

    def handle(self, name):
        return self._lookup(self.handles, "handle", name)

    def future(self, name):
        """A future by name; a task name also works, since a task is a future."""
        if name in self.futures:
            return self.futures[name]
        if name in self.tasks:
            return self.tasks[name]
        raise KitError("no future named %r in this session" % (name,))

    def task(self, name):
        return self._lookup(self.tasks, "task", name)

    @contextlib.contextmanager
    def task_group_entered(self, group):
        """While a kit task performs its ``then`` inside ``async with TaskGroup()``: the group, by task."""
        owner = asyncio.current_task(self.loop)
        self._task_groups[id(owner)] = group
        try:
            yield
        finally:
            del self._task_groups[id(owner)]

    def task_group_here(self):
        group = self._task_groups.get(id(asyncio.current_task(self.loop)))
        if group is None:
            raise KitError("via task_group makes a task only inside the 'then' of a kit task's coroutine")
        return group

    def name_task(self, name, task):
        self.tasks[name] = task
        self._task_names[id(task)] = (task, name)

    def kit_name_of(self, task):
        if task is None:
            return None
        known = self._task_names.get(id(task))
        if known is not None and known[0] is task:
            return known[1]
        return "<task not created by the kit: %s>" % type(task).__qualname__

    def run(self, body):
        """Runs ``body`` as a new kit-driven run, unless the loop is already running (then it just raises)."""
        if self.loop.is_running():
            return body()
        previous = self.current_run
        self.start_run()
        try:
            return body()
        finally:
            self.current_run = previous

    def close(self):
        """Stops a loop thread still running, closes the loop, then the sockets its readers used."""
        try:
            if self.loop_thread is not None and self.loop_thread.is_alive():
                if not self.loop_thread.stop():
                    raise RuntimeError("the loop thread did not end within %.0f s; the loop is left open"
                                       % LOOP_THREAD_BOUND_SECONDS)
            self.loop.close()
        finally:
            for sock in self.sockets:
                sock.close()

    @staticmethod
    def _lookup(names, kind, name):
        try:
            return names[name]
        except KeyError:
            raise KitError("no %s named %r in this session" % (kind, name)) from None


def outcome_of(operation, session):
    """Performs ``operation`` and turns what happened into an outcome object of the protocol."""
    try:
        value = operation.perform(session)
    except (Exception, asyncio.CancelledError) as e:
        return {"kind": "error", "error_type": type(e).__name__, "message": str(e)}
    except (KeyboardInterrupt, SystemExit) as e:
        # EXC-2: what raise_base_exception raised in a callback, let through by the loop (agents run
        # in a session of their own, so a terminal's Ctrl-C never arrives here).
        return {"kind": "error", "error_type": type(e).__name__, "message": str(e)}
    if value is NOTHING:
        return {"kind": "nothing"}
    return {"kind": "value", "value": value}


def describe_error(e):
    return "%s: %s" % (type(e).__name__, e)


# ---- the operations ----------------------------------------------------------------------------
# Each class is one ``op`` of docs/protocol.md; ``parse`` checks the fields, ``perform`` does it.


class Fields:
    """Typed access to an operation's fields; anything malformed is a ProtocolError naming it."""

    def __init__(self, op, raw):
        self.op = op
        self.raw = raw

    def name(self, key, nullable=False):
        value = self.raw.get(key)
        if value is None and nullable:
            return None
        if not isinstance(value, str):
            raise ProtocolError("%s: field %r must be a string%s, got %r"
                                % (self.op, key, " or null" if nullable else "", value))
        return value

    def number(self, key):
        value = self.raw.get(key)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ProtocolError("%s: field %r must be a number, got %r" % (self.op, key, value))
        return value

    def flag(self, key):
        value = self.raw.get(key, False)
        if value is None:
            return False
        if not isinstance(value, bool):
            raise ProtocolError("%s: field %r must be a boolean, got %r" % (self.op, key, value))
        return value

    def choice(self, key, allowed):
        value = self.raw.get(key)
        if value not in allowed:
            raise ProtocolError("%s: field %r must be one of %s, got %r" % (self.op, key, sorted(allowed), value))
        return value

    def operations(self, key):
        value = self.raw.get(key)
        if value is None:
            return []
        if not isinstance(value, list):
            raise ProtocolError("%s: field %r must be a list of operations, got %r" % (self.op, key, value))
        return [parse_operation(item) for item in value]

    def operation(self, key):
        return parse_operation(self.raw.get(key))


class Callback:
    """The fixed behaviour of every kit callback: record the label, then perform ``then`` in order."""

    def __init__(self, session, label, then):
        self.session = session
        self.label = label
        self.then = then

    def __call__(self, *ignored_args):  # done callbacks receive the future
        self.session.record(self.label)
        perform_then(self.session, self.then)


def perform_then(session, then):
    """Performs a callback's or a task step's ``then`` in order: an operation that fails records
    ``!error`` and the next one goes on; ``raise`` leaves the caller (the loop sees a callback that
    raises, or the task ends with the error)."""
    for operation in then:
        if isinstance(operation, Raise):
            operation.perform(session)  # always raises
        try:
            operation.perform(session)
        except (Exception, asyncio.CancelledError) as e:
            if not isinstance(operation, Note):  # a note has already recorded the error as its value
                session.record("!error", describe_error(e))


class CallSoon:
    op = "call_soon"

    def __init__(self, fields):
        self.label = fields.name("label")
        self.then = fields.operations("then")
        self.handle = fields.name("handle", nullable=True)

    def schedule(self, loop, callback):
        return loop.call_soon(callback)

    def perform(self, session):
        callback = Callback(session, self.label, self.then)
        handle = self.schedule(session.loop, callback)
        if self.handle is not None:
            session.handles[self.handle] = handle
            # Only the loop holds the callback; this weak reference lets callback_freed see it go.
            session.callbacks[self.handle] = weakref.ref(callback)
        return NOTHING


class CallSoonThreadsafe(CallSoon):
    op = "call_soon_threadsafe"

    def schedule(self, loop, callback):
        return loop.call_soon_threadsafe(callback)


class CallLater(CallSoon):
    op = "call_later"

    def __init__(self, fields):
        super().__init__(fields)
        self.delay = fields.number("delay")

    def schedule(self, loop, callback):
        return loop.call_later(self.delay, callback)


class CallAt(CallLater):
    op = "call_at"

    def schedule(self, loop, callback):
        return loop.call_at(loop.time() + self.delay, callback)


class Raise:
    """Raises out of a callback (never recorded as ``!error``); performed directly, an error outcome."""
    op = "raise"

    def __init__(self, fields):
        pass

    def perform(self, session):
        raise RuntimeError("raised by the kit")


class HandleOperation:
    """An operation on one named handle; subclasses say what."""

    def __init__(self, fields):
        self.handle = fields.name("handle")

    def perform(self, session):
        return self.apply(session, session.handle(self.handle))


class CancelHandle(HandleOperation):
    op = "cancel_handle"

    def apply(self, session, handle):
        handle.cancel()
        return NOTHING


class HandleCancelled(HandleOperation):
    op = "handle_cancelled"

    def apply(self, session, handle):
        return bool(handle.cancelled())


class HandleHoldsCallback(HandleOperation):
    op = "handle_holds_callback"

    def apply(self, session, handle):
        return handle._callback is not None


class CallbackFreed(HandleOperation):
    op = "callback_freed"

    def apply(self, session, handle):
        gc.collect()
        return session.callbacks[self.handle]() is None


class RemoveFromReadyQueue(HandleOperation):
    op = "remove_from_ready_queue"

    def apply(self, session, handle):
        try:
            session.loop._ready.remove(handle)
        except ValueError:
            return False
        return True


class NoFields:
    def __init__(self, fields):
        pass


class Stop(NoFields):
    op = "stop"

    def perform(self, session):
        session.loop.stop()
        return NOTHING


class RunOnce(NoFields):
    op = "run_once"

    def perform(self, session):
        loop = session.loop

        def one_iteration():
            if loop.is_running():  # refuse before scheduling: a stray stop() would end the running loop
                raise RuntimeError("This event loop is already running")
            # asyncio documents that stop() before run_forever() runs exactly one iteration:
            # poll once with timeout 0, run what was ready, exit. (call_soon(loop.stop) is not
            # the same on every loop: uvloop's stop() schedules the stop one batch later.)
            loop.stop()
            loop.run_forever()

        session.run(one_iteration)
        return NOTHING


class RunForever(NoFields):
    op = "run_forever"

    def perform(self, session):
        session.run(session.loop.run_forever)
        return NOTHING


class RunUntilComplete:
    op = "run_until_complete"

    def __init__(self, fields):
        self.future = fields.name("future")

    def perform(self, session):
        future = session.future(self.future)
        return session.run(lambda: session.loop.run_until_complete(future))


class ReadyQueueLength(NoFields):
    op = "ready_queue_length"

    def perform(self, session):
        return len(session.loop._ready)


class SelectTimeout(NoFields):
    """One ``_run_once`` with the selector replaced by a probe that records its timeout and reports no I/O."""

    op = "select_timeout"

    def perform(self, session):
        return session.run(lambda: self._probe_one_iteration(session.loop))

    def _probe_one_iteration(self, loop):
        if loop.is_running():  # e.g. on its own thread: its selector must not be swapped under it
            raise RuntimeError("This event loop is already running")
        selector = loop._selector
        run_once = loop._run_once  # looked up first: a loop without it is refused before anything changes
        timeouts = []

        def probe(timeout=None):
            timeouts.append(timeout)
            return []

        had_own_select = "select" in getattr(selector, "__dict__", {})
        original_select = selector.select
        selector.select = probe
        try:
            with RunningState(loop):
                run_once()
        finally:
            if had_own_select:
                selector.select = original_select
            else:
                del selector.select
        if not timeouts:
            raise KitError("the loop did not consult its selector during _run_once")
        return timeouts[0]


class RunningState:
    """Makes the loop look like run_forever is running it, and undoes that, as run_forever does."""

    def __init__(self, loop):
        self.loop = loop

    def __enter__(self):
        loop = self.loop
        if hasattr(loop, "_run_forever_setup"):  # 3.13+: the loop's own setup, hooks included
            loop._run_forever_setup()
            return self
        if loop.is_closed():
            raise RuntimeError("Event loop is closed")
        if loop.is_running():
            raise RuntimeError("This event loop is already running")
        self.previous_thread_id = getattr(loop, "_thread_id", None)
        loop._thread_id = threading.get_ident()
        asyncio.events._set_running_loop(loop)
        return self

    def __exit__(self, *exc_info):
        loop = self.loop
        if hasattr(loop, "_run_forever_cleanup"):
            loop._run_forever_cleanup()
            return False
        # run_forever clears a pending stop() once its iteration saw it; so do we.
        loop._stopping = False
        loop._thread_id = self.previous_thread_id
        asyncio.events._set_running_loop(None)
        return False


# ---- the loop on its own thread ---------------------------------------------------------------


class LoopThread:
    """``loop.run_forever()`` on a daemon thread of its own, so the kit acts from a foreign thread."""

    def __init__(self, loop):
        self.loop = loop
        self._idle = threading.Event()  # set when the loop is seen idle, or when the thread ends
        self._failure = None
        self._unwatch_select = None
        self._thread = threading.Thread(target=self._run, name="asyncio-tck-loop", daemon=True)

    def start(self):
        """Returns once the loop is idle in its selector; raises if it is not within the bound."""
        self._unwatch_select = self._watch_select()
        self._thread.start()
        if self._unwatch_select is None:
            # No selector to watch (uvloop): a thread-safe round trip, then the documented settle pause.
            self.loop.call_soon_threadsafe(self._idle.set)
        seen_idle = self._idle.wait(LOOP_THREAD_BOUND_SECONDS)
        if seen_idle and self._unwatch_select is None:
            time.sleep(SETTLE_PAUSE_SECONDS)
        if self._failure is not None:
            raise self._failure
        if not seen_idle:
            raise TimeoutError("the loop thread was not idle within %.0f s" % LOOP_THREAD_BOUND_SECONDS)
        if not self._thread.is_alive():
            raise RuntimeError("run_forever returned before the loop was idle (was a stop() pending?)")

    def _watch_select(self):
        """Wraps ``loop._selector.select`` so a blocking call announces itself; returns the undo, or None."""
        selector = getattr(self.loop, "_selector", None)
        original = getattr(selector, "select", None)
        if not callable(original):
            return None
        had_own_select = "select" in getattr(selector, "__dict__", {})
        idle = self._idle

        def select(timeout=None):
            if timeout is None:  # nothing ready and no timer: this call blocks until I/O or a wake-up
                idle.set()
            return original(timeout)

        try:
            selector.select = select
        except AttributeError:
            return None

        def unwatch():
            if had_own_select:
                selector.select = original
            else:
                del selector.select
        return unwatch

    def _run(self):
        try:
            self.loop.run_forever()
        except BaseException as e:  # reported by start(), or on stderr if the loop fails later
            self._failure = e
            diagnose("the loop thread ended with %s" % describe_error(e))
        finally:
            if self._unwatch_select is not None:
                self._unwatch_select()
            self._idle.set()

    def is_alive(self):
        return self._thread.is_alive()

    def stop(self):
        """``call_soon_threadsafe(loop.stop)`` and a bounded join; True when the thread ended."""
        if self._thread.is_alive():
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._thread.join(LOOP_THREAD_BOUND_SECONDS)
        return not self._thread.is_alive()


class StartLoopThread(NoFields):
    op = "start_loop_thread"

    def perform(self, session):
        if session.loop_thread is not None and session.loop_thread.is_alive():
            raise RuntimeError("a loop thread is already running in this session")
        if session.loop.is_running():
            raise RuntimeError("This event loop is already running")
        previous_run = session.current_run
        session.start_run()  # events recorded while the thread runs belong to this run
        session.loop_thread = LoopThread(session.loop)
        try:
            session.loop_thread.start()
        except BaseException:
            if not session.loop_thread.is_alive():
                session.current_run = previous_run
            raise
        return NOTHING


class StopLoopThread(NoFields):
    op = "stop_loop_thread"

    def perform(self, session):
        if session.loop_thread is None:
            raise KitError("no loop thread was started in this session")
        ended = session.loop_thread.stop()
        if ended:
            session.current_run = 0
        return ended


class WaitFor:
    op = "wait_for"

    def __init__(self, fields):
        self.label = fields.name("label")
        self.seconds = fields.number("seconds")
        if self.seconds < 0:
            raise ProtocolError("wait_for: field 'seconds' must be >= 0, got %r" % (self.seconds,))

    def perform(self, session):
        return session.wait_for_label(self.label, self.seconds)


class ReportedErrors(NoFields):
    op = "reported_errors"

    def perform(self, session):
        return session.reported_errors()


class AddReadyReader:
    """A reader on a socket with a byte already waiting, so the next poll of the selector reports I/O."""

    op = "add_ready_reader"

    def __init__(self, fields):
        self.label = fields.name("label")

    def perform(self, session):
        readable, writer = socket.socketpair()
        session.sockets.extend((readable, writer))
        writer.send(b"!")
        loop = session.loop

        def on_readable():
            session.record(self.label)
            loop.remove_reader(readable)

        loop.add_reader(readable, on_readable)
        return NOTHING


class Recorded(NoFields):
    op = "recorded"

    def perform(self, session):
        return session.recorded()


class Note:
    op = "note"

    def __init__(self, fields):
        self.name = fields.name("name")
        self.of = fields.operation("of")

    def perform(self, session):
        try:
            value = self.of.perform(session)
        except (Exception, asyncio.CancelledError) as e:
            session.record(self.name, describe_error(e))
            raise
        session.record(self.name, None if value is NOTHING else value)
        return value


class CreateFuture:
    op = "create_future"

    def __init__(self, fields):
        self.future = fields.name("future")

    def perform(self, session):
        session.futures[self.future] = session.loop.create_future()
        return NOTHING


class AddDoneCallback:
    op = "add_done_callback"

    def __init__(self, fields):
        self.future = fields.name("future")
        self.label = fields.name("label")
        self.then = fields.operations("then")

    def perform(self, session):
        future = session.future(self.future)
        # The same label adds the same callback again, so remove_done_callback can remove every instance.
        callback = session.done_callbacks.setdefault((self.future, self.label), Callback(session, self.label, self.then))
        future.add_done_callback(callback)
        return NOTHING


class SetResult:
    op = "set_result"

    def __init__(self, fields):
        self.future = fields.name("future")
        self.value = fields.raw.get("value")

    def perform(self, session):
        session.future(self.future).set_result(self.value)
        return NOTHING


class SetException:
    op = "set_exception"

    def __init__(self, fields):
        self.future = fields.name("future")

    def perform(self, session):
        session.future(self.future).set_exception(RuntimeError("set by the kit"))
        return NOTHING


class CancelFuture:
    op = "cancel_future"

    def __init__(self, fields):
        self.future = fields.name("future")

    def perform(self, session):
        return session.future(self.future).cancel()


class FutureDone:
    op = "future_done"

    def __init__(self, fields):
        self.future = fields.name("future")

    def perform(self, session):
        return bool(session.future(self.future).done())


class FutureCancelled:
    op = "future_cancelled"

    def __init__(self, fields):
        self.future = fields.name("future")

    def perform(self, session):
        return bool(session.future(self.future).cancelled())


class CreateTask:
    op = "create_task"
    VIAS = {"task_constructor", "create_task", "asyncio_create_task", "ensure_future", "task_group"}

    def __init__(self, fields):
        self.task = fields.name("task")
        self.label = fields.name("label")
        self.awaits = fields.name("awaits", nullable=True)
        self.via = fields.choice("via", self.VIAS)
        self.eager_start = fields.flag("eager_start")
        if self.eager_start and self.via not in ("task_constructor", "create_task"):
            raise ProtocolError("create_task: eager_start is only for via task_constructor or create_task, not %r"
                                % (self.via,))
        self.then = fields.operations("then")

    def perform(self, session):
        awaited = None if self.awaits is None else session.future(self.awaits)
        coro = task_body(session, self.label, awaited, self.then)
        extra = {"eager_start": True} if self.eager_start else {}
        try:
            if self.via == "create_task":
                task = session.loop.create_task(coro, name=self.task, **extra)
            elif self.via == "asyncio_create_task":
                task = asyncio.create_task(coro, name=self.task)  # RuntimeError when no loop is running
            elif self.via == "ensure_future":
                task = asyncio.ensure_future(coro, loop=session.loop)  # goes through loop.create_task
                task.set_name(self.task)
            elif self.via == "task_group":
                task = session.task_group_here().create_task(coro, name=self.task)
            else:
                task = asyncio.Task(coro, loop=session.loop, name=self.task, **extra)
        except BaseException:
            coro.close()  # never started: close it so Python does not warn "never awaited"
            raise
        session.name_task(self.task, task)
        return NOTHING

    def in_task_group(self):
        return self.via == "task_group"


async def task_body(session, label, awaited, then=()):
    session.record(label + ":start")
    try:
        if any(isinstance(operation, CreateTask) and operation.in_task_group() for operation in then):
            async with asyncio.TaskGroup() as group:  # awaits the group's tasks when the block ends
                with session.task_group_entered(group):
                    perform_then(session, then)
        else:
            perform_then(session, then)
        if awaited is not None:
            await awaited  # the future's exception (or CancelledError) ends the task, after ":end"
    finally:
        session.record(label + ":end")
    return label


class CreateUninitialisedTask:
    op = "create_uninitialised_task"

    def __init__(self, fields):
        self.task = fields.name("task")

    def perform(self, session):
        task_class = asyncio.Task  # the variant's class (Variant.named rebinds it for "py")
        session.name_task(self.task, task_class.__new__(task_class))
        return NOTHING


class TaskOperation:
    def __init__(self, fields):
        self.task = fields.name("task")

    def perform(self, session):
        return self.apply(session, session.task(self.task))


class TaskDone(TaskOperation):
    op = "task_done"

    def apply(self, session, task):
        return bool(task.done())


class TaskName(TaskOperation):
    op = "task_name"

    def apply(self, session, task):
        return task.get_name()


class TaskCoroutine(TaskOperation):
    op = "task_coroutine"

    def apply(self, session, task):
        coro = task.get_coro()
        return None if coro is None else type(coro).__name__


class EnterTask(TaskOperation):
    op = "enter_task"

    def apply(self, session, task):
        asyncio.tasks._enter_task(session.loop, task)
        return NOTHING


class LeaveTask(TaskOperation):
    op = "leave_task"

    def apply(self, session, task):
        asyncio.tasks._leave_task(session.loop, task)
        return NOTHING


class CurrentTask(NoFields):
    op = "current_task"

    def perform(self, session):
        return session.kit_name_of(asyncio.current_task(session.loop))


class SwapCurrentTask:
    op = "swap_current_task"

    def __init__(self, fields):
        self.task = fields.name("task", nullable=True)

    def perform(self, session):
        task = None if self.task is None else session.task(self.task)
        previous = asyncio.tasks._swap_current_task(session.loop, task)
        return session.kit_name_of(previous)


# ---- futures, timers and exception handlers beyond the source document (issue 16) -------------


class RemoveDoneCallback:
    op = "remove_done_callback"

    def __init__(self, fields):
        self.future = fields.name("future")
        self.label = fields.name("label")

    def perform(self, session):
        future = session.future(self.future)
        callback = session.done_callbacks.get((self.future, self.label))
        if callback is None:
            raise KitError("no done callback %r was added to future %r" % (self.label, self.future))
        return future.remove_done_callback(callback)


class FutureResult:
    op = "future_result"

    def __init__(self, fields):
        self.future = fields.name("future")

    def perform(self, session):
        return session.future(self.future).result()


class FutureException:
    op = "future_exception"

    def __init__(self, fields):
        self.future = fields.name("future")

    def perform(self, session):
        exception = session.future(self.future).exception()
        return None if exception is None else describe_error(exception)


class SetStopIteration:
    op = "set_stop_iteration"

    def __init__(self, fields):
        self.future = fields.name("future")

    def perform(self, session):
        session.future(self.future).set_exception(StopIteration("set by the kit"))
        return NOTHING


class HandleWhen(HandleOperation):
    op = "handle_when"

    def apply(self, session, handle):
        return handle.when()


class LoopTime(NoFields):
    op = "loop_time"

    def perform(self, session):
        return session.loop.time()


class RaiseBaseException(Raise):
    """Raises KeyboardInterrupt or SystemExit; a Raise, so a callback lets it leave (EXC-2)."""
    op = "raise_base_exception"
    ERRORS = {"KeyboardInterrupt": KeyboardInterrupt, "SystemExit": SystemExit}

    def __init__(self, fields):
        self.error = self.ERRORS[fields.choice("error_type", set(self.ERRORS))]

    def perform(self, session):
        raise self.error("raised by the kit")


class ReportedContexts(NoFields):
    op = "reported_contexts"

    def perform(self, session):
        return session.reported_contexts()


def _raising_handler(loop, context):
    raise RuntimeError("raised by the handler")


class SetExceptionHandler:
    op = "set_exception_handler"

    def __init__(self, fields):
        self.handler = fields.choice("handler", {"recording", "default", "raising"})

    def perform(self, session):
        handler = {"recording": session._record_reported_error, "default": None,
                   "raising": _raising_handler}[self.handler]
        session.loop.set_exception_handler(handler)
        return NOTHING


class GetExceptionHandler(NoFields):
    op = "get_exception_handler"

    def perform(self, session):
        handler = session.loop.get_exception_handler()
        if handler is None:
            return None
        if handler == session._record_reported_error:
            return "recording"
        if handler is _raising_handler:
            return "raising"
        return "other"


class CallExceptionHandler:
    op = "call_exception_handler"

    def __init__(self, fields):
        self.message = fields.name("message")

    def perform(self, session):
        session.loop.call_exception_handler({"message": self.message, "exception": RuntimeError(self.message)})
        return NOTHING




# ---- the run lifecycle, a closed loop, cancellation and I/O readiness (issue 16, part B) --------


class IsRunning(NoFields):
    op = "is_running"

    def perform(self, session):
        return bool(session.loop.is_running())


class IsClosed(NoFields):
    op = "is_closed"

    def perform(self, session):
        return bool(session.loop.is_closed())


class Close(NoFields):
    """``loop.close()``; the session's own close later finds a closed loop, which close() ignores."""

    op = "close"

    def perform(self, session):
        session.loop.close()
        return NOTHING


class RunCoroutineUntilComplete:
    op = "run_coroutine_until_complete"

    def __init__(self, fields):
        self.label = fields.name("label")
        self.awaits = fields.name("awaits", nullable=True)

    def perform(self, session):
        awaited = None if self.awaits is None else session.future(self.awaits)
        coro = task_body(session, self.label, awaited)

        def until_complete():
            try:
                return session.loop.run_until_complete(coro)
            finally:
                if inspect.getcoroutinestate(coro) == inspect.CORO_CREATED:
                    coro.close()  # refused before it ran (closed or running loop): no "never awaited" warning

        return session.run(until_complete)


class CancelTask:
    op = "cancel_task"

    def __init__(self, fields):
        self.task = fields.name("task")
        self.msg = fields.name("msg", nullable=True)

    def perform(self, session):
        task = session.task(self.task)
        return task.cancel() if self.msg is None else task.cancel(self.msg)


class CreateScriptedTask:
    op = "create_scripted_task"

    def __init__(self, fields):
        self.task = fields.name("task")
        self.label = fields.name("label")
        self.then = fields.operations("then")
        self.awaits = fields.name("awaits", nullable=True)
        self.catches_cancellation = fields.flag("catches_cancellation")

    def perform(self, session):
        awaited = None if self.awaits is None else session.future(self.awaits)
        coro = scripted_task_body(session, self.label, self.then, awaited, self.catches_cancellation)
        try:
            task = session.loop.create_task(coro, name=self.task)
        except BaseException:
            coro.close()
            raise
        session.name_task(self.task, task)
        return NOTHING


async def scripted_task_body(session, label, then, awaited, catches_cancellation):
    session.record(label + ":start")
    perform_then(session, then)  # inside the task's first step
    try:
        if awaited is not None:
            try:
                await awaited
            except asyncio.CancelledError:
                if not catches_cancellation:
                    raise
                session.record(label + ":caught")
                return "caught"
    finally:
        session.record(label + ":end")
    return label


class SocketPair:
    op = "socket_pair"

    def __init__(self, fields):
        self.socket = fields.name("socket")

    def perform(self, session):
        watched, other = socket.socketpair()
        session.sockets.extend((watched, other))
        session.socket_pairs[self.socket] = (watched, other)
        return NOTHING


class SocketOperation:
    def __init__(self, fields):
        self.socket = fields.name("socket")

    def watched(self, session):
        try:
            return session.socket_pairs[self.socket][0]
        except KeyError:
            raise KitError("no socket named %r in this session" % (self.socket,)) from None


class MakeReadable(SocketOperation):
    op = "make_readable"

    def perform(self, session):
        self.watched(session)
        session.socket_pairs[self.socket][1].send(b"!")
        return NOTHING


class AddReader(SocketOperation):
    op = "add_reader"

    def __init__(self, fields):
        super().__init__(fields)
        self.label = fields.name("label")
        self.then = fields.operations("then")

    def perform(self, session):
        session.loop.add_reader(self.watched(session), Callback(session, self.label, self.then))
        return NOTHING


class RemoveReader(SocketOperation):
    op = "remove_reader"

    def perform(self, session):
        return session.loop.remove_reader(self.watched(session))


class AddWriter(AddReader):
    op = "add_writer"

    def perform(self, session):
        session.loop.add_writer(self.watched(session), Callback(session, self.label, self.then))
        return NOTHING


class RemoveWriter(SocketOperation):
    op = "remove_writer"

    def perform(self, session):
        return session.loop.remove_writer(self.watched(session))


OPERATIONS = {cls.op: cls for cls in (
    CallSoon, CallSoonThreadsafe, CallLater, CallAt, Raise, CancelHandle, HandleCancelled, HandleHoldsCallback, CallbackFreed,
    RemoveFromReadyQueue, Stop, RunOnce, RunForever, RunUntilComplete, ReadyQueueLength, SelectTimeout, Recorded, Note,
    CreateFuture, AddDoneCallback, SetResult, SetException, CancelFuture, FutureDone, FutureCancelled, CreateTask, CreateUninitialisedTask, TaskDone,
    TaskName, TaskCoroutine, CurrentTask, EnterTask, LeaveTask, SwapCurrentTask, StartLoopThread, StopLoopThread, WaitFor,
    ReportedErrors, AddReadyReader,
    RemoveDoneCallback, FutureResult, FutureException, SetStopIteration, HandleWhen, LoopTime, RaiseBaseException,
    ReportedContexts, SetExceptionHandler, GetExceptionHandler, CallExceptionHandler,
    IsRunning, IsClosed, Close, RunCoroutineUntilComplete, CancelTask, CreateScriptedTask, SocketPair, MakeReadable,
    AddReader, RemoveReader, AddWriter, RemoveWriter,
)}


def parse_operation(raw):
    """Checks a whole operation tree (``then`` and ``of`` included) before any of it runs."""
    if not isinstance(raw, dict):
        raise ProtocolError("an operation must be an object, got %r" % (raw,))
    op = raw.get("op")
    operation_class = OPERATIONS.get(op) if isinstance(op, str) else None
    if operation_class is None:
        raise ProtocolError("unknown op %r" % (op,))
    return operation_class(Fields(op, raw))


# ---- the conversation -----------------------------------------------------------------------


class Agent:
    """Answers requests one by one; owns the open session, if any."""

    def __init__(self, source, variant, out):
        self.source = source
        self.variant = variant
        self.out = out
        self.greeted = False
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
        return {"type": "hello", "protocol": PROTOCOL_VERSION, "implementation": {
            "name": self.source.name,
            "version": self.source.version,
            "python": platform.python_version(),
            "api_level": "%d.%d" % sys.version_info[:2],
            "capabilities": detect_capabilities(self.source, self.variant),
            "profiles": self.source.profiles,
        }}

    def open_session(self, request):
        if self.session is not None:
            raise ProtocolError("open_session: a session is already open")
        loop = self.source.make_loop()
        self.variant.install(loop)
        self.session = Session(loop)
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
        return {"type": "outcome", "outcome": outcome_of(operation, session)}

    def benchmark(self, request):
        session = self.open_session_or_fail("benchmark")
        operation = parse_operation(request.get("operation"))
        repeat = request.get("repeat")
        if isinstance(repeat, bool) or not isinstance(repeat, int) or not 1 <= repeat <= MAX_BENCHMARK_REPEAT:
            raise ProtocolError("benchmark: 'repeat' must be an integer in 1..%d, got %r"
                                % (MAX_BENCHMARK_REPEAT, repeat))
        seconds = []
        for _ in range(repeat):
            started = time.perf_counter_ns()
            outcome_of(operation, session)
            seconds.append((time.perf_counter_ns() - started) / 1e9)
        return {"type": "benchmark", "seconds": seconds}

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
        "bye": bye,
    }


def _refuse_non_json_number(constant):
    # Python's json accepts NaN and Infinity; the protocol (JSON) does not.
    raise ProtocolError("%s is not a JSON number" % constant)


def take_protocol_channel():
    """Keeps the real stdout for protocol lines only; everything else that writes to stdout
    (print, or C code writing to file descriptor 1) lands on stderr instead."""
    protocol_fd = os.dup(1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return open(protocol_fd, "w", encoding="utf-8", newline="\n")


def parse_arguments(argv):
    parser = argparse.ArgumentParser(description="asyncio TCK agent (docs/protocol.md, version 1)")
    parser.add_argument("--loop", default="asyncio",
                        help="asyncio (default), uvloop, or MODULE:CALLABLE returning a new event loop")
    parser.add_argument("--python-path", action="append", default=[], metavar="DIR",
                        help="directory to put in front of sys.path (repeatable)")
    parser.add_argument("--variant", choices=("c", "py"), default="c",
                        help="CPython Task/Future classes: c (the _asyncio ones, default) or py (_PyTask/_PyFuture)")
    arguments = parser.parse_args(argv)
    if arguments.loop not in ("asyncio", "uvloop") and ":" not in arguments.loop:
        parser.error("--loop must be asyncio, uvloop or MODULE:CALLABLE, got %r" % arguments.loop)
    return arguments


def main(argv=None):
    out = take_protocol_channel()
    arguments = parse_arguments(sys.argv[1:] if argv is None else argv)
    sys.path[:0] = arguments.python_path
    try:
        variant = Variant.named(arguments.variant)
        source = load_loop_source(arguments.loop)
    except Exception as e:  # anything at all: the loop under test cannot be loaded
        diagnose("cannot load the loop %r (variant %s): %s" % (arguments.loop, arguments.variant, describe_error(e)))
        return EXIT_LOOP_UNAVAILABLE
    diagnose("serving %s %s on Python %s, variant %s"
             % (source.name, source.version, platform.python_version(), variant.name))
    Agent(source, variant, out).serve(iter(sys.stdin.buffer.readline, b""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
