"""Its protocol_error messages carry terminal escapes and a forged line."""
from hostile_agent import reply, serve


def perform(seq, request, performs):
    reply({"seq": seq, "type": "protocol_error", "message": "\x1b[2J\x1b[H\nCONFORMANT\x07"})


serve(perform=perform)
