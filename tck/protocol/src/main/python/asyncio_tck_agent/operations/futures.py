"""Futures: creating, completing, cancelling and asking them; done callbacks."""

from ..protocol import KitError, describe_error
from ..session import NOTHING
from .callbacks import Callback
from .contexts import context_argument


class CreateFuture:
    op = "create_future"

    def __init__(self, fields):
        self.future = fields.name("future")

    def perform(self, session):
        session.futures[self.future] = session.loop.create_future()
        return NOTHING


class AddDoneCallback:
    op = "add_done_callback"

    def __init__(self, fields):
        self.future = fields.name("future")
        self.label = fields.name("label")
        self.then = fields.operations("then")
        self.context = fields.name("context", nullable=True)

    def perform(self, session):
        future = session.future(self.future)
        # The same label adds the same callback again, so remove_done_callback can remove every instance.
        callback = session.done_callbacks.setdefault((self.future, self.label), Callback(session, self.label, self.then))
        future.add_done_callback(callback, **context_argument(session, self.context))
        return NOTHING


class SetResult:
    op = "set_result"

    def __init__(self, fields):
        self.future = fields.name("future")
        self.value = fields.raw.get("value")

    def perform(self, session):
        session.future(self.future).set_result(self.value)
        return NOTHING


class SetException:
    op = "set_exception"

    def __init__(self, fields):
        self.future = fields.name("future")

    def perform(self, session):
        session.future(self.future).set_exception(RuntimeError("set by the kit"))
        return NOTHING


class CancelFuture:
    op = "cancel_future"

    def __init__(self, fields):
        self.future = fields.name("future")

    def perform(self, session):
        return session.future(self.future).cancel()


class FutureDone:
    op = "future_done"

    def __init__(self, fields):
        self.future = fields.name("future")

    def perform(self, session):
        return bool(session.future(self.future).done())


class FutureCancelled:
    op = "future_cancelled"

    def __init__(self, fields):
        self.future = fields.name("future")

    def perform(self, session):
        return bool(session.future(self.future).cancelled())


class RemoveDoneCallback:
    op = "remove_done_callback"

    def __init__(self, fields):
        self.future = fields.name("future")
        self.label = fields.name("label")

    def perform(self, session):
        future = session.future(self.future)
        callback = session.done_callbacks.get((self.future, self.label))
        if callback is None:
            raise KitError("no done callback %r was added to future %r" % (self.label, self.future))
        return future.remove_done_callback(callback)


class FutureResult:
    op = "future_result"

    def __init__(self, fields):
        self.future = fields.name("future")

    def perform(self, session):
        return session.future(self.future).result()


class FutureException:
    op = "future_exception"

    def __init__(self, fields):
        self.future = fields.name("future")

    def perform(self, session):
        exception = session.future(self.future).exception()
        return None if exception is None else describe_error(exception)


class SetStopIteration:
    op = "set_stop_iteration"

    def __init__(self, fields):
        self.future = fields.name("future")

    def perform(self, session):
        session.future(self.future).set_exception(StopIteration("set by the kit"))
        return NOTHING

