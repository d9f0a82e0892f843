"""Capability detection for ``hello``: whether the internals the kit would observe are the loop's live state.

A capability is only turned on when a throw-away loop shows that the attribute the kit's operations read is the
one the loop really uses: a loop that subclasses asyncio's but keeps its callbacks, timers or selector in
structures of its own (qasync, trio-asyncio) inherits ``_ready``, ``_scheduled``, ``_selector`` and ``_run_once``
without ever using them, and observing those would judge state the loop does not have. Nothing here runs the
loop, completes a future or starts a task; scheduling on the throw-away loop, which is then closed, is allowed.
"""

import asyncio
import asyncio.base_events
import asyncio.tasks
import socket
import sys

from .protocol import diagnose

# The capabilities, in docs/protocol.md's order (the kit's Capability.ALL).
CAPABILITIES = ("ready-queue", "select-timeout", "handle-internals", "enter-leave-task", "swap-current-task",
                "eager-start", "uninitialised-task")

# The longest reason sent for an absent capability (docs/protocol.md, "Capabilities"); the kit cuts again.
MAX_NOTE = 300

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
        "enter-leave-task": lambda: tasks_enter_and_leave(loop, variant),
        "swap-current-task": lambda: tasks_swap(loop, variant),
        "eager-start": lambda: tasks_accept_eager_start(variant.task_class),
        "uninitialised-task": lambda: task_can_skip_init(variant.task_class),
    }
    found = []
    notes = {}
    for capability in CAPABILITIES:
        try:
            why = checks[capability]()
            present = True
        except Absent as e:
            present, why = False, str(e)
        except Exception as e:  # a probe that blows up means "not detected", with the reason
            present, why = False, "probe raised %s: %s" % (type(e).__name__, e)
        diagnose("capability %-18s %s: %s" % (capability, "yes" if present else "no", why))
        if present:
            found.append(capability)
        else:
            notes[capability] = _bounded(why)
    return sorted(found), notes


def ready_queue_is_live(loop):
    """``loop._ready`` is a FIFO with the deque methods the kit uses, and ``call_soon`` puts its handle there."""
    ready = getattr(loop, "_ready", None)
    if ready is None:
        raise Absent("the loop has no _ready")
    missing = [name for name in _READY_QUEUE_METHODS if not callable(getattr(ready, name, None))]
    if missing or not hasattr(ready, "__len__"):
        raise Absent("loop._ready (%s) lacks %s" % (type(ready).__name__, ", ".join(missing or ["len()"])))
    before = len(ready)
    handle = loop.call_soon(_do_nothing)
    try:
        if len(ready) != before + 1 or not _holds(ready, handle):
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
    timer = loop.call_later(3600, _do_nothing)
    try:
        if not _holds(scheduled, timer):
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


def tasks_enter_and_leave(loop, variant):
    """``asyncio.tasks._enter_task/_leave_task`` exist, and the loop's tasks are asyncio's, which use them."""
    _require_tasks_module("_enter_task", "_leave_task")
    return _loop_makes_asyncio_tasks(loop, variant)


def tasks_swap(loop, variant):
    """``asyncio.tasks._swap_current_task`` exists (3.12+), and the loop's tasks are asyncio's, which use it."""
    _require_tasks_module("_swap_current_task")
    return _loop_makes_asyncio_tasks(loop, variant)


def _require_tasks_module(*names):
    missing = [name for name in names if not hasattr(asyncio.tasks, name)]
    if missing:
        raise Absent("asyncio.tasks lacks %s" % ", ".join(missing))


def _loop_makes_asyncio_tasks(loop, variant):
    """Entering a task by hand acts on asyncio's current-task registry; it only says something about the loop
    when the loop's tasks are asyncio's Task classes, which keep that registry as they run.

    Read from the class and the factory where they are asyncio's own; otherwise one task is made (its step
    is scheduled, never run; the loop is closed after) and its class looked at.
    """
    factory = loop.get_task_factory()
    own_factories = (None, getattr(asyncio, "eager_task_factory", None), variant.installed_factory)
    own_create_task = getattr(loop.create_task, "__func__", None) is asyncio.base_events.BaseEventLoop.create_task
    if own_create_task and any(factory is own for own in own_factories):
        return "create_task is BaseEventLoop's and the task factory is asyncio's"
    task_classes = tuple(cls for cls in (getattr(asyncio.tasks, "_CTask", None), getattr(asyncio.tasks, "_PyTask", None))
                         if cls is not None)
    coro = _never_awaited()
    try:
        task = loop.create_task(coro)
    finally:
        coro.close()  # it never starts: closed now, so Python does not warn "never awaited"
    task._log_destroy_pending = False  # asyncio's own switch: the loop is closed with this task pending
    if not isinstance(task, task_classes):
        raise Absent("the loop's create_task makes %s, not asyncio's Task" % type(task).__qualname__)
    return "the loop's create_task makes %s" % type(task).__qualname__


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


def _holds(container, item):
    return any(element is item for element in list(container))


def _where(cls, attribute):
    for owner in cls.__mro__:
        if attribute in vars(owner):
            return "%s.%s" % (owner.__qualname__, attribute)
    return "%s.%s" % (cls.__qualname__, attribute)


def _bounded(text):
    return text if len(text) <= MAX_NOTE else text[:MAX_NOTE - 3] + "..."


async def _never_awaited():
    pass


def _do_nothing():
    pass
