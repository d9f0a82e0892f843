"""The workloads of LoopBenchmarks.java, timed on a Python event loop, per callback.

    python3 loop_workloads.py [--loop asyncio|uvloop] [--repeat 5] [--json]

Each workload mirrors the JMH benchmark of the same name step for step, and its last callback
stops the loop, so one run is exactly its callbacks:

  chain          one callback per iteration, each scheduling the next with call_soon
  batch          1M call_soon callbacks, then the one iteration that runs them all
  future         1M futures, each with one done callback and then a result
  pastDueTimers  1M timers already due when scheduled (call_at in the past, in deadline order)

Prints nanoseconds per callback, the median of --repeat runs after one warm-up run, as JSON
with --json (what reference-impl/benchmarks/run reads).
"""

import argparse
import asyncio
import json
import platform
import statistics
import sys
import time

BATCH = 1_000_000
CHAIN = 100_000


def chain(loop):
    count = 0

    def step():
        nonlocal count
        count += 1
        if count == CHAIN:
            loop.stop()
        else:
            loop.call_soon(step)

    loop.call_soon(step)
    loop.run_forever()
    return count, CHAIN


def counter(loop, last):
    count = 0

    def callback(*_):
        nonlocal count
        count += 1
        if count == last:
            loop.stop()

    return callback, lambda: count


def batch(loop):
    callback, count = counter(loop, BATCH)
    call_soon = loop.call_soon
    for _ in range(BATCH):
        call_soon(callback)
    loop.run_forever()
    return count(), BATCH


def future(loop):
    callback, count = counter(loop, BATCH)
    create_future = loop.create_future
    for i in range(BATCH):
        f = create_future()
        f.add_done_callback(callback)
        f.set_result(i)
    loop.run_forever()
    return count(), BATCH


def pastDueTimers(loop):
    callback, count = counter(loop, BATCH)
    call_at = loop.call_at
    past = loop.time() - 1.0  # due a second ago, in deadline order
    for i in range(BATCH):
        call_at(past + i * 1e-9, callback)
    loop.run_forever()
    return count(), BATCH


WORKLOADS = {"chain": chain, "batch": batch, "future": future, "pastDueTimers": pastDueTimers}


def new_loop(name):
    if name == "asyncio":
        return asyncio.new_event_loop()
    if name == "uvloop":
        import uvloop
        return uvloop.new_event_loop()
    raise SystemExit(f"unknown --loop {name!r}: asyncio or uvloop")


def time_workload(loop, workload, repeat):
    """Nanoseconds per callback: the median of `repeat` runs, after one warm-up run."""
    runs = []
    for i in range(repeat + 1):
        start = time.perf_counter_ns()
        ran, expected = workload(loop)
        elapsed = time.perf_counter_ns() - start
        if ran != expected:
            raise SystemExit(f"{workload.__name__}: {ran} callbacks ran, expected {expected}")
        if i > 0:
            runs.append(elapsed / expected)
    return statistics.median(runs)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loop", default="asyncio")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("workloads", nargs="*", default=list(WORKLOADS))
    args = parser.parse_args()
    loop = new_loop(args.loop)
    try:
        figures = {name: time_workload(loop, WORKLOADS[name], args.repeat) for name in args.workloads}
    finally:
        loop.close()
    version = platform.python_version()
    if args.loop == "uvloop":
        import uvloop
        label = f"uvloop-{uvloop.__version__}-py{version}"
    else:
        label = f"cpython-{version}"
    if args.json:
        json.dump({"implementation": label, "nsPerCallback": figures}, sys.stdout)
        print()
    else:
        for name, ns in figures.items():
            print(f"{label:24} {name:14} {ns:10.1f} ns per callback")


if __name__ == "__main__":
    main()
