"""It sends a second reply to one close_session of the run, the first (HOSTILE_MARK names a file that says
it did, so the fresh agent the kit starts after it behaves); with HOSTILE_WITHOUT_SYNC set, it is an agent
older than the sync barrier."""
import os

from hostile_agent import reply, serve


def close_session(seq):
    reply({"seq": seq, "type": "ok"})
    mark = os.environ["HOSTILE_MARK"]
    if not os.path.exists(mark):
        open(mark, "w").close()
        reply({"seq": seq, "type": "ok"})


serve(close_session=close_session, knows_sync=not os.environ.get("HOSTILE_WITHOUT_SYNC"))
