"""The default executor (issue 28): the kit's jobs, its recording executors, and shutting the loop's down."""

import asyncio
import concurrent.futures
import warnings

from ..protocol import KitError
from ..session import NOTHING


JOB_RESULT = 42  # what a job that does not raise returns


class RunInExecutor:
    """``loop.run_in_executor(None, job)``, the returned future named ``future``. The job records ``job``
    with whether it runs on the loop's thread, works for ``seconds`` (a sleep on its own thread, cut short
    when the session ends), records ``<job>:end``, then returns 42 or raises RuntimeError("raised by the
    job"). What the loop returns must be an asyncio future (asyncio.isfuture): else a TypeError outcome,
    since the kit cannot wait on anything else without blocking."""

    op = "run_in_executor"

    def __init__(self, fields):
        self.job = fields.name("job")
        self.future = fields.name("future")
        self.seconds = fields.number("seconds") if fields.raw.get("seconds") is not None else 0
        self.raises = fields.flag("raises")

    def perform(self, session):
        future = session.loop.run_in_executor(None, self._job_of(session))
        if not asyncio.isfuture(future):
            raise TypeError("run_in_executor returned %s, not an asyncio future" % type(future).__qualname__)
        session.futures[self.future] = future
        return NOTHING

    def _job_of(self, session):
        label, seconds, raises = self.job, self.seconds, self.raises

        def job():
            session.record(label, "on the loop's thread" if session.owner.is_current() else "off the loop's thread")
            if seconds:
                session.jobs_released.wait(seconds)  # set when the session ends: no job outlives it
            session.record(label + ":end")
            if raises:
                raise RuntimeError("raised by the job")
            return JOB_RESULT
        return job


class OnLoopThread:
    """Whether the calling thread is the loop's own (the one that made and runs it); for a callback's note."""

    op = "on_loop_thread"

    def __init__(self, fields):
        pass

    def perform(self, session):
        return session.owner.is_current()


class RecordingExecutor(concurrent.futures.ThreadPoolExecutor):
    """The kit's executor: a ThreadPoolExecutor that counts the jobs submitted to it."""

    def __init__(self):
        super().__init__(max_workers=2, thread_name_prefix="asyncio-tck-executor")
        self.submissions = 0

    def submit(self, *args, **kwargs):
        self.submissions += 1
        return super().submit(*args, **kwargs)


class NotAThreadPool(concurrent.futures.Executor):
    """An executor that is not a ThreadPoolExecutor (EXEC-7); a loop that accepts it gets a working one."""

    def __init__(self):
        self._pool = RecordingExecutor()
        self.submissions = 0

    def submit(self, fn, /, *args, **kwargs):
        self.submissions += 1
        return self._pool.submit(fn, *args, **kwargs)

    def shutdown(self, wait=True, **kwargs):
        self._pool.shutdown(wait=wait, **kwargs)


class SetDefaultExecutor:
    """``loop.set_default_executor(e)`` with a new executor of the kit's named ``executor``: a
    ThreadPoolExecutor, or with ``not_thread_pool`` an Executor that is none (EXEC-7)."""

    op = "set_default_executor"

    def __init__(self, fields):
        self.executor = fields.name("executor")
        self.not_thread_pool = fields.flag("not_thread_pool")

    def perform(self, session):
        executor = NotAThreadPool() if self.not_thread_pool else RecordingExecutor()
        session.executors[self.executor] = executor  # shut down with the session, whatever the loop did
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # 3.10's warning for not_thread_pool (E-23)
            session.loop.set_default_executor(executor)
        return NOTHING


class ExecutorSubmissions:
    """How many jobs were submitted to the kit's executor named ``executor``."""

    op = "executor_submissions"

    def __init__(self, fields):
        self.executor = fields.name("executor")

    def perform(self, session):
        executor = session.executors.get(self.executor)
        if executor is None:
            raise KitError("no executor named %r in this session" % (self.executor,))
        return executor.submissions


class ShutdownDefaultExecutor:
    """``loop.run_until_complete(loop.shutdown_default_executor())``, with ``timeout=`` when ``timeout`` is
    not null; records ``shutdown_default_executor:returned`` as it returns. Value: the warnings it emitted,
    each "Category: message" (a new run)."""

    op = "shutdown_default_executor"
    RETURNED = "shutdown_default_executor:returned"

    def __init__(self, fields):
        self.timeout = fields.number("timeout") if fields.raw.get("timeout") is not None else None

    def perform(self, session):
        arguments = {} if self.timeout is None else {"timeout": self.timeout}

        def until_complete():
            coro = session.loop.shutdown_default_executor(**arguments)
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                try:
                    session.loop.run_until_complete(coro)
                finally:
                    session.record(self.RETURNED)
            return ["%s: %s" % (w.category.__name__, w.message) for w in caught
                    if issubclass(w.category, RuntimeWarning)]  # what CPython warns with (EXEC-6)

        return session.run(until_complete)
