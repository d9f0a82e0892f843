"""asyncio.Runner and asyncio.run given the loop under test's factory (RUNNER-2): a main coroutine that
leaves a task, a live async generator and a default executor behind, and the order in which the
runner's cleanup reaches them.

CPython Lib/asyncio/runners.py, Runner.close: _cancel_all_tasks(loop), then
loop.run_until_complete(loop.shutdown_asyncgens()), then
loop.run_until_complete(loop.shutdown_default_executor(...)) (timeout= from 3.12), then loop.close().
"""

import asyncio
import concurrent.futures
import inspect
import signal
import threading

# How long main waits for the runner to cancel it after it raised SIGINT, and the left task for the
# runner's cleanup to cancel it: both happen at once, so this only bounds a loop that never gets there
# (main answers "not interrupted", the left task records "task not cancelled"), well within the kit's
# bound on one operation.
_WAIT_BOUND_SECONDS = 3.0


class RunUnderRunner:
    """Makes the program, runs it with ``asyncio.Runner(loop_factory=...)`` (``entry`` "runner", 3.11+) or
    ``asyncio.run(main, loop_factory=...)`` ("asyncio_run", 3.12+), given the factory of the loop under
    test, and records the events of its ending (docs/protocol.md, ``run_under_runner``)."""

    op = "run_under_runner"
    ENDINGS = {"returns", "raises", "raises_keyboard_interrupt", "interrupted"}

    def __init__(self, fields):
        self.entry = fields.choice("entry", {"runner", "asyncio_run"})
        self.main = fields.choice("main", self.ENDINGS)

    def perform(self, session):
        run = self._entry_point()  # refused before anything is made: an error outcome at this API level
        program = _Program(session, self.main)
        try:
            with _PythonsOwnSigintHandler():
                return run(program.main(), session.make_loop)
        finally:
            program.record_whether_closed()

    def _entry_point(self):
        if self.entry == "runner":
            runner_class = asyncio.Runner  # AttributeError before 3.11
            return lambda main, factory: _run_with_runner(runner_class, main, factory)
        if "loop_factory" not in inspect.signature(asyncio.run).parameters:
            raise TypeError("run() got an unexpected keyword argument 'loop_factory'")  # before 3.12
        return lambda main, factory: asyncio.run(main, loop_factory=factory)


class _PythonsOwnSigintHandler:
    """SIGINT handled as in a program started from a terminal (signal.default_int_handler), for the run:
    the runner installs its own handler only over that one, and an agent started in the background
    inherits SIGINT ignored (a shell's asynchronous commands do), which would leave Ctrl-C unseen."""

    def __enter__(self):
        # signal.signal works on the main thread only, where the agent performs runs; elsewhere (a loop on
        # its own thread) the runner installs no handler either, so nothing is changed.
        self.previous = None
        if threading.current_thread() is threading.main_thread():
            self.previous = signal.signal(signal.SIGINT, signal.default_int_handler)
        return self

    def __exit__(self, *exc_info):
        if self.previous is not None:
            signal.signal(signal.SIGINT, self.previous)
        return False


def _run_with_runner(runner_class, main, factory):
    with runner_class(loop_factory=factory) as runner:
        return runner.run(main)


class _Program:
    """main and what it leaves behind; each records its event with whether the loop was closed then."""

    def __init__(self, session, ending):
        self.session = session
        self.ending = ending
        self.loop = None  # the runner's loop, once main runs in it
        self.left_task = None
        self.generator = None  # kept alive here, so only shutdown_asyncgens can close it

    def record(self, event):
        closed = self.loop is not None and self.loop.is_closed()
        self.session.record(event, "loop closed" if closed else "loop open")

    def record_whether_closed(self):
        if self.loop is not None and self.loop.is_closed():
            self.session.record("loop closed")

    async def main(self):
        loop = self.loop = asyncio.get_running_loop()
        loop.set_default_executor(_RecordingExecutor(self, max_workers=1))
        self.left_task = loop.create_task(self._left_task())
        self.generator = self._generator()
        await self.generator.__anext__()
        await asyncio.sleep(0)  # the left task's first step: it now awaits its long sleep
        if self.ending == "interrupted":
            return await self._interrupted()
        self.record("main")
        if self.ending == "raises":
            raise RuntimeError("raised by main")
        if self.ending == "raises_keyboard_interrupt":
            raise KeyboardInterrupt("raised by main")
        return "main"

    async def _interrupted(self):
        # Ctrl-C as the runner sees it: SIGINT on the main thread, where the agent performs runs; from
        # 3.11 the runner's handler cancels main, and Runner.run raises KeyboardInterrupt once it ended.
        signal.raise_signal(signal.SIGINT)
        try:
            await asyncio.sleep(_WAIT_BOUND_SECONDS)
        except asyncio.CancelledError:
            # By the runner's SIGINT handler, the left task untouched; or only by the runner's cleanup,
            # which cancels every task at once, when the interrupt reached main some other way.
            self.record("main cancelled" if self.left_task.cancelling() == 0 else "main cancelled in the cleanup")
            raise
        return "not interrupted"

    async def _left_task(self):
        try:
            await asyncio.sleep(_WAIT_BOUND_SECONDS)
        except asyncio.CancelledError:
            self.record("task cancelled")
            raise
        self.record("task not cancelled")

    async def _generator(self):
        try:
            while True:
                yield
        finally:
            self.record("generator closed")


class _RecordingExecutor(concurrent.futures.ThreadPoolExecutor):
    """The default executor main sets; a shutdown that waits records once it has (shutdown_default_executor
    calls it so, from a thread of its own); loop.close()'s shutdown(wait=False) records nothing."""

    def __init__(self, program, **kwargs):
        super().__init__(**kwargs)
        self.program = program

    def shutdown(self, wait=True, **kwargs):
        super().shutdown(wait=wait, **kwargs)
        if wait:
            self.program.record("executor shut down")
