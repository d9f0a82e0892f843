"""The loop's exception handler: what it was given, which one is set, calling it."""

from ..session import NOTHING
from .fields import NoFields


class ReportedErrors(NoFields):
    op = "reported_errors"

    def perform(self, session):
        return session.reported_errors()


class ReportedContexts(NoFields):
    op = "reported_contexts"

    def perform(self, session):
        return session.reported_contexts()


def _raising_handler(loop, context):
    raise RuntimeError("raised by the handler")


class SetExceptionHandler:
    op = "set_exception_handler"

    def __init__(self, fields):
        self.handler = fields.choice("handler", {"recording", "default", "raising"})

    def perform(self, session):
        handler = {"recording": session._record_reported_error, "default": None,
                   "raising": _raising_handler}[self.handler]
        session.loop.set_exception_handler(handler)
        return NOTHING


class GetExceptionHandler(NoFields):
    op = "get_exception_handler"

    def perform(self, session):
        handler = session.loop.get_exception_handler()
        if handler is None:
            return None
        if handler == session._record_reported_error:
            return "recording"
        if handler is _raising_handler:
            return "raising"
        return "other"


class CallExceptionHandler:
    op = "call_exception_handler"

    def __init__(self, fields):
        self.message = fields.name("message")

    def perform(self, session):
        session.loop.call_exception_handler({"message": self.message, "exception": RuntimeError(self.message)})
        return NOTHING

