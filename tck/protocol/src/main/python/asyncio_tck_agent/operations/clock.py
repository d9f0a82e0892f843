"""The loop's clock (issue 28): a callback that computes for a while, and a task that sleeps."""

import asyncio
import time

from ..session import NOTHING
from .callbacks import perform_then
from .tasks import start_named_task


class Spend:
    """Computes for ``seconds`` without giving control back to the loop (CLOCK-1).

    A busy wait on time.monotonic(), the clock CPython's loop.time() reads, never a sleep: the
    callback holds the loop's thread as a callback that does work does, so the loop cannot run
    anything meanwhile. Bounded by ``seconds`` itself, which the kit keeps small."""

    op = "spend"

    def __init__(self, fields):
        self.seconds = fields.number("seconds")

    def perform(self, session):
        end = time.monotonic() + self.seconds
        while time.monotonic() < end:
            pass
        return NOTHING


class CreateSleepingTask:
    """A task whose coroutine awaits asyncio.sleep(delay), then performs ``then`` (TIMER-3, CLOCK-2)."""

    op = "create_sleeping_task"

    def __init__(self, fields):
        self.task = fields.name("task")
        self.delay = fields.number("delay")
        self.then = fields.operations("then")

    def perform(self, session):
        return start_named_task(session, self.task, sleeping_task_body(session, self.delay, self.then))


async def sleeping_task_body(session, delay, then):
    await asyncio.sleep(delay)
    perform_then(session, then)  # in the step that the sleep's timer resumed
