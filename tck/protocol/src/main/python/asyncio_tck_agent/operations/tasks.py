"""Tasks: the ways programs make them, their coroutines, the current task and its internals."""

import asyncio
import asyncio.tasks

from ..protocol import ProtocolError
from ..session import NOTHING
from .callbacks import perform_then
from .fields import NoFields


class CreateTask:
    op = "create_task"
    VIAS = {"task_constructor", "create_task", "asyncio_create_task", "ensure_future", "task_group"}

    def __init__(self, fields):
        self.task = fields.name("task")
        self.label = fields.name("label")
        self.awaits = fields.name("awaits", nullable=True)
        self.via = fields.choice("via", self.VIAS)
        self.eager_start = fields.flag("eager_start")
        if self.eager_start and self.via not in ("task_constructor", "create_task"):
            raise ProtocolError("create_task: eager_start is only for via task_constructor or create_task, not %r"
                                % (self.via,))
        self.then = fields.operations("then")

    def perform(self, session):
        awaited = None if self.awaits is None else session.future(self.awaits)
        coro = task_body(session, self.label, awaited, self.then)
        extra = {"eager_start": True} if self.eager_start else {}
        try:
            if self.via == "create_task":
                task = session.loop.create_task(coro, name=self.task, **extra)
            elif self.via == "asyncio_create_task":
                task = asyncio.create_task(coro, name=self.task)  # RuntimeError when no loop is running
            elif self.via == "ensure_future":
                task = asyncio.ensure_future(coro, loop=session.loop)  # goes through loop.create_task
                task.set_name(self.task)
            elif self.via == "task_group":
                task = session.task_group_here().create_task(coro, name=self.task)
            else:
                task = asyncio.Task(coro, loop=session.loop, name=self.task, **extra)
        except BaseException:
            coro.close()  # never started: close it so Python does not warn "never awaited"
            raise
        session.name_task(self.task, task)
        return NOTHING

    def in_task_group(self):
        return self.via == "task_group"


async def task_body(session, label, awaited, then=()):
    session.record(label + ":start")
    try:
        if any(isinstance(operation, CreateTask) and operation.in_task_group() for operation in then):
            async with asyncio.TaskGroup() as group:  # awaits the group's tasks when the block ends
                with session.task_group_entered(group):
                    perform_then(session, then)
        else:
            perform_then(session, then)
        if awaited is not None:
            await awaited  # the future's exception (or CancelledError) ends the task, after ":end"
    finally:
        session.record(label + ":end")
    return label


class CreateUninitialisedTask:
    op = "create_uninitialised_task"

    def __init__(self, fields):
        self.task = fields.name("task")

    def perform(self, session):
        task_class = asyncio.Task  # the variant's class (Variant.named rebinds it for "py")
        session.name_task(self.task, task_class.__new__(task_class))
        return NOTHING


class TaskOperation:
    def __init__(self, fields):
        self.task = fields.name("task")

    def perform(self, session):
        return self.apply(session, session.task(self.task))


class TaskDone(TaskOperation):
    op = "task_done"

    def apply(self, session, task):
        return bool(task.done())


class TaskName(TaskOperation):
    op = "task_name"

    def apply(self, session, task):
        return task.get_name()


class TaskCoroutine(TaskOperation):
    op = "task_coroutine"

    def apply(self, session, task):
        coro = task.get_coro()
        return None if coro is None else type(coro).__name__


class EnterTask(TaskOperation):
    op = "enter_task"

    def apply(self, session, task):
        asyncio.tasks._enter_task(session.loop, task)
        return NOTHING


class LeaveTask(TaskOperation):
    op = "leave_task"

    def apply(self, session, task):
        asyncio.tasks._leave_task(session.loop, task)
        return NOTHING


class CurrentTask(NoFields):
    op = "current_task"

    def perform(self, session):
        return session.kit_name_of(asyncio.current_task(session.loop))


class SwapCurrentTask:
    op = "swap_current_task"

    def __init__(self, fields):
        self.task = fields.name("task", nullable=True)

    def perform(self, session):
        task = None if self.task is None else session.task(self.task)
        previous = asyncio.tasks._swap_current_task(session.loop, task)
        return session.kit_name_of(previous)


class CancelTask:
    op = "cancel_task"

    def __init__(self, fields):
        self.task = fields.name("task")
        self.msg = fields.name("msg", nullable=True)

    def perform(self, session):
        task = session.task(self.task)
        return task.cancel() if self.msg is None else task.cancel(self.msg)


class CreateScriptedTask:
    op = "create_scripted_task"

    def __init__(self, fields):
        self.task = fields.name("task")
        self.label = fields.name("label")
        self.then = fields.operations("then")
        self.awaits = fields.name("awaits", nullable=True)
        self.catches_cancellation = fields.flag("catches_cancellation")

    def perform(self, session):
        awaited = None if self.awaits is None else session.future(self.awaits)
        coro = scripted_task_body(session, self.label, self.then, awaited, self.catches_cancellation)
        return start_named_task(session, self.task, coro)


def start_named_task(session, name, coro, **create_task_arguments):
    """``loop.create_task(coro, name=name, ...)``, named in the session; a refused coroutine is closed, so it leaves
    no "never awaited" warning."""
    try:
        task = session.loop.create_task(coro, name=name, **create_task_arguments)
    except BaseException:
        coro.close()
        raise
    session.name_task(name, task)
    return NOTHING


async def scripted_task_body(session, label, then, awaited, catches_cancellation):
    session.record(label + ":start")
    perform_then(session, then)  # inside the task's first step
    try:
        if awaited is not None:
            try:
                await awaited
            except asyncio.CancelledError:
                if not catches_cancellation:
                    raise
                session.record(label + ":caught")
                return "caught"
    finally:
        session.record(label + ":end")
    return label

