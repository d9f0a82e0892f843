"""It writes 64 MiB of escapes to stderr before answering (holds already: only a tail is kept)."""
import sys
from hostile_agent import nothing, serve


def perform(seq, request, performs):
    chunk = "\x1b[2J flood " * 8192
    for _ in range(64 * 1024 * 1024 // len(chunk)):
        sys.stderr.write(chunk)
    sys.stderr.flush()
    nothing(seq, request, performs)


serve(perform=perform)
