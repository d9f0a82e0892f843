"""LIFE-1 on trio-asyncio: stop() before run_forever() is forgotten, so run_forever() does not return.

asyncio documents that a loop stopped before run_forever() runs one iteration and returns
(BaseEventLoop.stop sets _stopping; _run_once sees it). SyncTrioEventLoop.stop() queues its stop
callback only `if self._loop_running` (trio_asyncio/_sync.py), so before a run it does nothing.

    python trio_asyncio_stop_before_run.py       # in a venv with trio-asyncio installed

Each loop runs in a child process bounded by 5 s, since the loop under test never returns.
"""

import subprocess
import sys

CHILD = r"""
import asyncio, sys
if sys.argv[1] == "trio-asyncio":
    import trio_asyncio  # replaces asyncio.new_event_loop(): a SyncTrioEventLoop
    loop = asyncio.new_event_loop()
else:
    loop = asyncio.SelectorEventLoop()
ran = []
loop.call_soon(ran.append, "a")
loop.stop()
loop.run_forever()
print("ran %s, then run_forever() returned" % ran)
"""

for name in ("asyncio", "trio-asyncio"):
    try:
        done = subprocess.run([sys.executable, "-c", CHILD, name], capture_output=True, text=True, timeout=5)
        print("%s: %s" % (name, (done.stdout or done.stderr).strip().splitlines()[-1]))
    except subprocess.TimeoutExpired:
        print("%s: run_forever() after stop() had not returned after 5 s" % name)
