"""CLOSED-3 on trio-asyncio: a closed loop refuses timers with "This loop is closed.".

asyncio's BaseEventLoop._check_closed raises RuntimeError("Event loop is closed"), the text CLOSED-3
names (programs and libraries match it). trio-asyncio's call_later and call_at read the loop's clock
first, and its time() on a closed loop raises RuntimeError("This loop is closed.")
(trio_asyncio/_base.py, BaseTrioEventLoop.time); call_soon keeps asyncio's text.

    python trio_asyncio_closed_message.py
"""

import asyncio


def show(loop):
    loop.close()
    said = []
    for how, call in (("call_soon", lambda: loop.call_soon(print)),
                      ("call_later", lambda: loop.call_later(1, print)),
                      ("call_at", lambda: loop.call_at(loop.time() + 1, print))):
        try:
            call()
            said.append("%s accepted" % how)
        except RuntimeError as e:
            said.append("%s: %s" % (how, e))
    return "; ".join(said)


print("asyncio:", show(asyncio.SelectorEventLoop()))
import trio_asyncio  # noqa: E402

print("trio-asyncio %s:" % trio_asyncio.__version__, show(asyncio.new_event_loop()))
