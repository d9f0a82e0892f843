"""Loop factory for certifying trio-asyncio's compatibility-mode loop with asyncio-tck.

    ./asyncio-tck run --impl python --python .venv-trio-asyncio/bin/python \
        --loop-factory trio_asyncio_loop:new_loop --python-path docs/real-loops

Importing trio_asyncio replaces asyncio.new_event_loop() (trio_asyncio/_loop.py): outside trio.run
it returns a SyncTrioEventLoop, which runs a private trio.run in a greenlet and so can be driven
with plain run_forever()/run_until_complete(), as the kit's Python agent does. The loop a trio
program gets from `async with trio_asyncio.open_loop()` (TrioEventLoop) runs only inside trio.run
and needs an agent of its own (docs/real-loops.md, "An agent for TrioEventLoop").
"""

import asyncio


def new_loop():
    import trio_asyncio  # only when run: nothing of trio-asyncio ships with the kit

    global __version__
    # The agent names the implementation's version after the factory module's __version__, read
    # after the first loop is made.
    __version__ = trio_asyncio.__version__
    loop = asyncio.new_event_loop()  # trio-asyncio's replacement: a SyncTrioEventLoop
    if type(loop).__name__ != "SyncTrioEventLoop":
        raise RuntimeError("expected trio-asyncio's SyncTrioEventLoop from asyncio.new_event_loop(), got %r"
                           % type(loop))
    return loop


# What the factory declares. No profile: trio-asyncio uses asyncio's own Future and Task classes
# (deferred dispatch, the default task factory), so stock asyncio's expectations apply.
new_loop.asyncio_tck_profiles = []
