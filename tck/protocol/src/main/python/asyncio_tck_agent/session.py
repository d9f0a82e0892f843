"""One session: a fresh loop, the names the kit gave in it, what its callbacks recorded; outcomes."""

import asyncio
import contextlib
import contextvars
import sys
import threading

from .protocol import LOOP_THREAD_BOUND_SECONDS, KitError, describe_error, diagnose


NOTHING = object()  # what an operation returns when its outcome is "nothing"


class Session:
    """One fresh loop plus everything the kit named in it, and what its callbacks recorded."""

    def __init__(self, loop, owner, selector_is_live):
        self.loop = loop
        self.owner = owner  # the OwnerThread that made the loop and runs it
        # Whether loop._selector.select is the loop's live poll (the select-timeout capability): only then
        # does start_loop_thread watch it to see the loop idle (an inherited, unused selector is never called).
        self.selector_is_live = selector_is_live
        # Makes another loop of the loop under test, as its factory and variant do (run_under_runner
        # hands it to asyncio.Runner); set by the conversation that opens the session.
        self.make_loop = None
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
        self.async_generators = {}  # kit name -> the kit's async generator, until drop_async_generator
        # Async-generator hooks belong to the thread, which every session's loop shares: each session
        # starts as a fresh program does, with none (a loop that leaves its hooks installed fails AGEN-2
        # in its own scenario, not every later one).
        sys.set_asyncgen_hooks(firstiter=None, finalizer=None)
        # The kit's context variable, new per session: a value set in one scenario is never another's.
        self.context_var = contextvars.ContextVar("asyncio_tck_value")
        self._contexts = {}  # kit name -> a contextvars.Context
        # The default executor's rules (issue 28): the kit's executors by name, and the event that ends
        # every job's work at once when the session ends, so no job thread outlives it.
        self.executors = {}
        self.jobs_released = threading.Event()
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

    def async_generator(self, name):
        return self._lookup(self.async_generators, "async generator", name)
    def context(self, name):
        return self._lookup(self._contexts, "context", name)

    def name_context(self, name, context):
        self._contexts[name] = context

    def kit_name_of_context(self, context):
        """The name the kit gave this same context object, or None."""
        for name, known in self._contexts.items():
            if known is context:
                return name
        return None

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

    def loop_runs_on_its_thread(self):
        """Whether the owner thread is running the loop for ``start_loop_thread`` right now."""
        return self.loop_thread is not None and self.loop_thread.is_alive()

    def on_loop_thread(self, call):
        """``call()`` on the thread that made the loop; here instead while that thread runs the loop
        (``start_loop_thread``), so what the kit does then comes from another thread."""
        if self.loop_runs_on_its_thread():
            return call()
        return self.owner.call(call)

    def close(self):
        """Stops a loop thread still running, closes the loop (on its own thread), then the sockets its
        readers used."""
        self.jobs_released.set()  # before the loop closes: its executor's threads then end at once
        try:
            if self.loop_runs_on_its_thread():
                if not self.loop_thread.stop():
                    raise RuntimeError("the loop thread did not end within %.0f s; the loop is left open"
                                       % LOOP_THREAD_BOUND_SECONDS)
            self.on_loop_thread(self.loop.close)
        finally:
            for sock in self.sockets:
                sock.close()
            for executor in self.executors.values():
                executor.shutdown(wait=False)  # its jobs were released above; the loop may never have used it
            # Only now, with the loop closed: its finalizer hook then leaves them alone, where an open
            # loop would start closing tasks that never run.
            self.async_generators.clear()

    @staticmethod
    def _lookup(names, kind, name):
        try:
            return names[name]
        except KeyError:
            raise KitError("no %s named %r in this session" % (kind, name)) from None


def outcomes_of(operations, session):
    """Each operation's outcome, in order. Those the kit performs from its own thread (``from_kit_thread``),
    and every one while the loop runs on its own thread, are performed here; each run of the others is
    performed on the thread that made the loop, in one hand-over."""
    outcomes = []
    batch = []

    def hand_over():
        if batch:
            pending = list(batch)
            batch.clear()
            outcomes.extend(session.on_loop_thread(lambda: [outcome_of(op, session) for op in pending]))

    for operation in operations:
        if getattr(operation, "from_kit_thread", False) or session.loop_runs_on_its_thread():
            hand_over()
            outcomes.append(outcome_of(operation, session))
        else:
            batch.append(operation)
    hand_over()
    return outcomes


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

