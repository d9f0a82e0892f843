"""At each perform it starts a process that leaves its session and clears its environment, then answers."""
from hostile_agent import escapee, nothing, serve


def perform(seq, request, performs):
    escapee()
    nothing(seq, request, performs)


serve(perform=perform)
