"""Why the kit's ready-queue and select-timeout scenarios misread qasync (the kit's error, issue 25).

qasync's QEventLoop subclasses asyncio's selector loop, so it has loop._ready (a deque) and
loop._selector.select, and the kit's agent declares both capabilities from that structure. But qasync
schedules every callback on a Qt timer (call_soon is call_later(0)) and waits in
QApplication.exec(), so _ready stays empty and the selector is never polled: the attributes are
inherited and unused. What this prints is structure, not behaviour asyncio promises.

    QT_QPA_PLATFORM=offscreen python qasync_internals.py
"""

import asyncio
import os


def show(loop):
    loop.call_soon(lambda: None)
    queued = len(loop._ready)
    polls = []
    select = loop._selector.select
    loop._selector.select = lambda timeout=None: polls.append(timeout) or select(0)
    loop.call_soon(loop.stop)
    loop.run_forever()
    loop._selector.select = select
    loop.close()
    return "after call_soon, len(loop._ready) is %d; one run polled the selector %d time(s)" % (queued, len(polls))


print("asyncio:", show(asyncio.SelectorEventLoop()))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
import qasync  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

print("qasync:", show(qasync.QEventLoop(QApplication([]))))
