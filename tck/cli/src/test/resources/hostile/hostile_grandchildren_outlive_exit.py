"""It starts grandchildren (one holding its stdout, one in a session of its own), then exits mid-run."""
import os
from hostile_agent import nothing, serve, sleeper


def perform(seq, request, performs):
    if performs >= 2:
        sleeper(hold_stdout=True)
        sleeper(own_session=True)
        os._exit(0)
    nothing(seq, request, performs)


serve(perform=perform)
