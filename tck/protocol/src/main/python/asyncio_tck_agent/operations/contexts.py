"""Context variables (issue 28): the kit's variable, named copies of contexts, and a task of two steps.

The kit's variable is made per session (``Session.context_var``), so a value one scenario sets is never
another's: the thread that performs the kit's operations keeps its context from session to session.
"""

import contextvars

from ..session import NOTHING
from .callbacks import perform_then
from .tasks import start_named_task


def context_argument(session, name):
    """The ``context=`` keyword to pass for the kit's context name: none at all when it is null, so a
    loop is asked for context= only by the scenarios about it."""
    return {} if name is None else {"context": session.context(name)}


class SetContextValue:
    op = "set_context_value"

    def __init__(self, fields):
        self.value = fields.name("value")

    def perform(self, session):
        session.context_var.set(self.value)  # in the current context: a callback's, a task step's, or the kit's
        return NOTHING


class ContextValue:
    op = "context_value"

    def __init__(self, fields):
        self.context = fields.name("context", nullable=True)

    def perform(self, session):
        if self.context is None:
            return session.context_var.get(None)
        return session.context(self.context).get(session.context_var)


class CopyContext:
    op = "copy_context"

    def __init__(self, fields):
        self.context = fields.name("context")

    def perform(self, session):
        session.name_context(self.context, contextvars.copy_context())
        return NOTHING


class HandleContext:
    op = "handle_context"

    def __init__(self, fields):
        self.handle = fields.name("handle")
        self.context = fields.name("context")

    def perform(self, session):
        context = session.handle(self.handle).get_context()  # AttributeError before 3.12, an error outcome
        earlier = session.kit_name_of_context(context)
        session.name_context(self.context, context)
        return earlier


class CreateTwoStepTask:
    op = "create_two_step_task"

    def __init__(self, fields):
        self.task = fields.name("task")
        self.label = fields.name("label")
        self.context = fields.name("context", nullable=True)
        self.then = fields.operations("then")
        self.awaits = fields.name("awaits")
        self.after_await = fields.operations("after_await")

    def perform(self, session):
        awaited = session.future(self.awaits)
        coro = two_step_body(session, self.label, self.then, awaited, self.after_await)
        # create_task takes context= from 3.11: a TypeError on 3.10, an error outcome
        return start_named_task(session, self.task, coro, **context_argument(session, self.context))


async def two_step_body(session, label, then, awaited, after_await):
    session.record(label + ":start")
    perform_then(session, then)  # the task's first step
    try:
        await awaited
        perform_then(session, after_await)  # the step the await resumes
    finally:
        session.record(label + ":end")
    return label
