"""Running the loop: one iteration, run_forever, run_until_complete, the selector probe, closing."""

import asyncio
import asyncio.events
import gc
import inspect
import threading

from ..protocol import KitError
from ..session import NOTHING
from .fields import NoFields
from .tasks import task_body


class Stop(NoFields):
    op = "stop"

    def perform(self, session):
        session.loop.stop()
        return NOTHING


class RunOnce:
    """One iteration; ``via`` says how it is started and ended (docs/protocol.md, ``run_once``)."""

    op = "run_once"
    STOP_BEFORE_RUN = "stop_before_run"
    CALL_SOON_STOP = "call_soon_stop"

    def __init__(self, fields):
        # Absent means the documented primitive: older kits send no ``via``; the agent's own callers
        # (run_once_on_another_thread) pass no fields at all.
        self.via = (fields.choice("via", {self.STOP_BEFORE_RUN, self.CALL_SOON_STOP})
                    if fields is not None and fields.raw.get("via") is not None else self.STOP_BEFORE_RUN)

    def perform(self, session):
        loop = session.loop
        via = self.via

        def one_iteration():
            if loop.is_running():  # refuse before scheduling: a stray stop() would end the running loop
                raise RuntimeError("This event loop is already running")
            if via == RunOnce.STOP_BEFORE_RUN:
                # asyncio documents that stop() before run_forever() runs exactly one iteration:
                # poll once with timeout 0, run what was ready, exit. (call_soon(loop.stop) is not
                # the same on every loop: uvloop's stop() schedules the stop one batch later.)
                loop.stop()
            else:
                # The kit's fallback where stop-before-run is broken: the stop callback is queued
                # behind what is ready; on CPython due timers and I/O callbacks join the same batch
                # after it, so the same callbacks run.
                loop.call_soon(loop.stop)
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
                # Refused before it ran (closed or running loop): closed, so there is no "never awaited"
                # warning; unless a task the loop made drives it (uvloop wraps it before it refuses, errata
                # U-6), so that RUN-6 sees that task run it.
                if inspect.getcoroutinestate(coro) == inspect.CORO_CREATED and not _driven_by_a_task(session.loop, coro):
                    coro.close()

        return session.run(until_complete)


def _driven_by_a_task(loop, coro):
    """Whether a pending task of ``loop`` wraps ``coro``: one of asyncio.all_tasks, or, for a loop whose
    tasks are not in asyncio's registry (RUNNER-2's tasks_unseen_by_all_tasks), a pending future that
    refers to it (the garbage collector's referrers; this runs only for a coroutine left unstarted)."""
    if any(task.get_coro() is coro for task in asyncio.all_tasks(loop)):
        return True
    return any(asyncio.isfuture(holder) and not holder.done() for holder in gc.get_referrers(coro))
