"""LIFE-3, LIFE-4 and CLOSED-4 on asyncio-gevent: run_forever() swallows the errors asyncio raises.

asyncio's run_forever() raises RuntimeError when the loop is already running (a nested call from one
of its callbacks) or closed. asyncio_gevent.EventLoop.run_forever() runs asyncio's run_forever in a
spawned greenlet and join()s it (asyncio_gevent/event_loop.py); an exception in a greenlet is printed
by gevent's hub and join() returns None, so the caller sees no error. (run_until_complete keeps
its own checks, so RUN-3 passes.)

    python asyncio_gevent_run_errors.py 2>/dev/null     # gevent prints the swallowed tracebacks on stderr
"""

import asyncio


def show(loop):
    said = []

    def nested():
        try:
            loop.run_forever()
            said.append("a nested run_forever() returned")
        except RuntimeError as e:
            said.append("a nested run_forever() raised RuntimeError(%s)" % e)
        loop.stop()

    loop.call_soon(nested)
    loop.run_forever()
    loop.close()
    try:
        loop.run_forever()
        said.append("run_forever() on the closed loop returned")
    except RuntimeError as e:
        said.append("run_forever() on the closed loop raised RuntimeError(%s)" % e)
    return "; ".join(said)


print("asyncio:", show(asyncio.SelectorEventLoop()))
import asyncio_gevent  # noqa: E402

print("asyncio-gevent:", show(asyncio_gevent.EventLoop()))
