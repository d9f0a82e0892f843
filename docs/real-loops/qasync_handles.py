"""TIMER-1, TIMER-3, IO-1 (timers) and HANDLE-1, HANDLE-4 (call_soon_threadsafe) on qasync.

asyncio documents that call_later() and call_at() return an asyncio.TimerHandle, whose when() is the
callback's deadline, and that call_soon_threadsafe() returns an asyncio.Handle. qasync's call_later
(and call_at and call_soon, which call it) wraps the callback in a plain asyncio.Handle and hands it
to a Qt timer, so when() does not exist; its call_soon_threadsafe emits a Qt signal and returns None,
so that callback cannot be cancelled (qasync/__init__.py).

    QT_QPA_PLATFORM=offscreen python qasync_handles.py
"""

import asyncio
import os


def show(loop):
    timer = loop.call_later(5, lambda: None)
    threadsafe = loop.call_soon_threadsafe(lambda: None)
    when = "when() is time() %+.1f" % (timer.when() - loop.time()) if hasattr(timer, "when") else "no when()"
    timer.cancel()
    loop.close()
    return "call_later(5) returned %s (%s); call_soon_threadsafe() returned %s" % (
        type(timer).__name__, when, type(threadsafe).__name__)


print("asyncio:", show(asyncio.SelectorEventLoop()))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
import qasync  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

print("qasync:", show(qasync.QEventLoop(QApplication([]))))
