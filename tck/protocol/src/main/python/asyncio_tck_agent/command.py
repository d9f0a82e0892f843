"""The command line: options, the protocol channel kept apart from stdout, and the exit status."""

import argparse
import os
import platform
import sys
import threading

from .conversation import Agent
from .loading import REENTRANT_LOOPS, load_loop_source
from .owner import OwnerThread
from .protocol import EXIT_LOOP_UNAVAILABLE, describe_error, diagnose
from .variants import Variant


def take_protocol_channel():
    """Keeps the real stdout for protocol lines only; everything else that writes to stdout
    (print, or C code writing to file descriptor 1) lands on stderr instead."""
    protocol_fd = os.dup(1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return open(protocol_fd, "w", encoding="utf-8", newline="\n")


# The loops --loop names without MODULE:CALLABLE (loading.py, load_loop_source).
NAMED_LOOPS = ("asyncio", "uvloop") + REENTRANT_LOOPS


def parse_arguments(argv):
    parser = argparse.ArgumentParser(
        prog="asyncio-tck-agent.pyz", description="asyncio TCK agent (docs/protocol.md, version 1): one JSON request"
        " per line on stdin, one JSON reply per line on stdout, diagnostics on stderr")
    parser.add_argument("--loop", default="asyncio",
                        help="asyncio (default), uvloop, nest_asyncio, nest_asyncio2 (asyncio's loop made reentrant by"
                        " that library), or MODULE:CALLABLE returning a new event loop")
    parser.add_argument("--python-path", action="append", default=[], metavar="DIR",
                        help="directory to put in front of sys.path (repeatable)")
    parser.add_argument("--variant", choices=("c", "py"), default="c",
                        help="CPython Task/Future classes: c (the _asyncio ones, default) or py (_PyTask/_PyFuture)")
    arguments = parser.parse_args(argv)
    if arguments.loop not in NAMED_LOOPS and ":" not in arguments.loop:
        parser.error("--loop must be %s or MODULE:CALLABLE, got %r" % (", ".join(NAMED_LOOPS), arguments.loop))
    return arguments


def main(argv=None):
    out = take_protocol_channel()
    arguments = parse_arguments(sys.argv[1:] if argv is None else argv)
    sys.path[:0] = arguments.python_path
    try:
        variant = Variant.named(arguments.variant)
        source = load_loop_source(arguments.loop)
    except Exception as e:  # anything at all: the loop under test cannot be loaded
        diagnose("cannot load the loop %r (variant %s): %s" % (arguments.loop, arguments.variant, describe_error(e)))
        return EXIT_LOOP_UNAVAILABLE
    diagnose("serving %s %s on Python %s, variant %s"
             % (source.name, source.version, platform.python_version(), variant.name))
    if source.unsupported:
        diagnose("declared unsupported: %s" % ", ".join(sorted(source.unsupported)))
    # The main thread makes and runs every loop (a Qt-based loop wants the thread of its application, the
    # main one); the conversation runs on a thread of its own and hands the loop's work over (owner.py).
    owner = OwnerThread()
    agent = Agent(source, variant, out, owner)

    def converse():
        try:
            agent.serve(iter(sys.stdin.buffer.readline, b""))
        finally:
            owner.finish()

    threading.Thread(target=converse, name="asyncio-tck-conversation", daemon=True).start()
    owner.serve()
    return 0

