"""STALL-3 on qasync: a plain call_soon() from another thread, then call_soon_threadsafe().

asyncio accepts a plain call_soon() made from another thread while the loop runs (it is not thread-safe:
the callback waits until something wakes the loop), and a call_soon_threadsafe() afterwards wakes the loop,
which then runs both (the documented fix, STALL-3). qasync's call_soon starts a Qt timer, which Qt refuses
to start from another thread ("QObject::startTimer: Timers cannot be started from another thread"), so
the plain callback never runs, even once the loop is woken. Run with QT_QPA_PLATFORM=offscreen.

    QT_QPA_PLATFORM=offscreen python qasync_foreign_call_soon.py
"""

import asyncio
import threading


def show(loop):
    ran = []
    said = []

    def from_another_thread():
        try:
            loop.call_soon(ran.append, "plain")
            said.append("call_soon from another thread accepted")
        except Exception as e:
            said.append("call_soon from another thread raised %s: %s" % (type(e).__name__, str(e).splitlines()[0]))
        loop.call_soon_threadsafe(ran.append, "safe")

    loop.call_later(0.2, lambda: threading.Thread(target=from_another_thread).start())
    loop.call_later(1.5, loop.stop)
    loop.run_forever()
    return "%s; the run ran %s" % (said[0] if said else "the thread did not run", ran)


print("asyncio:", show(asyncio.SelectorEventLoop()))
from PySide6.QtWidgets import QApplication  # noqa: E402
import qasync  # noqa: E402

application = QApplication([])
print("qasync %s:" % getattr(qasync, "__version__", "(from source)"), show(qasync.QEventLoop(application)))
