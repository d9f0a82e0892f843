"""Declares every operation unsupported, with terminal escapes, bidi controls and forged lines in op and reason."""
from hostile_agent import reply, serve

EVIL = "\x1b]0;pwned\x07\x1b[2J\x9b31m\u202e\nsmoke: OK, speaks protocol 1\r"


def perform(seq, request, performs):
    reply({"seq": seq, "type": "unsupported", "op": request["operation"]["op"] + EVIL, "reason": "no" + EVIL})


serve(perform=perform)
