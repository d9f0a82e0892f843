"""HANDLE-1 and HANDLE-4 on trio-asyncio: call_soon_threadsafe() returns None, not a Handle.

asyncio documents that call_soon_threadsafe() returns an asyncio.Handle that can cancel the callback.
trio-asyncio's call_soon_threadsafe (trio_asyncio/_base.py) makes a Handle and sends it to the loop,
but returns nothing, so the callback cannot be cancelled.

    python trio_asyncio_threadsafe_handle.py
"""

import asyncio


def show(loop):
    handle = loop.call_soon_threadsafe(lambda: None)
    loop.close()
    return "call_soon_threadsafe() returned %s" % type(handle).__name__


print("asyncio:", show(asyncio.SelectorEventLoop()))
import trio_asyncio  # noqa: E402

print("trio-asyncio %s:" % trio_asyncio.__version__, show(asyncio.new_event_loop()))
