"""NTODO-2 and NTODO-4 on trio-asyncio (blocked by LIFE-1 in today's kit): one queue of handles, no batches.

asyncio's _run_once runs the handles that were ready when the iteration began (ntodo = len(_ready));
what they schedule waits for the next iteration, and stop() ends the run after the current batch.
trio-asyncio's _main_loop_one (trio_asyncio/_base.py) takes one handle at a time from a trio memory
channel, and stop() queues a callback that ends the run when it is reached. So a callback scheduled by
the stopping batch before stop() runs in the same run, and a run stopped with call_soon(loop.stop)
also runs what the callbacks before the stop scheduled.

    python trio_asyncio_no_batches.py
"""

import asyncio


def show(make_loop):
    said = []
    for order in ("call_soon(c) then stop()", "stop() then call_soon(c)"):
        loop = make_loop()
        log = []

        def a():
            log.append("a")
            if order.startswith("stop"):
                loop.stop()
                loop.call_soon(log.append, "c")
            else:
                loop.call_soon(log.append, "c")
                loop.stop()

        loop.call_soon(a)
        loop.call_soon(log.append, "b")
        loop.run_forever()
        said.append("a does %s: the run ran %s" % (order, log))
        loop.close()
    loop = make_loop()
    log = []
    loop.call_soon(lambda: (log.append("a"), loop.call_soon(log.append, "a2")))
    loop.call_soon(loop.stop)
    loop.run_forever()
    said.append("call_soon(a), call_soon(loop.stop), a schedules a2: the run ran %s" % log)
    loop.close()
    return "\n    ".join(said)


print("asyncio:\n   ", show(asyncio.SelectorEventLoop))
import trio_asyncio  # noqa: E402

print("trio-asyncio %s:\n   " % trio_asyncio.__version__, show(asyncio.new_event_loop))
