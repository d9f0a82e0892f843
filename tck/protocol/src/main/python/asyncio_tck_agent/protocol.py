"""The protocol's fixed numbers and bounds, its two kinds of error, and diagnostics on stderr."""

import sys


PROTOCOL_VERSION = 1


# The kit refuses reply lines longer than this (docs/protocol.md, "Framing").
MAX_REPLY_BYTES = 1024 * 1024


# Keeps a benchmark reply (about 25 bytes per duration) well under MAX_REPLY_BYTES.
MAX_BENCHMARK_REPEAT = 10_000


# The most operations one program request may carry (docs/protocol.md, "Program").
MAX_PROGRAM_OPERATIONS = 1000


# How long start_loop_thread waits for the loop to become idle, and stop_loop_thread for it to end.
LOOP_THREAD_BOUND_SECONDS = 5.0


# Where the selector cannot be watched: the pause after a thread-safe round trip (docs/protocol.md).
SETTLE_PAUSE_SECONDS = 0.05


EXIT_LOOP_UNAVAILABLE = 3


def diagnose(message):
    """Free-form diagnostics: stderr only, never the protocol channel."""
    print("agent: " + message, file=sys.stderr, flush=True)


class ProtocolError(Exception):
    """The request cannot be understood; answered with a protocol_error reply."""


class KitError(Exception):
    """The kit referred to something this session does not know (an outcome error, by name)."""


def describe_error(e):
    return "%s: %s" % (type(e).__name__, e)

