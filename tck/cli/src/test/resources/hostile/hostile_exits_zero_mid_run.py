"""It exits with status 0 in its second operation, without a word (holds already)."""
import sys
from hostile_agent import nothing, serve


def perform(seq, request, performs):
    if performs >= 2:
        sys.exit(0)
    nothing(seq, request, performs)


serve(perform=perform)
