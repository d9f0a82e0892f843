"""Capability detection for ``hello``: the structure of a throw-away loop, never its behaviour."""

import asyncio
import asyncio.tasks
import collections
import sys

from .protocol import diagnose


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

