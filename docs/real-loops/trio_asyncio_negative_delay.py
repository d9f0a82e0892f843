"""TIMER-4 on trio-asyncio: call_later() with a negative delay fails an assertion.

CPython's call_later(delay) is call_at(time() + delay) for any delay; a negative one is a timer that
is already due, and runs in the next iteration. trio-asyncio's call_later starts with
`assert delay >= 0, delay` (trio_asyncio/_base.py), so it raises AssertionError (and schedules
nothing); with `python -O` the assertion is gone. call_at() with a past time is accepted.

    python trio_asyncio_negative_delay.py
"""

import asyncio


def show(loop):
    ran = []
    try:
        loop.call_later(-1, ran.append, "late")
        outcome = "call_later(-1) accepted"
    except AssertionError as e:
        outcome = "call_later(-1) raised AssertionError(%s)" % e
    loop.call_at(loop.time() - 1, ran.append, "at")
    loop.call_soon(loop.stop)
    loop.run_forever()
    loop.close()
    return "%s; the next run ran %s" % (outcome, ran)


print("asyncio:", show(asyncio.SelectorEventLoop()))
import trio_asyncio  # noqa: E402  replaces asyncio.new_event_loop()

print("trio-asyncio %s:" % trio_asyncio.__version__, show(asyncio.new_event_loop()))
