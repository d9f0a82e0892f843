"""Everything it says carries terminal escapes, C1 and bidi controls and forged lines."""
import sys
from hostile_agent import implementation, reply, serve

EVIL = "\x1b]0;pwned\x07\x1b[2J\x9b31m\u202e\nCONFORMANT, MUST rules passed 99/99\r"
sys.stderr.write("stderr " + EVIL + "\n")
sys.stderr.flush()


def perform(seq, request, performs):
    reply({"seq": seq, "type": "outcome",
           "outcome": {"kind": "error", "error_type": "Runtime" + EVIL, "message": EVIL}})


serve(hello=lambda seq: reply({"seq": seq, "type": "hello", "protocol": 1,
                               "implementation": implementation(name="CPython asyncio " + EVIL,
                                                                version="1.0" + EVIL)}),
      perform=perform)
