"""Loops for the kit's tests of declared profiles (docs/profiles.md).

Each factory returns a loop with one deviation from stock asyncio. Undeclared, the
deviation must fail the rule it breaks; declared (where it is a legitimate design), the
rules of the declared profile apply instead. Nothing about them is detected: the kit
only knows what a factory declares in its ``asyncio_tck_profiles`` attribute.
"""
import asyncio
import asyncio.futures


class _SynchronousFuture(asyncio.futures._PyFuture):
    """Calls its done callbacks inside set_result/set_exception/cancel, as some native futures do."""

    def __init__(self, *, loop, synchronous_on=("result", "exception", "cancel")):
        super().__init__(loop=loop)
        self._synchronous_on = synchronous_on
        self._completing = None

    def set_result(self, result):
        self._completing = "result"
        super().set_result(result)

    def set_exception(self, exception):
        self._completing = "exception"
        super().set_exception(exception)

    def cancel(self, msg=None):
        self._completing = "cancel"
        return super().cancel(msg)

    def _Future__schedule_callbacks(self):  # name-mangled Future.__schedule_callbacks
        if self._completing not in self._synchronous_on:
            return super()._Future__schedule_callbacks()
        callbacks = self._callbacks[:]
        self._callbacks[:] = []
        for callback, context in callbacks:
            context.run(callback, self)

    def add_done_callback(self, fn, *, context=None):
        if self.done() and "result" in self._synchronous_on:
            import contextvars
            (context or contextvars.copy_context()).run(fn, self)
            return
        super().add_done_callback(fn, context=context)


class _SynchronousFutureLoop(asyncio.SelectorEventLoop):
    synchronous_on = ("result", "exception", "cancel")

    def create_future(self):
        return _SynchronousFuture(loop=self, synchronous_on=self.synchronous_on)


class _SynchronousOnExceptionAndCancelLoop(_SynchronousFutureLoop):
    synchronous_on = ("exception", "cancel")


class _SelectIgnoresReadyLoop(asyncio.SelectorEventLoop):
    """Blocks in select with callbacks ready (its timeout ignores the ready queue): every run hangs."""

    def _run_once(self):
        if not self._scheduled:
            self._process_events(self._selector.select(None))
        super()._run_once()


class _DrainsOneShortLoop(asyncio.SelectorEventLoop):
    """Runs one handle fewer than were ready: the last one of each batch waits an iteration."""

    def _run_once(self):
        held = self._ready.pop() if self._ready else None
        try:
            super()._run_once()
        finally:
            if held is not None:
                self._ready.appendleft(held)


def synchronous_futures():
    return _SynchronousFutureLoop()


def declared_synchronous_futures():
    return _SynchronousFutureLoop()


declared_synchronous_futures.asyncio_tck_profiles = ["synchronous-dispatch"]


def synchronous_on_exception_and_cancel():
    return _SynchronousOnExceptionAndCancelLoop()


def select_ignores_ready():
    return _SelectIgnoresReadyLoop()


def drains_one_short():
    return _DrainsOneShortLoop()


def eager_task_factory():
    loop = asyncio.new_event_loop()
    loop.set_task_factory(asyncio.eager_task_factory)
    return loop


def declared_eager_task_factory():
    return eager_task_factory()


declared_eager_task_factory.asyncio_tck_profiles = "eager-task-factory"


def debug_mode():
    loop = asyncio.new_event_loop()
    loop.set_debug(True)
    return loop


def declared_debug_mode():
    return debug_mode()


declared_debug_mode.asyncio_tck_profiles = ["debug-mode"]


def unknown_profile():
    return asyncio.new_event_loop()


unknown_profile.asyncio_tck_profiles = ["made-up"]


def nest_asyncio_undeclared():
    """asyncio's loop made reentrant by nest_asyncio, declaring nothing: judged as stock asyncio."""
    import nest_asyncio  # in the venv .ci/run makes; the test that uses this skips without it

    loop = asyncio.new_event_loop()
    nest_asyncio.apply(loop)
    return loop
