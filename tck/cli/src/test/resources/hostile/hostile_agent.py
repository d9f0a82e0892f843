"""A minimal agent of docs/protocol.md for the hostile agents (stdlib only).

Each hostile_*.py script beside it changes one thing with serve(...): that is its one
misbehaviour. Without changes, every perform is answered with the outcome "nothing".
"""
import json
import os
import subprocess
import sys
import time


def reply(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def implementation(**changes):
    described = {"name": "CPython asyncio", "version": "1.0", "python": "", "api_level": "3.12",
                 "capabilities": []}
    described.update(changes)
    return described


def hang():
    time.sleep(3600)


def touch(variable):
    """Creates the file named by the environment variable, so a test knows how far the agent got."""
    path = os.environ.get(variable)
    if path:
        open(path, "w").close()


def sleeper(own_session=False, hold_stdout=False):
    """Starts a grandchild that sleeps for an hour, in a session of its own if asked."""
    return subprocess.Popen(
        [sys.executable, "-c", "import time; time.sleep(3600)"],
        stdout=None if hold_stdout else subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL, start_new_session=own_session)


ESCAPE = """
import os, sys
os.setsid()
if os.fork() == 0:
    os.execve(sys.executable, [sys.executable, "-c", "import time; time.sleep(3600)", sys.argv[1]], {})
os._exit(0)
"""


def escapee():
    """Starts a process that leaves the agent's session and clears its environment (a double fork
    into a new session, then exec with no environment). It keeps the agent's token among its
    arguments, so that a test still finds it without the agent's help."""
    subprocess.run([sys.executable, "-c", ESCAPE, os.environ.get("HOSTILE_TOKEN", "")],
                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def nothing(seq, request, performs):
    reply({"seq": seq, "type": "outcome", "outcome": {"kind": "nothing"}})


def serve(hello=None, perform=nothing, close_session=None, bye=None, knows_sync=True):
    """Answers requests until end of input; each argument replaces the answer to one request type.
    knows_sync=False makes an agent older than the barrier: it answers sync as an unknown request type."""
    performs = 0
    for line in sys.stdin:
        request = json.loads(line)
        seq, kind = request["seq"], request["type"]
        if kind == "hello":
            if hello:
                hello(seq)
            else:
                reply({"seq": seq, "type": "hello", "protocol": 1, "implementation": implementation()})
        elif kind == "open_session":
            reply({"seq": seq, "type": "ok"})
        elif kind == "close_session":
            if close_session:
                close_session(seq)
            else:
                reply({"seq": seq, "type": "ok"})
        elif kind == "bye":
            reply({"seq": seq, "type": "ok"})
            if bye:
                bye()
            sys.exit(0)
        elif kind == "sync" and knows_sync:
            reply({"seq": seq, "type": "ok"})
        elif kind == "perform":
            performs += 1
            perform(seq, request, performs)
        else:
            reply({"seq": seq, "type": "protocol_error", "message": "unknown request type " + kind})


if __name__ == "__main__":
    serve()  # run as a script: the well-behaved agent, for cases about the kit's own side
