"""It answers with a line that is not JSON (holds already)."""
import sys
from hostile_agent import serve


def perform(seq, request, performs):
    sys.stdout.write("not json \x1b[2J {\n")
    sys.stdout.flush()


serve(perform=perform)
