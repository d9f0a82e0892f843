"""A gallery of broken event loops, for the kit's own tests (GalleryOfBrokenLoopsTest).

Every factory here returns a loop with exactly one defect, of the kind that alternative loops
have shipped: uvloop, nest_asyncio, loops written in Rust or C over PyO3, hand-written loops.
Each must be refused by the rules its defect breaks, and by no other. Where a defect is a
known one, its comment names the tracker it comes from.

Most defects are hooks of _HandWrittenLoop, which writes out one iteration of
BaseEventLoop._run_once (3.10 to 3.13) step by step, the way hand-written loops do. Written
out faithfully, it passes every rule; each subclass changes one step.

Standard library only, Python 3.10 to 3.13.
"""
import asyncio
import asyncio.futures
import collections
import concurrent.futures
import contextvars
import heapq
import inspect
import selectors
import signal
import sys
import threading
import time
import types
from asyncio import base_events, events


class _HandWrittenLoop(asyncio.SelectorEventLoop):
    """One iteration of BaseEventLoop._run_once, written out with one method per step."""

    def __init__(self):
        super().__init__()
        self._draining = False

    def _run_once(self):
        self._drop_cancelled_timers()
        event_list = self._selector.select(self._select_timeout())
        self._process_events(event_list)
        self._move_due_timers()
        self._draining = True
        try:
            self._drain(len(self._ready))  # the ntodo snapshot
        finally:
            self._draining = False

    def _clock(self):
        """The clock the timer heap is ordered by."""
        return self.time()

    def _drop_cancelled_timers(self):
        while self._scheduled and self._scheduled[0]._cancelled:
            self._timer_cancelled_count -= 1
            heapq.heappop(self._scheduled)._scheduled = False

    def _select_timeout(self):
        if self._ready or self._stopping:
            return 0
        if self._scheduled:
            return min(max(0, self._scheduled[0]._when - self._clock()), base_events.MAXIMUM_SELECT_TIMEOUT)
        return None

    def _move_due_timers(self):
        end_time = self._clock() + self._clock_resolution
        while self._scheduled and self._scheduled[0]._when < end_time:
            handle = heapq.heappop(self._scheduled)
            handle._scheduled = False
            self._ready.append(handle)

    def _drain(self, ntodo):
        for _ in range(ntodo):
            handle = self._ready.popleft()
            if handle._cancelled:
                continue
            handle._run()


# ---- the three loops of issue 15 ---------------------------------------------------------------


class _CreateTaskStartsAtOnce(asyncio.SelectorEventLoop):
    """create_task on a running loop runs the task's first step inline, before returning."""

    def create_task(self, coro, **kwargs):
        task = super().create_task(coro, **kwargs)
        if self.is_running() and self._ready:
            self._ready.pop()._run()  # the step Task.__init__ just queued
        return task


class _OneDueTimerPerIteration(_HandWrittenLoop):
    """Moves at most one due timer to the ready queue per iteration; the others wait."""

    def _move_due_timers(self):
        if self._scheduled and self._scheduled[0]._when < self._clock() + self._clock_resolution:
            handle = heapq.heappop(self._scheduled)
            handle._scheduled = False
            self._ready.append(handle)


class _RaisingCallbackEndsIteration(_HandWrittenLoop):
    """Reports a callback's error, then ends the iteration: the rest of the batch waits."""

    def _drain(self, ntodo):
        for _ in range(ntodo):
            handle = self._ready.popleft()
            if handle._cancelled:
                continue
            try:
                handle._context.run(handle._callback, *handle._args)
            except Exception as exc:
                self.call_exception_handler({"message": "Exception in callback", "exception": exc, "handle": handle})
                return


# ---- the ready queue and the batch -------------------------------------------------------------


class _LifoReadyQueue(_HandWrittenLoop):
    """Takes the newest ready handle first (a stack where a queue belongs)."""

    def _drain(self, ntodo):
        for _ in range(ntodo):
            handle = self._ready.pop()
            if not handle._cancelled:
                handle._run()


class _DrainsNewCallbacks(_HandWrittenLoop):
    """Runs until the ready queue is empty, so callbacks scheduled by the batch join it (no ntodo snapshot)."""

    def _drain(self, ntodo):
        while self._ready:
            handle = self._ready.popleft()
            if not handle._cancelled:
                handle._run()


class _SnapshotBeforeDueTimers(_HandWrittenLoop):
    """Takes the ntodo snapshot before moving the due timers, so they wait an iteration."""

    def _run_once(self):
        self._drop_cancelled_timers()
        self._process_events(self._selector.select(self._select_timeout()))
        ntodo = len(self._ready)
        self._move_due_timers()
        self._drain(ntodo)


class _BatchBudget(_HandWrittenLoop):
    """Runs at most 32 handles per iteration, for "fairness" with I/O (a cooperative budget)."""

    def _drain(self, ntodo):
        super()._drain(min(ntodo, 32))


class _CallSoonRunsInline(asyncio.SelectorEventLoop):
    """call_soon from a callback of the running loop runs the callback at once (a "fast path")."""

    def __init__(self):
        super().__init__()
        self._in_callback = False

    def _call_soon(self, callback, args, context):
        if not self._in_callback or not self.is_running():
            return super()._call_soon(callback, args, context)
        handle = events.Handle(callback, args, self, context)
        handle._run()
        return handle

    def _run_once(self):
        self._in_callback = True  # the callbacks of this iteration run inside it
        try:
            super()._run_once()
        finally:
            self._in_callback = False


class _ThreadsafeInbox(_HandWrittenLoop):
    """call_soon_threadsafe posts to an inbox of its own that joins the ready queue at the next
    iteration, after what call_soon queued meanwhile (a cross-thread channel drained per iteration)."""

    def __init__(self):
        super().__init__()
        self._inbox = collections.deque()

    def call_soon_threadsafe(self, callback, *args, context=None):
        handle = events.Handle(callback, args, self, context)
        self._inbox.append(handle)
        self._write_to_self()
        return handle

    def _run_once(self):
        while self._inbox:
            self._ready.append(self._inbox.popleft())
        super()._run_once()


# ---- stop() ------------------------------------------------------------------------------------


class _StopCutsTheBatch(_HandWrittenLoop):
    """stop() called by a callback ends the batch at once (tornado's PollIOLoop.stop, tornado#672)."""

    def __init__(self):
        super().__init__()
        self._stop_now = False

    def stop(self):
        super().stop()
        self._stop_now = self._draining

    def _drain(self, ntodo):
        for _ in range(ntodo):
            handle = self._ready.popleft()
            if not handle._cancelled:
                handle._run()
            if self._stop_now:
                self._stop_now = False
                return


class _StopOneBatchLate(asyncio.SelectorEventLoop):
    """stop() on a running loop takes effect after the next batch (uvloop#517, errata U-1)."""

    def stop(self):
        if self.is_running():
            self.call_soon(super().stop)
        else:
            super().stop()


class _StopBeforeRunIgnored(asyncio.SelectorEventLoop):
    """A stop() before run_forever() is forgotten, so that run goes on until a callback stops it
    (what trio-asyncio and qasync do); stop() from a callback works as on stock asyncio."""

    def run_forever(self):
        self._stopping = False
        super().run_forever()


class _NestedRunAllowed(asyncio.SelectorEventLoop):
    """run_forever() inside a running loop runs it re-entrantly, as nest_asyncio patches it to."""

    def _check_running(self):
        pass


# ---- the select timeout ------------------------------------------------------------------------


class _TimeoutIgnoresCancelledHead(_HandWrittenLoop):
    """Takes the timeout from the head timer even when it was cancelled."""

    def _drop_cancelled_timers(self):
        pass


class _TimeoutNotCapped(_HandWrittenLoop):
    """Blocks up to the next timer however far it is (no one-day cap)."""

    def _select_timeout(self):
        if self._ready or self._stopping:
            return 0
        if self._scheduled:
            return max(0, self._scheduled[0]._when - self._clock())
        return None


class _TimeoutFromLatestTimer(_HandWrittenLoop):
    """Reads the timer queue from the wrong end: the timeout is the time to the latest timer."""

    def _select_timeout(self):
        if self._ready or self._stopping:
            return 0
        if self._scheduled:
            latest = max(handle._when for handle in self._scheduled)
            return min(max(0, latest - self._clock()), base_events.MAXIMUM_SELECT_TIMEOUT)
        return None


class _TimeoutInMilliseconds(_HandWrittenLoop):
    """Passes the selector milliseconds where it takes seconds (libuv counts milliseconds)."""

    def _select_timeout(self):
        timeout = super()._select_timeout()
        return timeout if not timeout else timeout * 1000


# ---- timers and handles ------------------------------------------------------------------------


class _NegativeDelayWraps(asyncio.SelectorEventLoop):
    """call_later converts a negative delay to an unsigned millisecond count, which wraps (about 49 days)."""

    def call_later(self, delay, callback, *args, context=None):
        if delay < 0:
            delay = (int(delay * 1000) % 2 ** 32) / 1000
        return super().call_later(delay, callback, *args, context=context)


class _NegativeDelayRefused(asyncio.SelectorEventLoop):
    """TIMER-4: a timer in the past is refused with ValueError, as a loop whose timers take an unsigned delay
    may do: call_later(delay < 0), and call_at(when) with when more than a millisecond (a millisecond clock's
    tick) before loop.time(), so that call_at(loop.time()), a deadline of now that a fresh clock reading has
    just passed, and the loop's own call_later(0) are accepted."""

    _PAST_BY_MORE_THAN = 0.001

    def call_later(self, delay, callback, *args, context=None):
        if delay < 0:
            raise ValueError(f"delay must not be negative: {delay!r}")
        return super().call_later(delay, callback, *args, context=context)

    def call_at(self, when, callback, *args, context=None):
        if when < self.time() - self._PAST_BY_MORE_THAN:
            raise ValueError(f"when is in the past: {when!r}")
        return super().call_at(when, callback, *args, context=context)


class _CallAtOnAnotherClock(_HandWrittenLoop):
    """time() answers the wall clock while the timer heap runs on the monotonic clock, so a
    deadline given to call_at (read from loop.time()) is decades away."""

    def time(self):
        return time.time()

    def _clock(self):
        return time.monotonic()

    def call_later(self, delay, callback, *args, context=None):
        return self.call_at(self._clock() + delay, callback, *args, context=context)


class _CancelledTimersStillFire(asyncio.SelectorEventLoop):
    """call_later/call_at return a handle that is not the one the loop scheduled: cancelling it does nothing."""

    def call_at(self, when, callback, *args, context=None):
        super().call_at(when, callback, *args, context=context)
        return events.TimerHandle(when, callback, args, self, context)


class _ThreadsafeHandleDetached(asyncio.SelectorEventLoop):
    """call_soon_threadsafe returns a handle that is not the queued one: cancelling it does nothing."""

    def call_soon_threadsafe(self, callback, *args, context=None):
        super().call_soon_threadsafe(callback, *args, context=context)
        return events.Handle(callback, args, self, context)


class _ThreadsafeReturnsNone(asyncio.SelectorEventLoop):
    """call_soon_threadsafe schedules the callback and wakes the loop, but returns None instead of the
    Handle it queued (a binding that drops the value of the call it forwards to): nothing can cancel it."""

    def call_soon_threadsafe(self, callback, *args, context=None):
        super().call_soon_threadsafe(callback, *args, context=context)
        return None


class _RefusesForeignThread(asyncio.SelectorEventLoop):
    """A control, not a broken loop: stock asyncio, except that run_forever (so run_until_complete too)
    raises RuntimeError on any thread but the one that made the loop, as a loop over a toolkit's event
    loop does (qasync binds to the Qt thread that made it). asyncio does not promise that a loop runs on
    another thread, so it differs only on THREAD-1 (INFO), and is conformant."""

    def __init__(self):
        super().__init__()
        self._maker = threading.get_ident()  # the thread that made the loop: the only one that may run it

    def run_forever(self):
        if threading.get_ident() != self._maker:
            raise RuntimeError("this loop runs only on the thread that made it")
        return super().run_forever()


class _RemovingHandle(events.Handle):
    __slots__ = ()

    def cancel(self):
        super().cancel()
        try:
            self._loop._ready.remove(self)
        except ValueError:
            pass


class _CancelRemovesTheHandle(asyncio.SelectorEventLoop):
    """Handle.cancel() takes the handle out of the ready queue instead of marking it for the drain to skip."""

    def _call_soon(self, callback, args, context):
        handle = _RemovingHandle(callback, args, self, context)
        self._ready.append(handle)
        return handle


# ---- callback errors ---------------------------------------------------------------------------


class _CallbackErrorsSwallowed(_HandWrittenLoop):
    """A callback's error is dropped: the exception handler never hears of it."""

    def _drain(self, ntodo):
        for _ in range(ntodo):
            handle = self._ready.popleft()
            if handle._cancelled:
                continue
            try:
                handle._context.run(handle._callback, *handle._args)
            except Exception:
                pass


class _CallbackErrorEscapes(_HandWrittenLoop):
    """A callback's error leaves run_forever() (uvloop#360: the loop stops instead of reporting)."""

    def _drain(self, ntodo):
        for _ in range(ntodo):
            handle = self._ready.popleft()
            if not handle._cancelled:
                handle._context.run(handle._callback, *handle._args)


# ---- futures -----------------------------------------------------------------------------------


class _FutureLoop(asyncio.SelectorEventLoop):
    future_class = asyncio.futures._PyFuture

    def create_future(self):
        return self.future_class(loop=self)


class _ReversedCallbacksFuture(asyncio.futures._PyFuture):
    def _Future__schedule_callbacks(self):
        self._callbacks.reverse()
        super()._Future__schedule_callbacks()


class _OneHandleFuture(asyncio.futures._PyFuture):
    def _Future__schedule_callbacks(self):
        callbacks = self._callbacks[:]
        self._callbacks[:] = []
        if callbacks:
            self._loop.call_soon(lambda: [context.run(callback, self) for callback, context in callbacks])


class _LateCallbackAtOnceFuture(asyncio.futures._PyFuture):
    def add_done_callback(self, fn, *, context=None):
        if self.done():
            fn(self)
        else:
            super().add_done_callback(fn, context=context)


class _CancelCallsBackAtOnceFuture(asyncio.futures._PyFuture):
    def cancel(self, msg=None):
        callbacks = self._callbacks[:]
        self._callbacks[:] = []
        cancelled = super().cancel(msg)
        for callback, context in callbacks:
            context.run(callback, self)
        return cancelled


class _CancelForgetsCallbacksFuture(asyncio.futures._PyFuture):
    def cancel(self, msg=None):
        self._callbacks[:] = []
        return super().cancel(msg)


# ---- tasks -------------------------------------------------------------------------------------


class _CreateTaskQueuesBookkeeping(asyncio.SelectorEventLoop):
    """create_task queues a registration callback next to the task's first step."""

    def create_task(self, coro, **kwargs):
        task = super().create_task(coro, **kwargs)
        self.call_soon(lambda: None)
        return task


class _CreateTaskStartsLate(asyncio.SelectorEventLoop):
    """create_task hands the first step over through one more queued hop, so it runs an iteration late."""

    def create_task(self, coro, **kwargs):
        task = super().create_task(coro, **kwargs)
        step = self._ready.pop()
        self.call_soon(self._ready.append, step)
        return task


# ---- issue 16 part A: futures, timers and exception handlers beyond the source document --------


class _PendingResultIsNoneFuture(asyncio.futures._PyFuture):
    """FUTURE-3: result() and exception() of a pending future answer None instead of raising."""

    def result(self):
        return None if not self.done() else super().result()

    def exception(self):
        return None if not self.done() else super().exception()


class _CancelledExceptionReturnedFuture(asyncio.futures._PyFuture):
    """FUTURE-4: exception() of a cancelled future returns the CancelledError instead of raising it."""

    def exception(self):
        if self.cancelled():
            return asyncio.CancelledError()
        return super().exception()


class _RemovesOneCallbackFuture(asyncio.futures._PyFuture):
    """FUTURE-5: remove_done_callback() removes the first registration only."""

    def remove_done_callback(self, fn):
        for index, (callback, _context) in enumerate(self._callbacks):
            if callback == fn:
                del self._callbacks[index]
                return 1
        return 0


class _HoldsStopIterationFuture(asyncio.futures._PyFuture):
    """FUTURE-6: set_exception() stores a StopIteration as it is."""

    def set_exception(self, exception):
        if isinstance(exception, StopIteration) and not self.done():
            self._exception = exception
            self._exception_tb = exception.__traceback__
            self._state = asyncio.futures._FINISHED
            self._Future__schedule_callbacks()
            return
        super().set_exception(exception)


def _push_timer(loop, timer_class, when, callback, args, context):
    """What BaseEventLoop.call_at does, with a handle class of the caller's choice."""
    loop._check_closed()
    timer = timer_class(when, callback, args, loop, context)
    heapq.heappush(loop._scheduled, timer)
    timer._scheduled = True
    return timer


class _WhenIsTheDelayTimerHandle(events.TimerHandle):
    __slots__ = ("_delay",)

    def when(self):
        return self._delay


class _WhenIsTheDelay(asyncio.SelectorEventLoop):
    """TIMER-1: a timer's when() answers the delay it was given, not the time it is due."""

    def call_at(self, when, callback, *args, context=None):
        timer = _push_timer(self, _WhenIsTheDelayTimerHandle, when, callback, args, context)
        timer._delay = when - self.time()
        return timer


class _TimersInSchedulingOrder(_HandWrittenLoop):
    """TIMER-2: timers wait in a first-in first-out list: one runs once every timer scheduled before it ran."""

    def call_at(self, when, callback, *args, context=None):
        self._check_closed()
        timer = events.TimerHandle(when, callback, args, self, context)
        self._scheduled.append(timer)
        timer._scheduled = True
        return timer

    def _drop_cancelled_timers(self):
        while self._scheduled and self._scheduled[0]._cancelled:
            self._timer_cancelled_count -= 1
            self._scheduled.pop(0)._scheduled = False

    def _select_timeout(self):
        if self._ready or self._stopping:
            return 0
        deadlines = [timer._when for timer in self._scheduled if not timer._cancelled]
        if deadlines:
            return min(max(0, min(deadlines) - self.time()), base_events.MAXIMUM_SELECT_TIMEOUT)
        return None

    def _move_due_timers(self):
        end_time = self.time() + self._clock_resolution
        while self._scheduled and self._scheduled[0]._when < end_time:
            handle = self._scheduled.pop(0)
            handle._scheduled = False
            self._ready.append(handle)


class _TimersRunEarly(_HandWrittenLoop):
    """TIMER-3: the loop works in 30 ms ticks: it wakes a tick before a timer and counts it as due."""

    TICK = 0.03

    def _select_timeout(self):
        if self._ready or self._stopping or not self._scheduled:
            return super()._select_timeout()
        head = self._scheduled[0]._when - self.TICK
        return min(max(0, head - self.time()), base_events.MAXIMUM_SELECT_TIMEOUT)

    def _move_due_timers(self):
        end_time = self.time() + self.TICK
        while self._scheduled and self._scheduled[0]._when < end_time:
            handle = heapq.heappop(self._scheduled)
            handle._scheduled = False
            self._ready.append(handle)


class _ZeroDelayRunsInlineWhenIdle(asyncio.SelectorEventLoop):
    """TIMER-4: call_later(0, cb) on a loop that is not running calls cb at once ("nothing to wait for")."""

    def call_later(self, delay, callback, *args, context=None):
        if delay == 0 and not self.is_running():
            handle = events.Handle(callback, args, self, context)
            handle._run()
            return handle
        return super().call_later(delay, callback, *args, context=context)


class _ClockRewoundWhenTimersFire(_HandWrittenLoop):
    """TIMER-5: loop.time() goes back 50 ms after each iteration that ran timers (a clock re-based on them)."""

    def __init__(self):
        super().__init__()
        self._rewound = 0.0
        self._timers_moved = False

    def time(self):
        return super().time() - self._rewound

    def _move_due_timers(self):
        waiting = len(self._scheduled)
        super()._move_due_timers()
        self._timers_moved = len(self._scheduled) < waiting

    def _drain(self, ntodo):
        try:
            super()._drain(ntodo)
        finally:
            if self._timers_moved:
                self._rewound += 0.05


class _ClockReadOncePerIteration(_HandWrittenLoop):
    """CLOCK-1: while an iteration runs, loop.time() answers the clock read once, when the selector returned, as
    libuv's uv_now() does ("the timestamp is cached at the start of the event loop tick" until uv_update_time()),
    and as a loop that answers uv_now() for loop.time() would: a callback that computes sees no time pass, and a
    timer it schedules afterwards counts from the start of the iteration, early by what the callback spent. The
    selector's timeout and the due timers are read on the clock as it is; outside an iteration time() reads it too."""

    def __init__(self):
        super().__init__()
        self._iteration_time = None  # the clock read when the selector returned; None outside an iteration

    def time(self):
        return super().time() if self._iteration_time is None else self._iteration_time

    def _process_events(self, event_list):
        self._iteration_time = super().time()  # read once per iteration, after the poll (libuv's uv__io_poll)
        super()._process_events(event_list)

    def _run_once(self):
        try:
            super()._run_once()
        finally:
            self._iteration_time = None


class _DelaysInInt32Milliseconds(asyncio.SelectorEventLoop):
    """CLOCK-2: timers keep their delay as a signed 32-bit count of milliseconds, as the setTimeout of browsers and
    Node.js does: a delay beyond 2**31 - 1 ms (about 24.8 days) does not fit and is set to 1 ms (Node.js:
    "TimeoutOverflowWarning: ... does not fit into a 32-bit signed integer. Timeout duration was set to 1."), so a
    timer a year away, and a task's asyncio.sleep() of a year, end at once."""

    _LONGEST_DELAY_MS = 2 ** 31 - 1

    def call_at(self, when, callback, *args, context=None):
        # call_later(delay) is call_at(time() + delay) here too, so both go through the one conversion
        if (when - self.time()) * 1000 > self._LONGEST_DELAY_MS:
            when = self.time() + 0.001
        return super().call_at(when, callback, *args, context=context)


class _CancelTwiceRaisesHandle(events.Handle):
    __slots__ = ()

    def cancel(self):
        if self._cancelled:
            raise RuntimeError("handle already cancelled")
        super().cancel()


class _CancelTwiceRaises(asyncio.SelectorEventLoop):
    """HANDLE-4: Handle.cancel() of a handle that is already cancelled raises."""

    def _call_soon(self, callback, args, context):
        handle = _CancelTwiceRaisesHandle(callback, args, self, context)
        self._ready.append(handle)
        return handle


class _ContextWithoutHandleHandle(events.Handle):
    __slots__ = ()

    def _run(self):
        try:
            self._context.run(self._callback, *self._args)
        except (SystemExit, KeyboardInterrupt):
            raise
        except BaseException as exc:
            self._loop.call_exception_handler({"message": "Exception in callback", "exception": exc})


class _ContextWithoutHandle(asyncio.SelectorEventLoop):
    """EXC-1: the context of a callback's error has no 'handle'."""

    def _call_soon(self, callback, args, context):
        handle = _ContextWithoutHandleHandle(callback, args, self, context)
        self._ready.append(handle)
        return handle


class _BaseExceptionsReportedHandle(events.Handle):
    __slots__ = ()

    def _run(self):
        try:
            self._context.run(self._callback, *self._args)
        except BaseException as exc:  # what asyncio did before 3.8 (bpo-32528)
            self._loop.call_exception_handler({"message": "Exception in callback", "exception": exc, "handle": self})


class _BaseExceptionsReported(asyncio.SelectorEventLoop):
    """EXC-2: KeyboardInterrupt and SystemExit from a callback go to the exception handler like any error."""

    def _call_soon(self, callback, args, context):
        handle = _BaseExceptionsReportedHandle(callback, args, self, context)
        self._ready.append(handle)
        return handle


class _DefaultHandlerNotRestorable(asyncio.SelectorEventLoop):
    """EXC-3: set_exception_handler(None) is ignored; the handler set before stays."""

    def set_exception_handler(self, handler):
        if handler is not None:
            super().set_exception_handler(handler)


class _HandlerErrorEscapes(asyncio.SelectorEventLoop):
    """EXC-4: what the exception handler raises leaves call_exception_handler, and so the iteration."""

    def call_exception_handler(self, context):
        if self._exception_handler is None:
            self.default_exception_handler(context)
        else:
            self._exception_handler(self, context)


class _OwnReportsHandle(events.Handle):
    __slots__ = ()

    def _run(self):
        try:
            self._context.run(self._callback, *self._args)
        except (SystemExit, KeyboardInterrupt):
            raise
        except BaseException as exc:
            self._loop._report({"message": "Exception in callback", "exception": exc, "handle": self})


class _OwnReportsTimerHandle(events.TimerHandle):
    __slots__ = ()
    _run = _OwnReportsHandle._run


class _CallExceptionHandlerOnlyLogs(asyncio.SelectorEventLoop):
    """EXC-5: the loop reports its own errors to the handler, but call_exception_handler() only logs."""

    def _report(self, context):
        super().call_exception_handler(context)

    def call_exception_handler(self, context):
        self.default_exception_handler(context)

    def _call_soon(self, callback, args, context):
        handle = _OwnReportsHandle(callback, args, self, context)
        self._ready.append(handle)
        return handle

    def call_at(self, when, callback, *args, context=None):
        return _push_timer(self, _OwnReportsTimerHandle, when, callback, args, context)


def _future_loop(future_class):
    loop = _FutureLoop()
    loop.future_class = future_class
    return loop


def create_task_starts_at_once():
    return _CreateTaskStartsAtOnce()


def one_due_timer_per_iteration():
    return _OneDueTimerPerIteration()


def raising_callback_ends_iteration():
    return _RaisingCallbackEndsIteration()


def lifo_ready_queue():
    return _LifoReadyQueue()


def drains_new_callbacks():
    return _DrainsNewCallbacks()


def snapshot_before_due_timers():
    return _SnapshotBeforeDueTimers()


def batch_budget():
    return _BatchBudget()


def call_soon_runs_inline():
    return _CallSoonRunsInline()


def threadsafe_inbox():
    return _ThreadsafeInbox()


def stop_cuts_the_batch():
    return _StopCutsTheBatch()


def stop_one_batch_late():
    return _StopOneBatchLate()


def stop_before_run_ignored():
    return _StopBeforeRunIgnored()


def nested_run_allowed():
    return _NestedRunAllowed()


def timeout_ignores_cancelled_head():
    return _TimeoutIgnoresCancelledHead()


def timeout_not_capped():
    return _TimeoutNotCapped()


def timeout_from_latest_timer():
    return _TimeoutFromLatestTimer()


def timeout_in_milliseconds():
    return _TimeoutInMilliseconds()


def negative_delay_wraps():
    return _NegativeDelayWraps()


def negative_delay_refused():
    return _NegativeDelayRefused()


def call_at_on_another_clock():
    return _CallAtOnAnotherClock()


def cancelled_timers_still_fire():
    return _CancelledTimersStillFire()


def threadsafe_handle_detached():
    return _ThreadsafeHandleDetached()


def threadsafe_returns_none():
    return _ThreadsafeReturnsNone()


def refuses_foreign_thread():
    return _RefusesForeignThread()


def cancel_removes_the_handle():
    return _CancelRemovesTheHandle()


def callback_errors_swallowed():
    return _CallbackErrorsSwallowed()


def callback_error_escapes():
    return _CallbackErrorEscapes()


def done_callbacks_reversed():
    return _future_loop(_ReversedCallbacksFuture)


def done_callbacks_in_one_handle():
    return _future_loop(_OneHandleFuture)


def late_done_callback_at_once():
    return _future_loop(_LateCallbackAtOnceFuture)


def cancel_calls_back_at_once():
    return _future_loop(_CancelCallsBackAtOnceFuture)


def cancel_forgets_done_callbacks():
    return _future_loop(_CancelForgetsCallbacksFuture)


def create_task_queues_bookkeeping():
    return _CreateTaskQueuesBookkeeping()


def create_task_starts_late():
    return _CreateTaskStartsLate()


def hand_written():
    """The written-out iteration with no defect: a control, judged like stock."""
    return _HandWrittenLoop()


# ---- tasks made and futures completed inside a running task ------------------------------------
# Each of these defects shows only on a path that the kit's first scenarios never took: a task made
# or a future completed by the coroutine of a task the loop is running, or a task made through
# asyncio.create_task, asyncio.ensure_future or a TaskGroup.


class _NestedCreateTaskStepsAtOnce(asyncio.SelectorEventLoop):
    """create_task called from a running task runs the new task's first step at once.

    The re-entrancy of nest_asyncio: its patched loop runs a nested step while the outer task is
    set aside as current (``curr_tasks.pop(self)`` ... put back), so a task made inside a task
    starts before create_task returns. Made in a callback (no task is current), a task is queued
    as usual, which is why every callback scenario passes.
    """

    def create_task(self, coro, **kwargs):
        task = super().create_task(coro, **kwargs)
        outer = asyncio.current_task(self)
        if outer is not None and self._ready:
            step = self._ready.pop()  # the step Task.__init__ just queued
            asyncio.tasks._leave_task(self, outer)
            try:
                step._run()
            finally:
                asyncio.tasks._enter_task(self, outer)
        return task


def nested_create_task_steps_at_once():
    return _NestedCreateTaskStepsAtOnce()


class _CallsBackInTaskStepsFuture(asyncio.futures._PyFuture):
    """Completed inside a task's step, calls its done callbacks at once instead of queueing them.

    The "we are already on the loop, inside a step" shortcut: a future that dispatches
    synchronously whenever a task is current, and defers otherwise, so futures completed from
    outside the loop or by a callback behave.
    """

    def _Future__schedule_callbacks(self):
        if asyncio.current_task(self._loop) is None:
            return super()._Future__schedule_callbacks()
        callbacks = self._callbacks[:]
        self._callbacks[:] = []
        for callback, context in callbacks:
            context.run(callback, self)


def calls_back_in_task_steps():
    return _future_loop(_CallsBackInTaskStepsFuture)


class _PlainCallsSkipTheTaskFactory(asyncio.SelectorEventLoop):
    """create_task(coro) with no keyword builds a Task itself; only calls with keywords reach the factory.

    A fast path for "the common call", the way loops that re-implement create_task special-case it.
    The kit's own loop.create_task passes name=, so only asyncio.create_task, asyncio.ensure_future
    and TaskGroup.create_task (which on 3.11 and 3.12 call loop.create_task(coro) and name the task
    afterwards) take the fast path; with the eager task factory, their tasks are not eager.
    """

    def create_task(self, coro, **kwargs):
        if not kwargs:
            self._check_closed()
            return asyncio.Task(coro, loop=self)
        return super().create_task(coro, **kwargs)


def plain_calls_skip_the_task_factory():
    loop = _PlainCallsSkipTheTaskFactory()
    loop.set_task_factory(asyncio.eager_task_factory)
    return loop


plain_calls_skip_the_task_factory.asyncio_tck_profiles = ["eager-task-factory"]


def pending_result_is_none():
    return _future_loop(_PendingResultIsNoneFuture)


def cancelled_exception_returned():
    return _future_loop(_CancelledExceptionReturnedFuture)


def remove_done_callback_removes_one():
    return _future_loop(_RemovesOneCallbackFuture)


def future_holds_stop_iteration():
    return _future_loop(_HoldsStopIterationFuture)


def when_is_the_delay():
    return _WhenIsTheDelay()


def timers_in_scheduling_order():
    return _TimersInSchedulingOrder()


def timers_run_early():
    return _TimersRunEarly()


def zero_delay_runs_inline_when_idle():
    return _ZeroDelayRunsInlineWhenIdle()


def clock_rewound_when_timers_fire():
    return _ClockRewoundWhenTimersFire()


def clock_read_once_per_iteration():
    return _ClockReadOncePerIteration()


def delays_in_int32_milliseconds():
    return _DelaysInInt32Milliseconds()


def cancel_twice_raises():
    return _CancelTwiceRaises()


def context_without_handle():
    return _ContextWithoutHandle()


def base_exceptions_reported():
    return _BaseExceptionsReported()


def default_handler_not_restorable():
    return _DefaultHandlerNotRestorable()


def handler_error_escapes():
    return _HandlerErrorEscapes()


def call_exception_handler_only_logs():
    return _CallExceptionHandlerOnlyLogs()


# ---- issue 16 part B: the run lifecycle, a closed loop, cancellation, the current task, I/O -------


class _RunUntilCompleteDropsCoroutineResult(asyncio.SelectorEventLoop):
    """run_until_complete() of a coroutine runs it but returns None (RUN-1)."""

    def run_until_complete(self, future):
        result = super().run_until_complete(future)
        return None if asyncio.iscoroutine(future) else result


class _IsRunningAlwaysFalse(asyncio.SelectorEventLoop):
    """is_running() answers False even inside the loop's own callbacks (RUN-2).

    The nested-run checks still refuse: _check_running also asks events._get_running_loop().
    """

    def is_running(self):
        return False


class _NestedRunUntilCompleteReturnsNone(asyncio.SelectorEventLoop):
    """run_until_complete() called by a callback of the running loop returns None instead of raising (RUN-3)."""

    def run_until_complete(self, future):
        if self._thread_id is not None:
            return None
        return super().run_until_complete(future)


class _StoppedRunUntilCompleteReturnsNone(asyncio.SelectorEventLoop):
    """run_until_complete() stopped before its future is done returns None instead of raising (RUN-4)."""

    def run_until_complete(self, future):
        try:
            return super().run_until_complete(future)
        except RuntimeError as e:
            if "stopped before Future completed" in str(e):
                return None
            raise


class _DoneFutureRunReturnsNone(asyncio.SelectorEventLoop):
    """run_until_complete() of a future that is already done returns None, not its result (RUN-5)."""

    def run_until_complete(self, future):
        if asyncio.isfuture(future) and future.done():
            return None
        return super().run_until_complete(future)


class _CloseWhileRunningIgnored(asyncio.SelectorEventLoop):
    """close() called while the loop runs does nothing, silently (CLOSED-1)."""

    def close(self):
        if self.is_running():
            return
        super().close()


class _IsClosedAlwaysFalse(asyncio.SelectorEventLoop):
    """is_closed() answers False even after close(); close() itself stays idempotent (CLOSED-2)."""

    def close(self):
        if self._closed:
            return
        super().close()

    def is_closed(self):
        return False


class _ClosedLoopAcceptsCallSoon(asyncio.SelectorEventLoop):
    """call_soon() on a closed loop returns a handle that will never run, instead of raising (CLOSED-3)."""

    def call_soon(self, callback, *args, context=None):
        if self._closed:
            return events.Handle(callback, args, self, context)
        return super().call_soon(callback, *args, context=context)


class _ClosedRunForeverReturns(asyncio.SelectorEventLoop):
    """run_forever() on a closed loop returns at once instead of raising (CLOSED-4)."""

    def run_forever(self):
        if self._closed:
            return
        super().run_forever()


def _loop_with_tasks(task_class):
    """A stock loop whose create_task makes ``task_class`` tasks."""
    loop = asyncio.SelectorEventLoop()
    loop.set_task_factory(lambda factory_loop, coro, **kwargs: task_class(coro, loop=factory_loop, **kwargs))
    return loop


class _CancelBeforeFirstStepIgnored(asyncio.Task):
    """cancel() before the first step answers True and does nothing: the coroutine runs (CANCEL-1)."""

    def cancel(self, msg=None):
        if inspect.getcoroutinestate(self.get_coro()) == inspect.CORO_CREATED:
            return True
        return super().cancel(msg)


def _drop_queued_steps(task):
    """Cancels the handles of ``task``'s steps and wake-ups that wait in the ready queue."""
    for handle in task.get_loop()._ready:
        if getattr(handle._callback, "__self__", None) is task:
            handle.cancel()


class _CancelEndsTaskAtOnce(asyncio.Task):
    """cancel() completes the task there and then, as Future.cancel() does (CANCEL-2).

    Its queued step is dropped, so the coroutine never sees the CancelledError.
    """

    def cancel(self, msg=None):
        if self.done():
            return False
        super().cancel(msg)
        asyncio.Future.cancel(self, msg)
        _drop_queued_steps(self)
        return True


class _CancelSkipsTheCoroutine(asyncio.Task):
    """cancel() of an awaiting task cancels it in the next iteration without resuming its coroutine (CANCEL-3)."""

    def cancel(self, msg=None):
        if self.done():
            return False
        if inspect.getcoroutinestate(self.get_coro()) == inspect.CORO_SUSPENDED:
            self.get_loop().call_soon(self._cancel_instead_of_waking, msg)  # queued before the wake-up
        return super().cancel(msg)

    def _cancel_instead_of_waking(self, msg):
        asyncio.Future.cancel(self, msg)
        _drop_queued_steps(self)


class _CancelLeavesAwaitedFuture(asyncio.tasks._PyTask):
    """cancel() wakes the task with CancelledError but leaves the future it awaits pending (CANCEL-4)."""

    def cancel(self, msg=None):
        waiter = self._fut_waiter
        if self.done() or waiter is None:
            return super().cancel(msg)
        waiter.remove_done_callback(self._Task__wakeup)
        self._fut_waiter = None
        self._must_cancel = True
        self._cancel_message = msg
        self._loop.call_soon(self._Task__step, context=self._context)
        return True


class _CancellationCannotBeRefused(asyncio.tasks._PyTask):
    """A cancelled task ends cancelled even when its coroutine caught CancelledError and returned (CANCEL-5)."""

    _cancel_requested = False

    def cancel(self, msg=None):
        accepted = super().cancel(msg)
        self._cancel_requested = self._cancel_requested or accepted
        return accepted

    def _Task__step(self, exc=None):
        super()._Task__step(exc)
        if self._cancel_requested and self.done() and not self.cancelled() and self._exception is None:
            self._state = asyncio.futures._CANCELLED  # the result the coroutine returned is thrown away
            self._result = None


class _CancelOfDoneTaskAnswersTrue(asyncio.Task):
    """cancel() of a task that is done answers True, though it changes nothing (CANCEL-6)."""

    def cancel(self, msg=None):
        if self.done():
            return True
        return super().cancel(msg)


class _CancelMessageDropped(asyncio.Task):
    """cancel(msg) forgets the message: the task ends with CancelledError('') (CANCEL-7)."""

    def cancel(self, msg=None):
        return super().cancel()


@types.coroutine
def _drive_hiding_the_task(loop, coro):
    """Drives ``coro`` as the task would, but with no current task while it runs (CURRENT-1)."""
    value, error = None, None
    while True:
        task = asyncio.tasks._swap_current_task(loop, None)
        try:
            yielded = coro.send(value) if error is None else coro.throw(error)
        except StopIteration as e:
            return e.value
        finally:
            asyncio.tasks._swap_current_task(loop, task)
        try:
            value, error = (yield yielded), None
        except BaseException as e:  # CancelledError thrown in by the task
            value, error = None, e


async def _hiding_the_task(loop, coro):
    return await _drive_hiding_the_task(loop, coro)


class _StepsHideTheirTask(asyncio.SelectorEventLoop):
    """A task's coroutine sees no current task while it runs (CURRENT-1)."""

    def __init__(self):
        super().__init__()
        self.set_task_factory(
            lambda loop, coro, **kwargs: asyncio.Task(_hiding_the_task(loop, coro), loop=loop, **kwargs))


class _CallbacksInheritTheTask(asyncio.SelectorEventLoop):
    """A callback scheduled while a task runs runs with that task current, as if it were its step (CURRENT-2)."""

    def call_soon(self, callback, *args, context=None):
        task = asyncio.current_task(self) if self.is_running() else None
        if task is None or isinstance(getattr(callback, "__self__", None), asyncio.Future):
            return super().call_soon(callback, *args, context=context)  # task steps and wake-ups as they are

        def as_the_task():
            previous = asyncio.tasks._swap_current_task(self, task)
            try:
                callback(*args)
            finally:
                asyncio.tasks._swap_current_task(self, previous)

        return super().call_soon(as_the_task, context=context)


class _StaleTask:
    """What a failed step leaves current (CURRENT-3)."""


@types.coroutine
def _drive_leaving_a_stale_task(loop, coro):
    """Drives ``coro``; when it raises (not CancelledError), leaves another object current (CURRENT-3)."""
    value, error = None, None
    while True:
        try:
            yielded = coro.send(value) if error is None else coro.throw(error)
        except StopIteration as e:
            return e.value
        except asyncio.CancelledError:
            raise
        except BaseException:
            asyncio.tasks._swap_current_task(loop, _StaleTask())  # the task's _leave_task then fails
            raise
        try:
            value, error = (yield yielded), None
        except BaseException as e:
            value, error = None, e


async def _leaving_a_stale_task(loop, coro):
    return await _drive_leaving_a_stale_task(loop, coro)


class _FailedStepLeavesATaskCurrent(asyncio.SelectorEventLoop):
    """After a step that ends its task with an exception, something is left current (CURRENT-3)."""

    def __init__(self):
        super().__init__()
        self.set_task_factory(
            lambda loop, coro, **kwargs: asyncio.Task(_leaving_a_stale_task(loop, coro), loop=loop, **kwargs))


class _ReadersAlwaysReady(asyncio.SelectorEventLoop):
    """Every registered reader is called in every iteration, its descriptor readable or not (IO-1)."""

    def _process_events(self, event_list):
        super()._process_events(event_list)
        reported = {key.fd for key, mask in event_list if mask & selectors.EVENT_READ}
        for key in list(self._selector.get_map().values()):
            reader = key.data[0]
            if reader is not None and key.fd not in reported and key.fd != self._ssock.fileno():
                self._add_callback(reader)


class _EdgeTriggeredReaders(asyncio.SelectorEventLoop):
    """A reader is called once when its descriptor becomes readable, not again while it stays so (IO-2)."""

    def __init__(self):
        super().__init__()
        self._reported_last_poll = set()

    def _process_events(self, event_list):
        reported = {key.fd for key, mask in event_list if mask & selectors.EVENT_READ}
        fresh = [(key, mask) for key, mask in event_list
                 if not (mask & selectors.EVENT_READ and key.fd in self._reported_last_poll)]
        self._reported_last_poll = reported
        super()._process_events(fresh)


class _RemoveAnswersNone(asyncio.SelectorEventLoop):
    """remove_reader() and remove_writer() return None, as uvloop 0.23.0's do (IO-3)."""

    def remove_reader(self, fd):
        super().remove_reader(fd)

    def remove_writer(self, fd):
        super().remove_writer(fd)


class _FirstReaderStays(asyncio.SelectorEventLoop):
    """add_reader() for a descriptor that has a reader keeps the first one, silently (IO-4)."""

    def add_reader(self, fd, callback, *args):
        self._check_closed()  # a closed loop refuses as asyncio's does (CLOSED-3): only the replacing is wrong
        try:
            key = self._selector.get_key(fd)
        except (KeyError, ValueError):
            key = None
        if key is not None and key.data[0] is not None:
            return None
        return super().add_reader(fd, callback, *args)


class _WritersNeverCalled(asyncio.SelectorEventLoop):
    """Write readiness is polled for but never delivered: writers never run (IO-5)."""

    def _process_events(self, event_list):
        super()._process_events([(key, mask & ~selectors.EVENT_WRITE) for key, mask in event_list])


def run_until_complete_drops_coroutine_result():
    return _RunUntilCompleteDropsCoroutineResult()


def is_running_always_false():
    return _IsRunningAlwaysFalse()


def nested_run_until_complete_returns_none():
    return _NestedRunUntilCompleteReturnsNone()


def stopped_run_until_complete_returns_none():
    return _StoppedRunUntilCompleteReturnsNone()


def done_future_run_returns_none():
    return _DoneFutureRunReturnsNone()


def close_while_running_ignored():
    return _CloseWhileRunningIgnored()


def is_closed_always_false():
    return _IsClosedAlwaysFalse()


def closed_loop_accepts_call_soon():
    return _ClosedLoopAcceptsCallSoon()


def closed_run_forever_returns():
    return _ClosedRunForeverReturns()


def cancel_before_first_step_ignored():
    return _loop_with_tasks(_CancelBeforeFirstStepIgnored)


def cancel_ends_task_at_once():
    return _loop_with_tasks(_CancelEndsTaskAtOnce)


def cancel_skips_the_coroutine():
    return _loop_with_tasks(_CancelSkipsTheCoroutine)


def cancel_leaves_awaited_future():
    return _loop_with_tasks(_CancelLeavesAwaitedFuture)


def cancellation_cannot_be_refused():
    return _loop_with_tasks(_CancellationCannotBeRefused)


def cancel_of_done_task_answers_true():
    return _loop_with_tasks(_CancelOfDoneTaskAnswersTrue)


def cancel_message_dropped():
    return _loop_with_tasks(_CancelMessageDropped)


def steps_hide_their_task():
    return _StepsHideTheirTask()


def callbacks_inherit_the_task():
    return _CallbacksInheritTheTask()


def failed_step_leaves_a_task_current():
    return _FailedStepLeavesATaskCurrent()


def readers_always_ready():
    return _ReadersAlwaysReady()


def edge_triggered_readers():
    return _EdgeTriggeredReaders()


def remove_answers_none():
    return _RemoveAnswersNone()


def first_reader_stays():
    return _FirstReaderStays()


def writers_never_called():
    return _WritersNeverCalled()


# ---- async generators (AGEN-1 to AGEN-5) ----------------------------------------------------------------


class _NeverInstallsAsyncgenHooks(asyncio.SelectorEventLoop):
    """Runs under whatever async-generator hooks the program had: what nest_asyncio's run_until_complete does
    (errata N-8), here on every way of running. Its run_forever installs the hooks of before in place of its own
    (instance attributes shadow the two hook methods that run_forever installs)."""

    def run_forever(self):
        if self.is_running():  # refused as asyncio refuses it, with nothing of this run touched
            return super().run_forever()
        before = sys.get_asyncgen_hooks()
        self._asyncgen_firstiter_hook = before.firstiter
        self._asyncgen_finalizer_hook = before.finalizer
        try:
            super().run_forever()
        finally:
            del self._asyncgen_firstiter_hook
            del self._asyncgen_finalizer_hook


class _LeavesItsAsyncgenHooks(asyncio.SelectorEventLoop):
    """Leaves its own async-generator hooks installed after a run, where asyncio puts the program's back (a loop
    that installs them once and for all)."""

    def run_forever(self):
        try:
            super().run_forever()
        finally:
            sys.set_asyncgen_hooks(firstiter=self._asyncgen_firstiter_hook, finalizer=self._asyncgen_finalizer_hook)


class _ClosesCollectedAsyncgensInPlace(asyncio.SelectorEventLoop):
    """Its finalizer hook closes a collected generator there and then, by driving aclose() itself, instead of in a
    task of a later iteration: the generator's finally runs in the middle of whatever let go of it, outside any
    task (and would fail at its first await)."""

    def _asyncgen_finalizer_hook(self, agen):
        self._asyncgens.discard(agen)
        closing = agen.aclose()
        try:
            closing.send(None)
        except StopIteration:
            pass


class _ShutdownAsyncgensDoesNothing(asyncio.SelectorEventLoop):
    """shutdown_asyncgens() returns at once: the generators still alive when asyncio.run ends are never closed."""

    async def shutdown_asyncgens(self):
        return None


class _ShutdownAsyncgensRaises(asyncio.SelectorEventLoop):
    """shutdown_asyncgens() closes the generators one after the other and lets the first error out: the generators
    after it stay open, and asyncio.run fails instead of reporting the error."""

    async def shutdown_asyncgens(self):
        for agen in list(self._asyncgens):
            self._asyncgens.discard(agen)
            await agen.aclose()


def never_installs_asyncgen_hooks():
    return _NeverInstallsAsyncgenHooks()


def leaves_its_asyncgen_hooks():
    return _LeavesItsAsyncgenHooks()


def closes_collected_asyncgens_in_place():
    return _ClosesCollectedAsyncgensInPlace()


def shutdown_asyncgens_does_nothing():
    return _ShutdownAsyncgensDoesNothing()


def shutdown_asyncgens_raises():
    return _ShutdownAsyncgensRaises()
# ---- contexts (issue 28) -----------------------------------------------------------------------


class _LateCopyHandle(events.Handle):
    """Copies the current context when it runs, not when it was made."""

    def _run(self):
        self._context = contextvars.copy_context()
        super()._run()


class _LateCopyTimerHandle(events.TimerHandle):
    def _run(self):
        self._context = contextvars.copy_context()
        super()._run()


class _ContextCopiedWhenRun(asyncio.SelectorEventLoop):
    """A callback scheduled without a context runs in a copy of the context current when the loop runs it,
    the code's that runs the loop, not in a copy of the one current when it was scheduled (CTX-1): the
    loop copies lazily, as a loop that calls its callbacks from a native poller does."""

    def _call_soon(self, callback, args, context):
        if context is not None:
            return super()._call_soon(callback, args, context)
        handle = _LateCopyHandle(callback, args, self, None)
        self._ready.append(handle)
        return handle

    def call_at(self, when, callback, *args, context=None):
        if context is not None:
            return super().call_at(when, callback, *args, context=context)
        return _push_timer(self, _LateCopyTimerHandle, when, callback, args, None)


class _ContextArgumentIgnored(asyncio.SelectorEventLoop):
    """call_soon, call_soon_threadsafe, call_later and call_at accept context= and drop it, so the callback
    runs in a copy of the current context instead (CTX-2), as loops written before contexts (Python 3.7)
    did."""

    def call_soon(self, callback, *args, context=None):
        return super().call_soon(callback, *args)

    def call_soon_threadsafe(self, callback, *args, context=None):
        return super().call_soon_threadsafe(callback, *args)

    def call_later(self, delay, callback, *args, context=None):
        return super().call_later(delay, callback, *args)

    def call_at(self, when, callback, *args, context=None):
        return super().call_at(when, callback, *args)


class _CallbacksShareOneCopy(asyncio.SelectorEventLoop):
    """The callbacks scheduled without a context between two iterations share one copy of the context,
    made by the first of them, so what one of them sets the next sees (CTX-3): a copy_context() saved
    for the batch."""

    _shared_copy = None

    def _copy(self, context):
        if context is not None:
            return context
        if self._shared_copy is None:
            self._shared_copy = contextvars.copy_context()
        return self._shared_copy

    def call_soon(self, callback, *args, context=None):
        return super().call_soon(callback, *args, context=self._copy(context))

    def call_soon_threadsafe(self, callback, *args, context=None):
        return super().call_soon_threadsafe(callback, *args, context=self._copy(context))

    def call_at(self, when, callback, *args, context=None):
        return super().call_at(when, callback, *args, context=self._copy(context))

    def _run_once(self):
        self._shared_copy = None
        super()._run_once()


class _CompletersContextFuture(asyncio.futures._PyFuture):
    """Keeps no context with a done callback, so the callback runs in a copy of the context current when
    the future completes: the completer's (CTX-4), as futures written without contexts do."""

    def add_done_callback(self, fn, *, context=None):
        if self._state != asyncio.futures._PENDING:
            self._loop.call_soon(fn, self)
        else:
            self._callbacks.append((fn, None))


class _StepsOutsideTheTaskContext(asyncio.tasks._PyTask):
    """Keeps no context: each step runs in a new, empty context, so a step sees neither the values of the
    context the task was made in nor what an earlier step set (CTX-5)."""

    @property
    def _context(self):
        return contextvars.Context()

    @_context.setter
    def _context(self, ignored):
        pass


class _TaskStepsOutsideTheTaskContext(asyncio.SelectorEventLoop):
    """loop.create_task makes tasks whose steps run outside the task's context (CTX-5)."""

    def __init__(self):
        super().__init__()
        self.set_task_factory(lambda loop, coro, **kwargs: _StepsOutsideTheTaskContext(coro, loop=loop, **kwargs))


class _ReadersInAnEmptyContext(asyncio.SelectorEventLoop):
    """Readers and writers run in an empty context, not in a copy of the one current at add_reader() or
    add_writer() (CTX-6), as a loop that calls them from its poller's own context does."""

    def add_reader(self, fd, callback, *args):
        return super().add_reader(fd, contextvars.Context().run, callback, *args)

    def add_writer(self, fd, callback, *args):
        return super().add_writer(fd, contextvars.Context().run, callback, *args)


class _CopyAnsweringHandle(events.Handle):
    """get_context() answers a new copy of the current context, not the context the callback runs in."""

    def get_context(self):
        return contextvars.copy_context()


class _GetContextAnswersACopy(asyncio.SelectorEventLoop):
    """The handles of call_soon and call_soon_threadsafe answer get_context() with a copy of the context
    current when it is asked, not the context their callback runs in (CTX-7)."""

    def _call_soon(self, callback, args, context):
        handle = _CopyAnsweringHandle(callback, args, self, context)
        self._ready.append(handle)
        return handle


def context_copied_when_run():
    return _ContextCopiedWhenRun()


def context_argument_ignored():
    return _ContextArgumentIgnored()


def callbacks_share_one_copy():
    return _CallbacksShareOneCopy()


def done_callbacks_in_completers_context():
    return _future_loop(_CompletersContextFuture)


def task_steps_outside_the_task_context():
    return _TaskStepsOutsideTheTaskContext()


def readers_in_an_empty_context():
    return _ReadersInAnEmptyContext()


def get_context_answers_a_copy():
    return _GetContextAnswersACopy()


# ---- runs and their endings (RUNNER-1, RUNNER-2) -------------------------------------------------------


class _UnusableAfterKeyboardInterrupt(asyncio.SelectorEventLoop):
    """Guards run_until_complete() with a flag of its own, cleared in an ``except (Exception,
    CancelledError)`` instead of a ``finally``: after KeyboardInterrupt or SystemExit left the call, every
    later run_until_complete() is refused as already running (RUNNER-1). A hand-written guard against
    nested runs that catches what a cancelled future raises, and too little else."""

    def __init__(self):
        super().__init__()
        self._in_run_until_complete = False

    def run_until_complete(self, future):
        if self._in_run_until_complete:
            raise RuntimeError("This event loop is already running")
        self._in_run_until_complete = True
        try:
            result = super().run_until_complete(future)
        except (Exception, asyncio.CancelledError):
            self._in_run_until_complete = False
            raise
        self._in_run_until_complete = False
        return result


def _stop_its_loop(future):
    future.get_loop().stop()


class _InterruptedFutureStillStopsTheLoop(asyncio.SelectorEventLoop):
    """run_until_complete() written out, taking its stopping callback off the future only when the run
    ends normally or with an Exception: after KeyboardInterrupt or SystemExit the future keeps it, and
    completing the future later stops whatever run is going on then (RUNNER-1)."""

    def run_until_complete(self, future):
        self._check_closed()
        self._check_running()
        future = asyncio.ensure_future(future, loop=self)
        future.add_done_callback(_stop_its_loop)
        try:
            self.run_forever()
        except Exception:
            future.remove_done_callback(_stop_its_loop)
            raise
        future.remove_done_callback(_stop_its_loop)
        if not future.done():
            raise RuntimeError("Event loop stopped before Future completed.")
        return future.result()


class _TasksUnseenByAllTasks(asyncio.SelectorEventLoop):
    """Its tasks are not in asyncio's registry, so asyncio.all_tasks(loop) does not list them, as a loop
    with a Task type of its own that never calls asyncio's _register_task: asyncio.Runner's cleanup
    (_cancel_all_tasks) cancels none of them, and the loop is closed with them pending (RUNNER-2)."""

    def create_task(self, coro, **kwargs):
        task = super().create_task(coro, **kwargs)
        asyncio.tasks._unregister_task(task)
        return task


class _SigintHandlerReplacedWhileRunning(asyncio.SelectorEventLoop):
    """Puts Python's default SIGINT handler in place while it runs (restoring the one before when the run
    ends), as loops that want Ctrl-C to raise KeyboardInterrupt wherever the program is: the handler
    asyncio.Runner installed never sees Ctrl-C, so main is not cancelled and cannot clean up; the
    KeyboardInterrupt leaves the run from wherever it struck (RUNNER-2)."""

    def run_forever(self):
        if threading.current_thread() is not threading.main_thread():
            return super().run_forever()
        previous = signal.signal(signal.SIGINT, signal.default_int_handler)
        try:
            super().run_forever()
        finally:
            signal.signal(signal.SIGINT, previous)


def unusable_after_keyboard_interrupt():
    return _UnusableAfterKeyboardInterrupt()


def interrupted_future_still_stops_the_loop():
    return _InterruptedFutureStillStopsTheLoop()


def tasks_unseen_by_all_tasks():
    return _TasksUnseenByAllTasks()


def sigint_handler_replaced_while_running():
    return _SigintHandlerReplacedWhileRunning()
# ---- the default executor (issue 28) --------------------------------------------------------------

def _default_executor_of(loop):
    """What BaseEventLoop.run_in_executor(None, ...) submits to: refused after shutdown_default_executor(),
    made on first use (3.10 to 3.13)."""
    loop._check_default_executor()
    if loop._default_executor is None:
        loop._default_executor = concurrent.futures.ThreadPoolExecutor(thread_name_prefix="asyncio")
    return loop._default_executor


def _copy_outcome(source, destination):
    """futures._set_state, for a destination nobody cancelled meanwhile."""
    if destination.cancelled():
        return
    if source.exception() is not None:
        destination.set_exception(source.exception())
    else:
        destination.set_result(source.result())


class _ConcurrentFutureAsAsyncioFuture:
    """The executor's concurrent future answering as an asyncio future (asyncio.isfuture): done callbacks
    go to the concurrent future, which runs them on the worker thread that completes it."""

    _asyncio_future_blocking = False

    def __init__(self, inner, loop):
        self._inner = inner
        self._loop = loop

    def get_loop(self):
        return self._loop

    def done(self):
        return self._inner.done()

    def cancelled(self):
        return self._inner.cancelled()

    def cancel(self, msg=None):
        return self._inner.cancel()

    def result(self):
        return self._inner.result(timeout=0)  # never blocks: a pending one raises TimeoutError

    def exception(self):
        return self._inner.exception(timeout=0)

    def add_done_callback(self, callback, *, context=None):
        self._inner.add_done_callback(lambda ignored: callback(self))


class _ExecutorResultOnWorkerThread(asyncio.SelectorEventLoop):
    """run_in_executor returns the executor's own future dressed as an asyncio one, whose done callbacks run
    on the worker thread that completes it, not on the loop's thread (EXEC-1), as a loop that skips
    wrap_future's hand-over does."""

    def run_in_executor(self, executor, func, *args):
        self._check_closed()
        executor = _default_executor_of(self) if executor is None else executor
        return _ConcurrentFutureAsAsyncioFuture(executor.submit(func, *args), self)


class _ExecutorNeverWakesIdleLoop(asyncio.SelectorEventLoop):
    """run_in_executor hands a job's outcome to the loop with call_soon from the worker thread, not
    call_soon_threadsafe (EXEC-1): queued, but a loop blocked in its selector with no timer sleeps on (the
    stall pattern of STALL-1)."""

    def run_in_executor(self, executor, func, *args):
        self._check_closed()
        executor = _default_executor_of(self) if executor is None else executor
        future = self.create_future()
        executor.submit(func, *args).add_done_callback(lambda done: self.call_soon(_copy_outcome, done, future))
        return future


class _IgnoresSetDefaultExecutor(asyncio.SelectorEventLoop):
    """set_default_executor checks the executor's type and then drops it: run_in_executor(None, ...) keeps
    using the pool the loop makes itself (EXEC-2)."""

    def set_default_executor(self, executor):
        if not isinstance(executor, concurrent.futures.ThreadPoolExecutor):
            raise TypeError("executor must be ThreadPoolExecutor instance")


class _ShutdownDefaultExecutorDoesNotWait(asyncio.SelectorEventLoop):
    """shutdown_default_executor shuts the executor down with wait=False and returns while its jobs still run
    (EXEC-3): asyncio.run() then closes the loop under them. (uvloop had no shutdown_default_executor at all
    until MagicStack/uvloop issue 349, so asyncio.run() failed as it ended.)"""

    async def shutdown_default_executor(self, timeout=None):
        self._executor_shutdown_called = True
        if self._default_executor is not None:
            self._default_executor.shutdown(wait=False)


class _ShutdownDefaultExecutorWithoutTimeout(asyncio.SelectorEventLoop):
    """shutdown_default_executor keeps the signature of 3.11, without timeout= (EXEC-4 from 3.12): every
    asyncio.run() of 3.12 raises TypeError as it ends (Runner.close passes the timeout), as Winloop's did
    (Vizonex/Winloop issue 21, "python3.12 fail to close asyncio.Runner"; uvloop added the parameter in
    MagicStack/uvloop pull request 570)."""

    async def shutdown_default_executor(self):
        await super().shutdown_default_executor()


class _RunInExecutorOnClosedLoop(asyncio.SelectorEventLoop):
    """run_in_executor without _check_closed, and a close() written out without CPython's
    _executor_shutdown_called: a closed loop takes the job, makes a new pool for it, and returns a future
    that nobody will complete (EXEC-5)."""

    def run_in_executor(self, executor, func, *args):
        executor = _default_executor_of(self) if executor is None else executor
        return asyncio.wrap_future(executor.submit(func, *args), loop=self)

    def close(self):
        super().close()
        self._executor_shutdown_called = False  # shutdown_default_executor() alone sets it


class _AcceptsAnyDefaultExecutor(asyncio.SelectorEventLoop):
    """set_default_executor takes any executor, as before 3.11 and as uvloop 0.23.0 does (EXEC-7, errata U-10)."""

    def set_default_executor(self, executor):
        self._default_executor = executor


def executor_result_on_worker_thread():
    return _ExecutorResultOnWorkerThread()


def executor_never_wakes_idle_loop():
    return _ExecutorNeverWakesIdleLoop()


def ignores_set_default_executor():
    return _IgnoresSetDefaultExecutor()


def shutdown_default_executor_does_not_wait():
    return _ShutdownDefaultExecutorDoesNotWait()


def shutdown_default_executor_without_timeout():
    return _ShutdownDefaultExecutorWithoutTimeout()


def run_in_executor_on_closed_loop():
    return _RunInExecutorOnClosedLoop()


def accepts_any_default_executor():
    return _AcceptsAnyDefaultExecutor()
