"""Async generators and the loop's hooks for them (AGEN-1 to AGEN-5): sys.set_asyncgen_hooks, the kit's
generators, dropping one as the garbage collector would, loop.shutdown_asyncgens()."""

import asyncio
import gc
import sys

from ..protocol import KitError
from ..session import NOTHING
from .callbacks import perform_then
from .fields import NoFields


def _program_firstiter(agen):
    """The program's own hooks, installed before the loop runs (set_asyncgen_hooks): they do nothing, and
    asyncgen_hooks recognises them by identity."""


def _program_finalizer(agen):
    pass


def _kind_of(hook, program_hook):
    if hook is None:
        return "none"
    if hook is program_hook:
        return "program"
    return "other"


class SetAsyncgenHooks:
    """``sys.set_asyncgen_hooks`` as a program calls it before running the loop: the program's own
    hooks, or none at all."""

    op = "set_asyncgen_hooks"

    def __init__(self, fields):
        self.hooks = fields.choice("hooks", {"program", "none"})

    def perform(self, session):
        if self.hooks == "program":
            sys.set_asyncgen_hooks(firstiter=_program_firstiter, finalizer=_program_finalizer)
        else:
            sys.set_asyncgen_hooks(firstiter=None, finalizer=None)
        return NOTHING


class AsyncgenHooks(NoFields):
    """Which hooks ``sys.get_asyncgen_hooks()`` holds on this thread: "program" (set_asyncgen_hooks'),
    "none", "other" (someone else's: the loop's while it runs), or "mixed: ..." when the two differ."""

    op = "asyncgen_hooks"

    def perform(self, session):
        hooks = sys.get_asyncgen_hooks()
        firstiter = _kind_of(hooks.firstiter, _program_firstiter)
        finalizer = _kind_of(hooks.finalizer, _program_finalizer)
        if firstiter == finalizer:
            return firstiter
        return "mixed: firstiter %s, finalizer %s" % (firstiter, finalizer)


def kit_async_generator(session, label, then, raises_on_close, cancelled_on_close=False):
    """Yields forever; when it is closed its ``finally`` records ``label`` with where it ran ("in a task"
    or "outside a task"), performs ``then``, and raises RuntimeError or CancelledError if told to."""

    async def generator():
        try:
            while True:
                yield label
        finally:
            in_a_task = _running_loop() is not None and asyncio.current_task() is not None
            session.record(label, "in a task" if in_a_task else "outside a task")
            perform_then(session, then)
            if raises_on_close:
                raise RuntimeError("raised while closing")
            if cancelled_on_close:  # raises_on_close first: one error leaves the finally
                raise asyncio.CancelledError("cancelled while closing")  # the closing task ends cancelled

    return generator()


def _running_loop():
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class CreateAsyncGenerator:
    op = "create_async_generator"

    def __init__(self, fields):
        self.generator = fields.name("generator")
        self.label = fields.name("label")
        self.then = fields.operations("then")
        self.raises_on_close = fields.flag("raises_on_close")
        self.cancelled_on_close = fields.flag("cancelled_on_close")

    def perform(self, session):
        if self.generator in session.async_generators:
            raise KitError("an async generator named %r exists already" % (self.generator,))
        session.async_generators[self.generator] = kit_async_generator(
            session, self.label, self.then, self.raises_on_close, self.cancelled_on_close)
        return NOTHING


class AdvanceAsyncGenerator:
    """One step of ``async for``: ``await agen.__anext__()``. The first step is where the interpreter calls
    the firstiter hook and keeps the finalizer hook of the moment. The kit's generator yields without
    awaiting, so the step completes in one send and needs no task."""

    op = "advance_async_generator"

    def __init__(self, fields):
        self.generator = fields.name("generator")

    def perform(self, session):
        step = session.async_generator(self.generator).__anext__()
        try:
            step.send(None)
        except StopIteration:
            return NOTHING
        step.close()
        raise KitError("the kit's async generator %r awaited something" % (self.generator,))


class DropAsyncGenerator:
    """The kit lets go of the generator and collects it, as when a program's last reference goes: the
    interpreter hands an unfinished generator to the finalizer hook kept at its first step."""

    op = "drop_async_generator"

    def __init__(self, fields):
        self.generator = fields.name("generator")

    def perform(self, session):
        session.async_generator(self.generator)  # refuses an unknown name
        del session.async_generators[self.generator]
        gc.collect()
        return NOTHING


class ShutdownAsyncgens(NoFields):
    """``loop.run_until_complete(loop.shutdown_asyncgens())``, as asyncio.run does before closing."""

    op = "shutdown_asyncgens"

    def perform(self, session):
        loop = session.loop
        return session.run(lambda: _none_as_nothing(loop.run_until_complete(loop.shutdown_asyncgens())))


def _none_as_nothing(value):
    return NOTHING if value is None else value
