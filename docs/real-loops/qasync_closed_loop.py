"""CLOSED-3 and CLOSED-4 on qasync: a closed loop accepts callbacks, and fails to run with AttributeError.

asyncio's closed loop refuses call_soon, call_later, call_at and call_soon_threadsafe, and
run_forever() and run_until_complete(), with RuntimeError("Event loop is closed"). qasync's
call_later (behind call_soon and call_at) and call_soon_threadsafe do not check the loop; its close()
drops the QApplication (self.__app = None), so run_forever() fails on `None.exec_` (AttributeError) instead.

    QT_QPA_PLATFORM=offscreen python qasync_closed_loop.py
"""

import asyncio
import os


def show(loop):
    loop.close()
    said = []
    for how, call in (("call_soon", lambda: loop.call_soon(print)),
                      ("call_later", lambda: loop.call_later(1, print)),
                      ("call_soon_threadsafe", lambda: loop.call_soon_threadsafe(print)),
                      ("run_forever", loop.run_forever)):
        try:
            call()
            said.append("%s accepted" % how)
        except Exception as e:
            said.append("%s: %s: %s" % (how, type(e).__name__, e))
    return "; ".join(said)


print("asyncio:", show(asyncio.SelectorEventLoop()))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
import qasync  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

print("qasync:", show(qasync.QEventLoop(QApplication([]))))
