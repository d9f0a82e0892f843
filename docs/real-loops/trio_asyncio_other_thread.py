"""The kit's loop-thread scenarios (STALL-1..3, one of TIMEOUT-1 and of TIMEOUT-2) on trio-asyncio.

The kit makes the loop on the agent's main thread and runs run_forever() on a thread of its own.
asyncio allows that (a loop belongs to the thread that runs it). SyncTrioEventLoop starts its trio
run in a greenlet when it is made (trio_asyncio/_sync.py), and a greenlet cannot be switched to from
another thread, so run_forever() there raises greenlet.error. The rules are about waking a loop from
another thread, which this does not reach: the kit's scenarios should make the loop on its thread.

    python trio_asyncio_other_thread.py
"""

import asyncio
import threading


def show(loop):
    said = []

    def run():
        try:
            loop.call_soon(loop.stop)
            loop.run_forever()
            said.append("run_forever() on another thread ran and returned")
        except Exception as e:
            said.append("run_forever() on another thread raised %s: %s" % (type(e).__name__, str(e).splitlines()[0]))

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(5)
    return said[0] if said else "run_forever() on another thread had not returned after 5 s"


print("asyncio:", show(asyncio.SelectorEventLoop()))
import trio_asyncio  # noqa: E402

print("trio-asyncio %s:" % trio_asyncio.__version__, show(asyncio.new_event_loop()))
