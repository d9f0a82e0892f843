"""What every kit callback does (record its label, perform ``then``), and the operations only ``then`` needs."""

import asyncio

from ..protocol import describe_error
from ..session import NOTHING
from .fields import NoFields


class Callback:
    """The fixed behaviour of every kit callback: record the label, then perform ``then`` in order."""

    def __init__(self, session, label, then):
        self.session = session
        self.label = label
        self.then = then

    def __call__(self, *ignored_args):  # done callbacks receive the future
        self.session.record(self.label)
        perform_then(self.session, self.then)


def perform_then(session, then):
    """Performs a callback's or a task step's ``then`` in order: an operation that fails records
    ``!error`` and the next one goes on; ``raise`` leaves the caller (the loop sees a callback that
    raises, or the task ends with the error)."""
    for operation in then:
        if isinstance(operation, Raise):
            operation.perform(session)  # always raises
        try:
            operation.perform(session)
        except (Exception, asyncio.CancelledError) as e:
            if not isinstance(operation, Note):  # a note has already recorded the error as its value
                session.record("!error", describe_error(e))


class Raise:
    """Raises out of a callback (never recorded as ``!error``); performed directly, an error outcome."""
    op = "raise"

    def __init__(self, fields):
        pass

    def perform(self, session):
        raise RuntimeError("raised by the kit")


class RaiseBaseException(Raise):
    """Raises KeyboardInterrupt or SystemExit; a Raise, so a callback lets it leave (EXC-2)."""
    op = "raise_base_exception"
    ERRORS = {"KeyboardInterrupt": KeyboardInterrupt, "SystemExit": SystemExit}

    def __init__(self, fields):
        self.error = self.ERRORS[fields.choice("error_type", set(self.ERRORS))]

    def perform(self, session):
        raise self.error("raised by the kit")


class Note:
    op = "note"

    def __init__(self, fields):
        self.name = fields.name("name")
        self.of = fields.operation("of")

    def perform(self, session):
        try:
            value = self.of.perform(session)
        except (Exception, asyncio.CancelledError) as e:
            session.record(self.name, describe_error(e))
            raise
        session.record(self.name, None if value is NOTHING else value)
        return value


class Recorded(NoFields):
    op = "recorded"

    def perform(self, session):
        return session.recorded()

