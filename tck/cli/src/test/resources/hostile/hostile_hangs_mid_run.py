"""It hangs in its third operation (saying so in a file first), holding a grandchild."""
from hostile_agent import hang, nothing, serve, sleeper, touch


def perform(seq, request, performs):
    if performs == 3:
        sleeper(own_session=True)
        touch("HOSTILE_READY")
        hang()
    nothing(seq, request, performs)


serve(perform=perform)
