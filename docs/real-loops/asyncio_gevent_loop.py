"""Loop factory for certifying asyncio-gevent's EventLoop with asyncio-tck.

    ./asyncio-tck run --impl python --python .venv-asyncio-gevent/bin/python \
        --loop-factory asyncio_gevent_loop:new_loop --python-path docs/real-loops

asyncio_gevent.EventLoop is asyncio's SelectorEventLoop over gevent's selector whose run_forever()
runs in a spawned greenlet that the caller joins. Its README monkey-patches the process first
(gevent.monkey.patch_all()); the kit's agent is not patched, because patching would also turn the
agent's own threads and pipes into greenlets. `new_loop_patched` is the README's setup, for comparison.
"""


def new_loop():
    import asyncio_gevent  # only when run: nothing of asyncio-gevent or gevent ships with the kit

    _version()
    return asyncio_gevent.EventLoop()


def new_loop_patched():
    import gevent.monkey

    gevent.monkey.patch_all()
    return new_loop()


def _version():
    # The agent names the implementation's version after the factory module's __version__, read after
    # the first loop is made: the installed distribution's version, else "unknown".
    global __version__
    from importlib import metadata

    try:
        __version__ = metadata.version("asyncio-gevent")
    except metadata.PackageNotFoundError:
        __version__ = "unknown"


# No profile: the loop uses asyncio's own Future and Task classes (deferred dispatch, default task factory).
new_loop.asyncio_tck_profiles = []
new_loop_patched.asyncio_tck_profiles = []
