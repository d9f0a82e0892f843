"""An agent older than the sync barrier that sends a second reply to close_session."""
from hostile_agent import reply, serve


def close_session(seq):
    reply({"seq": seq, "type": "ok"})
    reply({"seq": seq, "type": "ok"})


serve(close_session=close_session, knows_sync=False)
