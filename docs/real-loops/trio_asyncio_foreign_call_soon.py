"""STALL-1 and STALL-3 on trio-asyncio: a plain call_soon() from another thread.

asyncio accepts a plain call_soon() made from another thread while the loop runs (it is not thread-safe:
the callback waits until something wakes the loop), and a call_soon_threadsafe() afterwards wakes the loop,
which then runs both (the documented fix, STALL-3). SyncTrioEventLoop refuses the plain call from another
thread with RuntimeError.

    python trio_asyncio_foreign_call_soon.py
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
    loop.close()
    return "%s; the run ran %s" % (said[0] if said else "the thread did not run", ran)


print("asyncio:", show(asyncio.SelectorEventLoop()))
import trio_asyncio  # noqa: E402

print("trio-asyncio %s:" % trio_asyncio.__version__, show(asyncio.new_event_loop()))
