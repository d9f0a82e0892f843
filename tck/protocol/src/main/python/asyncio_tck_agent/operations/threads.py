"""The loop on its own thread, so the kit acts from a foreign thread (docs/protocol.md)."""

import threading
import time

from ..protocol import (LOOP_THREAD_BOUND_SECONDS, SETTLE_PAUSE_SECONDS, KitError, ProtocolError,
                        describe_error, diagnose)
from ..session import NOTHING
from .fields import NoFields
from .runs import RunOnce


class LoopThread:
    """``loop.run_forever()`` on the thread that made the loop (the session's owner thread), so the kit
    acts from a foreign thread: asyncio does not promise that a loop runs on another thread than its own."""

    def __init__(self, loop, owner, watch_select=True):
        self.loop = loop
        self.owner = owner
        self._watches_select = watch_select  # False where loop._selector is not the loop's live poll
        self._idle = threading.Event()  # set when the loop is seen idle, or when run_forever ends
        self._failure = None
        self._unwatch_select = None
        self._run_job = None  # the owner's job that runs the loop; done once run_forever returned

    def start(self):
        """Returns once the loop is idle in its selector; raises if it is not within the bound."""
        self._unwatch_select = self._watch_select() if self._watches_select else None
        try:
            self._run_job = self.owner.submit(self._run)
        except BaseException:
            if self._unwatch_select is not None:
                self._unwatch_select()
            raise
        if self._unwatch_select is None:
            # No live selector to watch (uvloop; or qasync and trio-asyncio, whose inherited selector is never
            # polled): a thread-safe round trip, then the documented settle pause.
            self.loop.call_soon_threadsafe(self._idle.set)
        seen_idle = self._idle.wait(LOOP_THREAD_BOUND_SECONDS)
        if seen_idle and self._unwatch_select is None:
            time.sleep(SETTLE_PAUSE_SECONDS)
        if self._failure is not None:
            raise self._failure
        if not seen_idle:
            raise TimeoutError("the loop thread was not idle within %.0f s" % LOOP_THREAD_BOUND_SECONDS)
        if not self.is_alive():
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
        """Whether the owner thread is still in run_forever (or about to enter it)."""
        return self._run_job is not None and not self._run_job.done()

    def stop(self):
        """``call_soon_threadsafe(loop.stop)`` and a bounded wait; True when run_forever returned."""
        if self.is_alive():
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._run_job.wait(LOOP_THREAD_BOUND_SECONDS)
        return not self.is_alive()


class StartLoopThread(NoFields):
    op = "start_loop_thread"
    from_kit_thread = True  # it hands run_forever to the loop's own thread and waits for it to be idle

    def perform(self, session):
        if session.loop_thread is not None and session.loop_thread.is_alive():
            raise RuntimeError("a loop thread is already running in this session")
        if session.loop.is_running():
            raise RuntimeError("This event loop is already running")
        if session.owner.is_current():  # handing run_forever to itself would wait for ever
            raise KitError("start_loop_thread must be performed on another thread than the loop's")
        previous_run = session.current_run
        session.start_run()  # events recorded while the thread runs belong to this run
        session.loop_thread = LoopThread(session.loop, session.owner, session.selector_is_live)
        try:
            session.loop_thread.start()
        except BaseException:
            if not session.loop_thread.is_alive():
                session.current_run = previous_run
            raise
        return NOTHING


class StopLoopThread(NoFields):
    op = "stop_loop_thread"
    from_kit_thread = True  # a thread-safe stop and a bounded wait, from another thread than the loop's

    def perform(self, session):
        if session.loop_thread is None:
            raise KitError("no loop thread was started in this session")
        ended = session.loop_thread.stop()
        if ended:
            session.current_run = 0
        return ended


class RunOnceOnAnotherThread:
    """One iteration, as ``run_once``, on a new thread: not the one that made the loop. asyncio does not
    promise that a loop runs on another thread than its own (a Qt-based loop binds to the thread that made
    it); the INFO rule that reports it sends this. The thread is waited for within the bound."""

    op = "run_once_on_another_thread"

    def __init__(self, fields):
        self.iteration = RunOnce(fields)  # the same ``via`` as run_once: the kit's primitive for this run

    def perform(self, session):
        ended = {}

        def iterate():
            try:
                self.iteration.perform(session)
            except BaseException as e:  # re-raised below, on the thread that performs the operation
                ended["error"] = e

        other = threading.Thread(target=iterate, name="asyncio-tck-another-thread", daemon=True)
        other.start()
        other.join(LOOP_THREAD_BOUND_SECONDS)
        if other.is_alive():
            raise TimeoutError("one iteration on another thread did not return within %.0f s"
                               % LOOP_THREAD_BOUND_SECONDS)
        if "error" in ended:
            raise ended["error"]
        return NOTHING


class WaitFor:
    op = "wait_for"

    def __init__(self, fields):
        self.label = fields.name("label")
        self.seconds = fields.number("seconds")
        if self.seconds < 0:
            raise ProtocolError("wait_for: field 'seconds' must be >= 0, got %r" % (self.seconds,))

    def perform(self, session):
        return session.wait_for_label(self.label, self.seconds)

