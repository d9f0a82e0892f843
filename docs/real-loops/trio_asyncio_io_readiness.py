"""IO-1 to IO-5 on trio-asyncio: whether a ready reader or writer runs in a run is left to chance.

asyncio's _run_once polls the selector (with timeout 0, since the stop callback is ready) and puts the
callback of every ready reader and writer in the same batch as the stop, so a run of
`call_soon(loop.stop); run_forever()` runs each of them exactly once, every time.
SyncTrioEventLoop watches each descriptor in a trio task of its own (`_io_task` in trio_asyncio/_base.py:
`await wait_readable(fd)`, then `handle._run()`, then again), which races the task that takes the
loop's handles, and with them the stop, from its queue. trio's scheduler reverses each batch of
runnable tasks with probability 1/2 (trio/_core/_run.py, `if _r.random() < 0.5: batch.reverse()`), so
in one run a ready reader runs once, not at all, or more than once, differently from one run to the
next. The kit saw one such draw: "expected exactly [r] to run in iteration 1, observed []".

The program: a socket pair with a byte waiting (readable, never read) and room to write (writable);
a reader and a writer watch one end; each of 10 fresh loops is run twice, as the kit's IO-2 and IO-5
scenarios do, with `call_soon(loop.stop)` then `run_forever()` (stop() before run_forever() is ignored
by SyncTrioEventLoop, LIFE-1). It prints how many of the 20 runs ran the reader, and the writer,
never, once or more. The counts on trio-asyncio change from one execution to the next.

    python trio_asyncio_io_readiness.py       # in a venv with trio-asyncio installed

Bounded: a watchdog thread ends the process after 30 s (it says so) if a run has not returned.
"""

import asyncio
import collections
import os
import socket
import threading

LOOPS, RUNS = 10, 2
BOUND = 30


def watchdog():
    print("a run had not returned after %d s; ending the process" % BOUND, flush=True)
    os._exit(1)


def tally(counts):
    names = {0: "never", 1: "once", 2: "twice"}
    return ", ".join("%s in %d" % (names.get(times, "%d times" % times), n) for times, n in sorted(counts.items()))


def show(make_loop):
    reader, writer = collections.Counter(), collections.Counter()
    for _ in range(LOOPS):
        loop = make_loop()
        watched, other = socket.socketpair()
        other.send(b"x")
        ran = []
        loop.add_reader(watched.fileno(), ran.append, "r")
        loop.add_writer(watched.fileno(), ran.append, "w")
        for _ in range(RUNS):
            ran.clear()
            loop.call_soon(loop.stop)
            loop.run_forever()
            reader[ran.count("r")] += 1
            writer[ran.count("w")] += 1
        loop.remove_reader(watched.fileno())
        loop.remove_writer(watched.fileno())
        loop.close()
        watched.close()
        other.close()
    return "of %d runs of call_soon(loop.stop) then run_forever(), the ready reader ran %s; the ready writer ran %s" % (
        LOOPS * RUNS, tally(reader), tally(writer))


timer = threading.Timer(BOUND, watchdog)
timer.daemon = True
timer.start()
print("asyncio:", show(asyncio.SelectorEventLoop))
import trio_asyncio  # noqa: E402

print("trio-asyncio %s:" % trio_asyncio.__version__, show(asyncio.new_event_loop))
timer.cancel()
