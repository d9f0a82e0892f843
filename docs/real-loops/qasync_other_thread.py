"""The kit's loop-thread scenarios (STALL-1..3, one of TIMEOUT-1 and of TIMEOUT-2) on qasync.

The kit makes the loop on the agent's main thread and runs run_forever() on a thread of its own,
which asyncio allows. qasync's run_forever() is QApplication.exec(), which Qt runs only on the thread
that made the QApplication: on another thread it returns at once (Qt prints a warning). The rules are
about waking a loop from another thread; the kit's scenarios should run the loop where it can run.

    QT_QPA_PLATFORM=offscreen python qasync_other_thread.py
"""

import asyncio
import os
import threading


def show(loop):
    ran = []

    def run():
        loop.call_later(0.5, lambda: (ran.append("timer"), loop.stop()))
        loop.run_forever()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(5)
    return "run_forever() on another thread %s; the timer due after 0.5 s %s" % (
        "had not returned after 5 s" if thread.is_alive() else "returned", "ran" if ran else "did not run")


print("asyncio:", show(asyncio.SelectorEventLoop()))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
import qasync  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

print("qasync:", show(qasync.QEventLoop(QApplication([]))))
