"""trio-asyncio's TrioEventLoop (inside trio.run): stop() before a run is dropped, and stop() works once per loop.

What an agent for TrioEventLoop would meet (docs/real-loops.md, "An agent for TrioEventLoop").
TrioEventLoop.stop() (trio_asyncio/_async.py) on a loop that is not running only sets its waiter and
queues nothing, as SyncTrioEventLoop's does (LIFE-1); and without a waiter argument it returns the
waiter of the first call (self._stop_wait) and queues nothing more. Inside open_loop() the loop is
running, so a program (or agent) that wants it open and not running, as a fresh asyncio loop is, spends
that one stop(); no later run is ever stopped by stop() (LIFE-2: "the loop can be run again"). A stopped TrioEventLoop has no public way to run again;
this uses BaseTrioEventLoop._main_loop, the coroutine open_loop() starts. asyncio's loop, run with
run_forever(), does both.

    python trio_asyncio_open_loop_stop.py

Each case runs in a child process bounded by 5 s, since the run under test never returns.
"""

import subprocess
import sys

CHILD = r"""
import asyncio, sys
case = sys.argv[2]
if sys.argv[1] == "asyncio":
    loop = asyncio.SelectorEventLoop()
    def run():
        loop.run_forever()
    if case == "stop-before-run":
        loop.stop(); run()
    else:
        loop.call_soon(loop.stop); run()  # the one stop() trio-asyncio's setup below spends
        for i in range(2):
            loop.call_soon(loop.stop); run(); print("run %d returned" % (i + 1), flush=True)
    print("returned")
else:
    import trio, trio_asyncio
    async def main():
        async with trio_asyncio.open_loop() as loop:
            loop.stop()
            await loop.wait_stopped()  # now open and not running, as a fresh asyncio loop
            async def run():
                async with trio.open_nursery() as nursery:
                    await nursery.start(loop._main_loop)
                    await loop.wait_stopped()
            if case == "stop-before-run":
                loop.stop(); await run()
            else:
                for i in range(2):
                    loop.call_soon(loop.stop); await run(); print("run %d returned" % (i + 1), flush=True)
            print("returned")
    trio.run(main)
"""

CASES = (("stop-before-run", "stop() then a run"), ("twice", "after one stop(), two runs, each stopped by call_soon(loop.stop)"))
for name in ("asyncio", "trio-asyncio TrioEventLoop"):
    for case, what in CASES:
        try:
            done = subprocess.run([sys.executable, "-c", CHILD, name.split()[0], case], capture_output=True,
                                  text=True, timeout=5)
            lines = (done.stdout or done.stderr).strip().splitlines()
            print("%s: %s: %s" % (name, what, lines[-1] if lines else "no output"))
        except subprocess.TimeoutExpired as e:
            out = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
            before = " (after %s)" % ", ".join(out.split("\n")[:-1]) if out.strip() else ""
            print("%s: %s: had not returned after 5 s%s" % (name, what, before))
