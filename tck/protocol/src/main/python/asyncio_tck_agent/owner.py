"""The thread that owns the sessions' loops: it makes each loop and runs it, as a program does.

asyncio does not promise that a loop made on one thread may run on another (a Qt-based loop binds to the
thread that made it, and Qt wants that to be the main thread, where its application was made; gevent's
hub is per thread). So the agent's main thread makes every session's loop and performs every operation
the kit does not send "from another thread", and the conversation (reading requests, writing replies)
runs on a thread of its own; while the main thread runs the loop (``start_loop_thread``), the
conversation's thread performs the kit's operations, from a thread that is not the loop's
(docs/protocol.md, "The loop on its own thread").
"""

import queue
import threading

# How often a caller waiting for the owner checks that the owner is still alive. Not a bound: the bound of
# a job is the kit's per-operation bound (docs/threads-and-time.md), after which the kit kills the agent.
_LIVENESS_CHECK_SECONDS = 1.0


class OwnerGone(RuntimeError):
    """The owner thread ended (or was never there) while a job was waiting for it."""


class Job:
    """One call the owner performs; the caller waits for it with ``result`` (or watches ``done``)."""

    def __init__(self, call):
        self._call = call
        self._done = threading.Event()
        self._value = None
        self._error = None  # any BaseException the call raised, re-raised on the caller's thread

    def run(self):
        try:
            self._value = self._call()
        except BaseException as e:  # handed to the caller, whatever it is (KeyboardInterrupt from EXC-2 too)
            self._error = e
        finally:
            self._done.set()

    def done(self):
        return self._done.is_set()

    def wait(self, seconds):
        return self._done.wait(seconds)

    def result(self, owner):
        """The call's value (or its exception), once done; raises OwnerGone if the owner ends first."""
        while not self._done.wait(_LIVENESS_CHECK_SECONDS):
            if not owner.is_alive():
                raise OwnerGone("the thread that owns the loop ended before it performed the operation")
        if self._error is not None:
            raise self._error
        return self._value


class OwnerThread:
    """The thread that calls ``serve`` (the agent's main thread): it performs the jobs other threads hand
    it, one at a time and in order, until ``finish``; every session shares it."""

    _END = object()

    def __init__(self):
        self._jobs = queue.SimpleQueue()
        self._thread = threading.current_thread()
        self._serving = True  # False once serve returned: a job handed over then would never run

    def serve(self):
        """Performs jobs until ``finish``."""
        try:
            while True:
                job = self._jobs.get()
                if job is self._END:
                    return
                job.run()
        finally:
            self._serving = False

    def finish(self):
        """Ends ``serve`` once the jobs queued before are done."""
        self._jobs.put(self._END)

    def is_alive(self):
        return self._serving and self._thread.is_alive()

    def is_current(self):
        return threading.current_thread() is self._thread

    def submit(self, call):
        """Queues ``call`` for the owner and returns its Job at once."""
        if not self.is_alive():
            raise OwnerGone("the thread that owns the loop has ended")
        job = Job(call)
        self._jobs.put(job)
        return job

    def call(self, call):
        """``call()`` performed on the owner thread; what it returned, or what it raised."""
        if self.is_current():
            return call()
        return self.submit(call).result(self)
