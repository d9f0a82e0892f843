"""Capability detection for ``hello``: whether the internals the kit would observe are the loop's live state.

A capability is only turned on when a throw-away loop shows that the attribute the kit's operations read is the
one the loop really uses: a loop that subclasses asyncio's but keeps its callbacks, timers or selector in
structures of its own (qasync, trio-asyncio) inherits ``_ready``, ``_scheduled``, ``_selector`` and ``_run_once``
without ever using them, and observing those would judge state the loop does not have. Nothing here runs the
loop, completes a future or makes a task; scheduling on the throw-away loop, which is then closed, is allowed,
each such check bounded.
"""

import asyncio
import asyncio.base_events
import asyncio.tasks
import socket
import sys
import threading

from .protocol import diagnose

# The capabilities, in docs/protocol.md's order (the kit's Capability.ALL).
CAPABILITIES = ("ready-queue", "select-timeout", "handle-internals", "enter-leave-task", "swap-current-task",
                "eager-start", "uninitialised-task")

# The longest reason sent for an absent capability (docs/protocol.md, "Capabilities"); the kit cuts again.
MAX_NOTE = 300

# The checks that call the loop's own methods (call_soon, call_later, add_reader), each bounded.
_TOUCH_THE_LOOP = ("ready-queue", "select-timeout", "handle-internals")

# How long one of those may take; stock asyncio answers in milliseconds. The handshake's own bound (10 s
# by default) must leave room for all three.
PROBE_BOUND_SECONDS = 1.0

# What the kit's operations, and BaseEventLoop._run_once, call on loop._ready besides len().
_READY_QUEUE_METHODS = ("append", "popleft", "remove", "clear")


class Absent(Exception):
    """A liveness check's answer "no", with the reason that reaches the kit's not-applicable message."""


def detect_capabilities(source, variant):
    """The capabilities the kit may use on this loop, and for each absent one why: ``(sorted names, notes)``.

    A capability the loop's factory declares (``asyncio_tck_capabilities``) is taken as declared, without
    probing: the declaration wins. Capabilities only choose how the kit observes a loop; what is expected of
    the loop comes from its declared profiles.
    """
    if source.capabilities is not None:
        notes = {name: "not declared by the loop factory's asyncio_tck_capabilities"
                 for name in CAPABILITIES if name not in source.capabilities}
        diagnose("capabilities as declared by the loop factory: %s" % (", ".join(source.capabilities) or "none"))
        return sorted(source.capabilities), notes
    loop = source.make_loop()
    variant.install(loop)
    try:
        return probe_capabilities(loop, variant)
    finally:
        loop.close()


def probe_capabilities(loop, variant):
    """Runs every liveness check on ``loop`` (fresh, not running; the caller closes it)."""
    checks = {
        "ready-queue": lambda: ready_queue_is_live(loop),
        "select-timeout": lambda: selector_drives_iterations(loop),
        "handle-internals": lambda: handles_hold_their_callback(loop),
        "enter-leave-task": tasks_enter_and_leave,
        "swap-current-task": tasks_swap,
        "eager-start": lambda: tasks_accept_eager_start(variant.task_class),
        "uninitialised-task": lambda: task_can_skip_init(variant.task_class),
    }
    found = []
    notes = {}
    for capability in CAPABILITIES:
        if capability in _TOUCH_THE_LOOP:
            present, why = _bounded_check(checks[capability])
        else:
            present, why = _check(checks[capability])
        diagnose("capability %-18s %s: %s" % (capability, "yes" if present else "no", why))
        if present:
            found.append(capability)
        else:
            notes[capability] = _bounded(why)
    return sorted(found), notes


def _check(check):
    try:
        return True, check()
    except Absent as e:
        return False, str(e)
    except Exception as e:  # a probe that blows up means "not detected", with the reason
        return False, "probe raised %s: %s" % (type(e).__name__, e)


def _bounded_check(check):
    """Runs a check that calls the loop's own methods on a thread of its own, for at most
    PROBE_BOUND_SECONDS: a loop that hangs in call_later must not hang the handshake (its scenarios
    time out, within their bounds). A check still running then is abandoned, and the capability absent."""
    answer = []
    worker = threading.Thread(target=lambda: answer.append(_check(check)), name="asyncio-tck-probe", daemon=True)
    worker.start()
    worker.join(PROBE_BOUND_SECONDS)
    if not answer:
        return False, "the loop did not answer the probe within %.0f s" % PROBE_BOUND_SECONDS
    return answer[0]


def ready_queue_is_live(loop):
    """``loop._ready`` is a FIFO with the deque methods the kit uses, and ``call_soon`` puts its handle there."""
    ready = getattr(loop, "_ready", None)
    if ready is None:
        raise Absent("the loop has no _ready")
    missing = [name for name in _READY_QUEUE_METHODS if not callable(getattr(ready, name, None))]
    if missing or not hasattr(ready, "__len__"):
        raise Absent("loop._ready (%s) lacks %s" % (type(ready).__name__, ", ".join(missing or ["len()"])))
    before = len(ready)
    marker = _marker()
    handle = loop.call_soon(marker)
    try:
        if len(ready) != before + 1 or not _holds(ready, handle, marker):
            raise Absent("call_soon did not put its handle in loop._ready (%s): the loop keeps its callbacks "
                         "elsewhere" % type(ready).__name__)
    finally:
        handle.cancel()
    return "call_soon puts its handle in loop._ready (%s)" % type(ready).__name__


def selector_drives_iterations(loop):
    """The loop's run_forever iterates through ``loop._run_once``, which waits in ``loop._selector.select``
    for the timeout it derives from ``_ready`` and ``_scheduled``; all of those are the loop's live state.

    Whether run_forever goes through ``_run_once`` is read from its code, never by running it
    (:func:`_run_forever_calls_run_once`). A loop whose run_forever drives something else (qasync runs Qt's
    event loop, trio-asyncio trio's) inherits ``_run_once`` without calling it; one the agent cannot read
    declares the capability if its run_forever does go through ``_run_once``.
    """
    how = _run_forever_calls_run_once(loop)
    if not callable(getattr(loop, "_run_once", None)):
        raise Absent("the loop has no _run_once")
    selector = getattr(loop, "_selector", None)
    if not callable(getattr(selector, "select", None)) or not callable(getattr(selector, "get_map", None)):
        raise Absent("loop._selector has no select() and get_map()")
    ready_queue_is_live(loop)
    _timers_are_scheduled(loop)
    _readers_are_selected(loop, selector)
    return how + "; call_soon, call_later and add_reader reach _ready, _scheduled, _selector"


def _run_forever_calls_run_once(loop):
    """How run_forever reaches ``self._run_once``; raises Absent when its code does not.

    BaseEventLoop's does. An override does when its own code names ``_run_once`` (nest_asyncio's patched
    run_forever), or when it names ``super`` and ``run_forever`` (a wrapper) and the next one in the MRO does.
    """
    base = asyncio.base_events.BaseEventLoop.run_forever
    own = vars(loop).get("run_forever")
    owners = [("the loop's own", getattr(own, "__func__", own))] if own is not None else []
    owners += [(cls.__qualname__, vars(cls)["run_forever"]) for cls in type(loop).__mro__ if "run_forever" in vars(cls)]
    for owner, function in owners:
        if function is base:
            return "run_forever is BaseEventLoop's" if owner == "BaseEventLoop" else "run_forever wraps BaseEventLoop's"
        names = _names_in(getattr(function, "__code__", None))
        if "_run_once" in names:
            return "%s run_forever calls _run_once" % owner
        if not {"super", "run_forever"} <= names:
            raise Absent("%s.run_forever does not call _run_once: the loop iterates some other way" % owner)
    raise Absent("no run_forever found that calls _run_once")


def _names_in(code):
    """The attribute and global names a function's code uses, its nested code (``with`` blocks, lambdas) included."""
    if code is None:
        return set()
    names = set(code.co_names)
    for constant in code.co_consts:
        if hasattr(constant, "co_names"):
            names |= _names_in(constant)
    return names


def _timers_are_scheduled(loop):
    scheduled = getattr(loop, "_scheduled", None)
    if scheduled is None:
        raise Absent("the loop has no _scheduled")
    marker = _marker()
    timer = loop.call_later(3600, marker)
    try:
        if not _holds(scheduled, timer, marker):
            raise Absent("call_later did not put its TimerHandle in loop._scheduled: the loop keeps its timers "
                         "elsewhere")
    finally:
        timer.cancel()


def _readers_are_selected(loop, selector):
    ours, theirs = socket.socketpair()
    try:
        loop.add_reader(ours.fileno(), _do_nothing)
        try:
            if ours.fileno() not in selector.get_map():
                raise Absent("add_reader did not register with loop._selector: the loop waits for I/O elsewhere")
        finally:
            loop.remove_reader(ours.fileno())
    finally:
        ours.close()
        theirs.close()


def handles_hold_their_callback(loop):
    """The handles call_soon and call_later return keep the very callback in ``_callback``."""
    for handle in (loop.call_soon(_do_nothing), loop.call_later(3600, _do_nothing)):
        try:
            if getattr(handle, "_callback", None) is not _do_nothing:
                raise Absent("%s does not keep its callback in _callback" % type(handle).__name__)
        finally:
            handle.cancel()
    return "Handle and TimerHandle keep their callback in _callback"


def tasks_enter_and_leave():
    """``asyncio.tasks._enter_task/_leave_task`` exist.

    A fact of asyncio, not of the loop: every scenario that enters a task by hand makes its tasks with the
    Task constructor (the variant's asyncio Task, whichever create_task or task factory the loop has), and
    those tasks keep asyncio's current-task registry as the loop runs their steps. So the loop's own
    create_task is never called here (a loop that crashes or hangs in it is judged by the scenarios).
    """
    _require_tasks_module("_enter_task", "_leave_task")
    return "asyncio.tasks has _enter_task, _leave_task (the kit's tasks are asyncio's, made with the Task constructor)"


def tasks_swap():
    """``asyncio.tasks._swap_current_task`` exists (3.12+); a fact of asyncio, as for enter-leave-task."""
    _require_tasks_module("_swap_current_task")
    return "asyncio.tasks has _swap_current_task"


def _require_tasks_module(*names):
    missing = [name for name in names if not hasattr(asyncio.tasks, name)]
    if missing:
        raise Absent("asyncio.tasks lacks %s" % ", ".join(missing))


def tasks_accept_eager_start(task_class):
    # The kit starts eager tasks through the variant's Task class (and through loop.create_task, which then
    # passes it on), so this is a fact of the class. asyncio's Task takes eager_start from 3.12 on; asking the
    # interpreter's version avoids making a task, which would need the loop to run.
    if sys.version_info < (3, 12):
        raise Absent("%s on Python %d.%d lacks eager_start" % (task_class.__qualname__, *sys.version_info[:2]))
    return "%s on Python %d.%d takes eager_start" % (task_class.__qualname__, *sys.version_info[:2])


_UNINITIALISED_PROBES = []  # kept alive so detection never even deallocates one


def task_can_skip_init(task_class):
    # The kit makes the uninitialised task from the variant's Task class itself, never through the loop, so
    # this is a fact of the class. Creating the object is the whole probe: using it may crash the process.
    _UNINITIALISED_PROBES.append(task_class.__new__(task_class))
    return "%s.__new__(%s) succeeded (not used further)" % (task_class.__qualname__, task_class.__qualname__)


def _holds(container, handle, callback):
    """Whether ``container`` holds ``handle``, or a handle of ``callback``: the queue is live even when the
    loop returned some other handle (a defect the rules about cancelling judge, not this probe)."""
    return any(element is handle or getattr(element, "_callback", None) is callback for element in list(container))


def _marker():
    """A callback of its own, so that a handle holding it is the one just scheduled."""
    def marker():
        pass
    return marker


def _bounded(text):
    return text if len(text) <= MAX_NOTE else text[:MAX_NOTE - 3] + "..."


def _do_nothing():
    pass
