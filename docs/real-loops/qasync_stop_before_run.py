"""LIFE-1 on qasync: stop() before run_forever() is forgotten, so run_forever() does not return.

asyncio documents that a loop stopped before run_forever() runs one iteration and returns.
qasync's QEventLoop.stop() returns at once when the loop is not running (qasync/__init__.py:
`if not self.__is_running: return`), and run_forever() then runs QApplication.exec() until
something stops it from inside.

    QT_QPA_PLATFORM=offscreen python qasync_stop_before_run.py     # in a venv with qasync and PySide6

Each loop runs in a child process bounded by 5 s, since the loop under test never returns.
"""

import os
import subprocess
import sys

CHILD = r"""
import asyncio, sys
if sys.argv[1] == "qasync":
    import qasync
    from PySide6.QtWidgets import QApplication
    loop = qasync.QEventLoop(QApplication([]))
else:
    loop = asyncio.SelectorEventLoop()
ran = []
loop.call_soon(ran.append, "a")
loop.stop()
loop.run_forever()
print("ran %s, then run_forever() returned" % ran)
"""

env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
for name in ("asyncio", "qasync"):
    try:
        done = subprocess.run([sys.executable, "-c", CHILD, name], capture_output=True, text=True, timeout=5, env=env)
        print("%s: %s" % (name, (done.stdout or done.stderr).strip().splitlines()[-1]))
    except subprocess.TimeoutExpired:
        print("%s: run_forever() after stop() had not returned after 5 s" % name)
