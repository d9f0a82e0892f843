"""Scheduling callbacks (call_soon, call_later, ...) and looking at their handles."""

import gc
import weakref

from ..session import NOTHING
from .callbacks import Callback
from .contexts import context_argument
from .fields import NoFields


class CallSoon:
    op = "call_soon"

    def __init__(self, fields):
        self.label = fields.name("label")
        self.then = fields.operations("then")
        self.handle = fields.name("handle", nullable=True)
        self.context = fields.name("context", nullable=True)

    def schedule(self, loop, callback, context):
        return loop.call_soon(callback, **context)

    def perform(self, session):
        callback = Callback(session, self.label, self.then)
        handle = self.schedule(session.loop, callback, context_argument(session, self.context))
        if self.handle is not None:
            session.handles[self.handle] = handle
            # Only the loop holds the callback; this weak reference lets callback_freed see it go.
            session.callbacks[self.handle] = weakref.ref(callback)
        return NOTHING


class CallSoonThreadsafe(CallSoon):
    op = "call_soon_threadsafe"

    def schedule(self, loop, callback, context):
        return loop.call_soon_threadsafe(callback, **context)


class CallLater(CallSoon):
    op = "call_later"

    def __init__(self, fields):
        super().__init__(fields)
        self.delay = fields.number("delay")

    def schedule(self, loop, callback, context):
        return loop.call_later(self.delay, callback, **context)


class CallAt(CallLater):
    op = "call_at"

    def schedule(self, loop, callback, context):
        return loop.call_at(loop.time() + self.delay, callback, **context)


class HandleOperation:
    """An operation on one named handle; subclasses say what."""

    def __init__(self, fields):
        self.handle = fields.name("handle")

    def perform(self, session):
        return self.apply(session, session.handle(self.handle))


class CancelHandle(HandleOperation):
    op = "cancel_handle"

    def apply(self, session, handle):
        handle.cancel()
        return NOTHING


class HandleCancelled(HandleOperation):
    op = "handle_cancelled"

    def apply(self, session, handle):
        return bool(handle.cancelled())


class HandleHoldsCallback(HandleOperation):
    op = "handle_holds_callback"

    def apply(self, session, handle):
        return handle._callback is not None


class CallbackFreed(HandleOperation):
    op = "callback_freed"

    def apply(self, session, handle):
        gc.collect()
        return session.callbacks[self.handle]() is None


class RemoveFromReadyQueue(HandleOperation):
    op = "remove_from_ready_queue"

    def apply(self, session, handle):
        try:
            session.loop._ready.remove(handle)
        except ValueError:
            return False
        return True


class HandleWhen(HandleOperation):
    op = "handle_when"

    def apply(self, session, handle):
        return handle.when()


class LoopTime(NoFields):
    op = "loop_time"

    def perform(self, session):
        return session.loop.time()

