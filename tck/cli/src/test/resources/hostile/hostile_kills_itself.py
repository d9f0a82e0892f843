"""It kills itself with SIGKILL in its second operation (holds already)."""
import os
import signal
from hostile_agent import nothing, serve


def perform(seq, request, performs):
    if performs >= 2:
        os.kill(os.getpid(), signal.SIGKILL)
    nothing(seq, request, performs)


serve(perform=perform)
