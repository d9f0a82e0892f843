"""Event loops that misbehave the way real user loops can, for the kit's own tests.

Each factory returns a normal asyncio loop with one operation made fatal. The kit
must turn each misbehaviour into a verdict for the scenarios that touch it and go
on with the rest of the run.
"""
import asyncio
import os
import signal
import time


class _CrashingCreateTask(asyncio.SelectorEventLoop):
    def create_task(self, coro, **kwargs):
        coro.close()
        os.kill(os.getpid(), signal.SIGSEGV)  # what a broken native extension does


class _HangingTimers(asyncio.SelectorEventLoop):
    def call_later(self, delay, callback, *args, context=None):
        while True:  # never answers; the kit's per-operation bound must end it
            time.sleep(1)


def crashing_create_task():
    return _CrashingCreateTask()


def hanging_timers():
    return _HangingTimers()


class _ReportsToItsHandler(asyncio.SelectorEventLoop):
    """Runs every callback, and reports an error to its exception handler in every iteration."""

    def _run_once(self):
        super()._run_once()
        self.call_exception_handler({"message": "spurious report of an iteration",
                                     "exception": RuntimeError("handle ran after it was cancelled")})


def reports_to_its_handler():
    return _ReportsToItsHandler()


class _KeepsCancelledCallbacks(asyncio.SelectorEventLoop):
    """Keeps every callback it was given in a registry of its own, which cancel() does not clear."""

    def __init__(self):
        super().__init__()
        self._every_callback = []

    def call_soon(self, callback, *args, context=None):
        self._every_callback.append(callback)
        return super().call_soon(callback, *args, context=context)


def keeps_cancelled_callbacks():
    return _KeepsCancelledCallbacks()
