"""EXC-3 on qasync: get_exception_handler() does not answer the handler that was set.

asyncio's get_exception_handler() returns what set_exception_handler() installed. qasync overrides
set_exception_handler() to store the handler in a private attribute of its own
(self.__exception_handler, qasync/__init__.py) and inherits get_exception_handler(), which reads
asyncio's _exception_handler: it stays None. The handler is still called for errors.

    QT_QPA_PLATFORM=offscreen python qasync_exception_handler.py
"""

import asyncio
import os


def handler(loop, context):
    pass


def show(loop):
    loop.set_exception_handler(handler)
    answer = loop.get_exception_handler()
    loop.close()
    return "after set_exception_handler(handler), get_exception_handler() is %s" % (
        "handler" if answer is handler else repr(answer))


print("asyncio:", show(asyncio.SelectorEventLoop()))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
import qasync  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

print("qasync:", show(qasync.QEventLoop(QApplication([]))))
