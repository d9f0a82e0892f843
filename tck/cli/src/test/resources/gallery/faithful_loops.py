"""Faithful loops, the controls of the gallery (FaithfulLoopsTest).

Each factory changes how a loop is made or wraps what it does, and changes nothing a program
can observe: each must be judged exactly like stock asyncio on the same interpreter and
variant, scenario by scenario. A kit that failed one of these would be blaming a loop for
being built differently, not for behaving differently.

Standard library only, Python 3.10 to 3.13.
"""
import asyncio
import collections
import heapq
import selectors
import sys
import threading
from asyncio import events

import broken_loops  # the written-out iteration of the gallery, without a defect (same folder)


class _DelegatingLoop(asyncio.SelectorEventLoop):
    """Overrides call_soon and call_at (what call_later goes through) and delegates both."""

    def call_soon(self, callback, *args, context=None):
        return super().call_soon(callback, *args, context=context)

    def call_at(self, when, callback, *args, context=None):
        return super().call_at(when, callback, *args, context=context)


class _InstrumentedLoop(asyncio.SelectorEventLoop):
    """Counts its iterations around the original _run_once, as profilers and test tools do."""

    iterations = 0

    def _run_once(self):
        self.iterations += 1
        super()._run_once()


class _OwnQueuesLoop(asyncio.SelectorEventLoop):
    """Shaped like qasync and trio-asyncio: a SelectorEventLoop that keeps its callbacks and timers in
    structures of its own and drives them with its own run_forever. What it inherits as _ready and
    _scheduled stays empty, and the inherited _run_once is never called; _iterate is CPython's _run_once
    over its own structures (without the debug timing and the mass removal of cancelled timers, which
    no program can observe). So it behaves like stock, and the kit must not read the inherited queues."""

    def __init__(self):
        super().__init__()
        self._callbacks = collections.deque()  # its ready queue
        self._timers = []  # its heap of TimerHandles

    def _call_soon(self, callback, args, context):  # call_soon and call_soon_threadsafe come here
        handle = super()._call_soon(callback, args, context)  # asyncio's checks and Handle
        self._callbacks.append(self._ready.pop())  # the inherited queue only passes it on
        return handle

    def _add_callback(self, handle):  # the I/O callbacks of _process_events
        super()._add_callback(handle)
        if self._ready:
            self._callbacks.append(self._ready.pop())

    def call_at(self, when, callback, *args, context=None):
        timer = super().call_at(when, callback, *args, context=context)  # asyncio's checks and TimerHandle
        heapq.heappush(self._timers, self._scheduled.pop())  # the inherited heap only passes it on
        return timer

    def close(self):
        super().close()
        self._callbacks.clear()
        self._timers.clear()

    def run_forever(self):
        if hasattr(self, "_run_forever_setup"):  # 3.13+: asyncio's own setup and cleanup, made for such loops
            try:
                self._run_forever_setup()
                self._drive()
            finally:
                self._run_forever_cleanup()
            return
        self._check_closed()  # 3.10 to 3.12: the same steps as BaseEventLoop.run_forever
        self._check_running()
        self._set_coroutine_origin_tracking(self._debug)
        old_agen_hooks = sys.get_asyncgen_hooks()
        try:
            self._thread_id = threading.get_ident()
            sys.set_asyncgen_hooks(firstiter=self._asyncgen_firstiter_hook, finalizer=self._asyncgen_finalizer_hook)
            events._set_running_loop(self)
            self._drive()
        finally:
            self._stopping = False
            self._thread_id = None
            events._set_running_loop(None)
            self._set_coroutine_origin_tracking(False)
            sys.set_asyncgen_hooks(*old_agen_hooks)

    def _drive(self):
        while True:
            self._iterate()
            if self._stopping:
                break

    def _iterate(self):
        while self._timers and self._timers[0]._cancelled:
            heapq.heappop(self._timers)._scheduled = False
        timeout = None
        if self._callbacks or self._stopping:
            timeout = 0
        elif self._timers:
            timeout = min(max(0, self._timers[0]._when - self.time()), asyncio.base_events.MAXIMUM_SELECT_TIMEOUT)
        self._process_events(self._selector.select(timeout))
        end_time = self.time() + self._clock_resolution
        while self._timers and self._timers[0]._when < end_time:
            timer = heapq.heappop(self._timers)
            timer._scheduled = False
            self._callbacks.append(timer)
        for _ in range(len(self._callbacks)):  # only what is ready now; what these schedule runs next time
            handle = self._callbacks.popleft()
            if not handle._cancelled:
                handle._run()


class _ListFifo:
    """A first-in first-out queue over a list, with the deque methods asyncio and the kit use on _ready."""

    def __init__(self):
        self._items = []

    def append(self, item):
        self._items.append(item)

    def popleft(self):
        return self._items.pop(0)

    def remove(self, item):
        self._items.remove(item)

    def clear(self):
        self._items.clear()

    def __len__(self):
        return len(self._items)

    def __iter__(self):
        return iter(list(self._items))


class _ListReadyLoop(asyncio.SelectorEventLoop):
    """Stock asyncio with its ready queue a list-backed FIFO instead of a deque: asyncio's own iteration
    uses it, so the kit may read it like a deque."""

    def __init__(self):
        super().__init__()
        self._ready = _ListFifo()


class _Policy(asyncio.DefaultEventLoopPolicy):
    """A custom event loop policy whose loops are made by its own new_event_loop."""

    def new_event_loop(self):
        loop = super().new_event_loop()
        loop.made_by_policy = True
        return loop


def poll_selector():
    return asyncio.SelectorEventLoop(selectors.PollSelector())


def delegating_subclass():
    return _DelegatingLoop()


def plain_task_factory():
    loop = asyncio.new_event_loop()
    # asyncio.Task is the variant's Task class (the agent's --variant py makes it _PyTask)
    loop.set_task_factory(lambda factory_loop, coro, **kwargs: asyncio.Task(coro, loop=factory_loop, **kwargs))
    return loop


def custom_policy():
    asyncio.set_event_loop_policy(_Policy())
    return asyncio.new_event_loop()


def instrumented_run_once():
    return _InstrumentedLoop()


def own_queues():
    return _OwnQueuesLoop()


def list_ready_queue():
    return _ListReadyLoop()


def hand_written_iteration():
    return broken_loops.hand_written()
