"""The kit's loop-thread scenarios (STALL-2, STALL-3, one of TIMEOUT-1 and of TIMEOUT-2) on asyncio-gevent.

The kit makes the loop on the agent's main thread and runs run_forever() on a thread of its own,
which asyncio allows. asyncio_gevent.EventLoop takes gevent's selector, made on the main thread and
bound to that thread's hub; run_forever() on another thread spawns its greenlet on that thread's hub,
and the loop then never wakes for its timers or for call_soon_threadsafe (or gevent raises LoopExit).
The rules are about waking a loop from another thread; the kit's scenarios should make the loop on
the thread that runs it.

    python asyncio_gevent_other_thread.py 2>/dev/null
"""

import asyncio
import threading
import time


def show(loop):
    ran = []
    errors = []

    def run():
        try:
            loop.run_forever()
        except BaseException as e:  # gevent's LoopExit is a BaseException subclass on some versions
            errors.append(type(e).__name__)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    time.sleep(0.3)
    loop.call_soon_threadsafe(lambda: (ran.append("safe"), loop.stop()))
    thread.join(3)
    state = "raised " + errors[0] if errors else ("is still blocked after 3 s" if thread.is_alive() else "returned")
    return "a call_soon_threadsafe from the main thread %s; run_forever() on the loop's thread %s" % (
        "ran" if ran else "did not run", state)


print("asyncio:", show(asyncio.SelectorEventLoop()))
import asyncio_gevent  # noqa: E402

print("asyncio-gevent:", show(asyncio_gevent.EventLoop()))
