"""One reply in all its life (and its successors'), to perform number HOSTILE_BREAK_AT, carries a
sequence number the kit never sent; every other reply is right. HOSTILE_ONCE names the file that
says it happened."""
import os
from hostile_agent import nothing, reply, serve


def perform(seq, request, performs):
    once = os.environ["HOSTILE_ONCE"]
    if performs == int(os.environ["HOSTILE_BREAK_AT"]) and not os.path.exists(once):
        open(once, "w").close()
        reply({"seq": seq + 1000, "type": "outcome", "outcome": {"kind": "nothing"}})
    else:
        nothing(seq, request, performs)


serve(perform=perform)
