"""A fake agent for the adapter's own tests (stdlib only, Python 3.6+).

It speaks docs/protocol.md and answers every `perform` with `nothing` (`recorded` with
two events). With --mode it misbehaves once it has answered --after performs; with
--marker only while the marker file does not exist yet, so that only the first agent
misbehaves and the fresh agent started after it behaves. The mode may also come from the
FAKE_AGENT_MODE environment variable.
"""
import argparse
import json
import os
import signal
import subprocess
import sys
import time

parser = argparse.ArgumentParser()
parser.add_argument("--mode", default=os.environ.get("FAKE_AGENT_MODE", "well-behaved"))
parser.add_argument("--after", type=int, default=0, help="performs answered well before misbehaving")
parser.add_argument("--marker", help="misbehave only if this file does not exist yet (and create it)")
parser.add_argument("--then-mode", default="well-behaved",
                    help="with --marker: the mode of every agent started once the marker exists")
parser.add_argument("--protocol", type=int, default=1)
parser.add_argument("--name", default="CPython asyncio")
parser.add_argument("--version", help="the version to declare (default: this Python's)")
parser.add_argument("--api-level", help="the api_level to declare (default: this Python's)")
parser.add_argument("--capabilities", default="ready-queue", help="comma-separated capabilities to declare")
parser.add_argument("--profiles", default="", help="comma-separated profiles to declare")
args, unknown = parser.parse_known_args()

mode = args.mode
if mode != "well-behaved" and args.marker:
    if os.path.exists(args.marker):
        mode = args.then_mode
    else:
        open(args.marker, "w").close()


CHILD_NAMES_ITSELF = """
import os, sys, time
try:
    pid = os.readlink("/proc/self")
except OSError:
    pid = os.getpid()
sys.stderr.write("child-pid %s\\n" % pid)
sys.stderr.flush()
time.sleep(3600)
"""


def reply(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def hang():
    time.sleep(3600)


if mode == "exit-before-hello":
    sys.stderr.write("uvloop is not installed\n")
    sys.stderr.flush()
    sys.exit(3)

python = "%d.%d.%d" % tuple(sys.version_info[:3])
performs = 0
for line in sys.stdin:
    request = json.loads(line)
    seq, kind = request["seq"], request["type"]
    if kind == "hello":
        if mode == "hang-at-hello":
            hang()
        reply({"seq": seq, "type": "hello", "protocol": args.protocol,
               "implementation": {"name": args.name, "version": args.version or python, "python": python,
                                  "api_level": args.api_level or "%d.%d" % sys.version_info[:2],
                                  "capabilities": [c for c in args.capabilities.split(",") if c],
                                  "profiles": [p for p in args.profiles.split(",") if p]}})
    elif kind in ("open_session", "close_session"):
        reply({"seq": seq, "type": "ok"})
    elif kind == "bye":
        reply({"seq": seq, "type": "ok"})
        if mode == "linger-after-bye":
            hang()
        sys.exit(0)
    elif kind == "benchmark":
        reply({"seq": seq, "type": "benchmark", "seconds": [0.000001] * request["repeat"]})
    elif kind == "perform":
        performs += 1
        if performs > args.after:
            if mode == "crash":
                sys.stderr.write("fake agent: crashing on perform %d\n" % performs)
                sys.stderr.flush()
                os.kill(os.getpid(), signal.SIGSEGV)
            elif mode == "exit":
                sys.exit(3)
            elif mode == "hang":
                # The child names itself as the system sees it: in the agent's PID namespace
                # (docs/protocol.md, Processes) its own pid is not the one the test can look up.
                subprocess.Popen([sys.executable, "-c", CHILD_NAMES_ITSELF])
                hang()
            elif mode == "garbage":
                sys.stdout.write("this is not json \x01 {\n")
                sys.stdout.flush()
                continue
            elif mode == "huge":
                chunk = "x" * (1 << 20)
                for _ in range(100):
                    sys.stdout.write(chunk)
                sys.stdout.write("\n")
                sys.stdout.flush()
                continue
            elif mode == "wrong-seq":
                reply({"seq": seq + 1, "type": "outcome", "outcome": {"kind": "nothing"}})
                continue
            elif mode == "wrong-type":
                reply({"seq": seq, "type": "ok"})
                continue
            elif mode == "bad-outcome":
                reply({"seq": seq, "type": "outcome", "outcome": {"kind": "weird"}})
                continue
            elif mode == "protocol-error":
                reply({"seq": seq, "type": "protocol_error", "message": "unknown op " + request["operation"]["op"]})
                continue
        if request["operation"]["op"] == "recorded":
            events = [{"label": "a", "run": 1}, {"label": "n", "run": 1, "value": 0}]
            reply({"seq": seq, "type": "outcome", "outcome": {"kind": "value", "value": events}})
        else:
            reply({"seq": seq, "type": "outcome", "outcome": {"kind": "nothing"}})
    else:
        reply({"seq": seq, "type": "protocol_error", "message": "unknown request type " + kind})
