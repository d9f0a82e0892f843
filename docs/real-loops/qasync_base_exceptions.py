"""EXC-2 on qasync: a KeyboardInterrupt or SystemExit raised by a callback does not leave run_forever().

asyncio's Handle._run lets KeyboardInterrupt and SystemExit through (bpo-32528), so they leave
run_forever() and the program can handle them; the exception handler is not called. qasync runs each
callback from a Qt timer (`_SimpleTimer.timerEvent` calls `handle._run()`), a Python override called by
Qt, and an exception cannot cross Qt's C++ frames: PySide6 prints a KeyboardInterrupt ("Error calling
Python override of QObject::timerEvent()") and the run goes on, so run_forever() returns as if nothing
happened; a SystemExit it handles as the interpreter does at top level, ending the process inside
run_forever(), with no way for the program to catch it or clean up.

The program: call_soon(boom), call_soon(after), call_soon(loop.stop), run_forever(), where boom raises.

    QT_QPA_PLATFORM=offscreen python qasync_base_exceptions.py     # in a venv with qasync and PySide6

Each case runs in a child process (a SystemExit may end it) bounded by 10 s.
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
error = {"KeyboardInterrupt": KeyboardInterrupt, "SystemExit": SystemExit}[sys.argv[2]]
ran, reported = [], []
loop.set_exception_handler(lambda loop, context: reported.append(context))

def boom():
    raise error("raised by a callback")

loop.call_soon(boom)
loop.call_soon(ran.append, "after")
loop.call_soon(loop.stop)
try:
    loop.run_forever()
    left = "run_forever() returned"
except BaseException as e:
    left = "run_forever() raised %s" % type(e).__name__
print("%s (the callbacks after it ran %s, the exception handler was called %d times)" % (left, ran, len(reported)),
      flush=True)
"""

env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
for name in ("asyncio", "qasync"):
    said = []
    for error in ("KeyboardInterrupt", "SystemExit"):
        try:
            done = subprocess.run([sys.executable, "-c", CHILD, name, error], capture_output=True, text=True,
                                  timeout=10, env=env)
        except subprocess.TimeoutExpired:
            said.append("%s: run_forever() had not returned after 10 s" % error)
            continue
        if done.stdout.strip():
            what = done.stdout.strip().splitlines()[-1]
            printed = [line for line in done.stderr.splitlines() if line.startswith("Error calling")]
            if printed:
                what += "; PySide6 printed %r" % printed[0].split(": Traceback")[0]
        else:
            what = "the process ended inside run_forever() with exit code %d, printing %r" % (
                done.returncode, done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "")
        said.append("%s: %s" % (error, what))
    print("%s: %s" % (name, "; ".join(said)))
