"""Performs the requests record_agent.py logged, in one Python process, with no kit and no pipe.

    python3 replay_agent.py AGENT.pyz LOG [agent options...]

Each logged conversation is served by a fresh agent object of the same package, as the kit's
agent serves it (one JSON request line in, one reply line out, here into memory). A conversation
that did not end with bye ended because its agent crashed, timed out or was killed: its last
session is left out, so the replay does what the run did less what broke the agent. Prints how
many requests and sessions it performed, and the seconds they took in this process.
"""

import io
import json
import sys
import time

pyz, log_path = sys.argv[1], sys.argv[2]
sys.path.insert(0, pyz)
from asyncio_tck_agent import command  # noqa: E402
from asyncio_tck_agent.conversation import Agent  # noqa: E402
from asyncio_tck_agent.loading import load_loop_source  # noqa: E402
from asyncio_tck_agent.variants import Variant  # noqa: E402


def conversations(path):
    current = None
    with open(path, "rb") as log:
        for line in log:
            if line.startswith(b"#conversation"):
                current = []
                yield current
            elif line.strip() and current is not None:
                current.append(line)


def without_broken_session(lines):
    """The lines up to the last open_session when the conversation has no bye; all of them otherwise."""
    kinds = [json.loads(line).get("type") for line in lines]
    if "bye" in kinds:
        return lines
    if "open_session" not in kinds:
        return lines
    return lines[:len(kinds) - 1 - kinds[::-1].index("open_session")]


def main():
    arguments = command.parse_arguments(sys.argv[3:])
    sys.path[:0] = arguments.python_path
    variant = Variant.named(arguments.variant)
    source = load_loop_source(arguments.loop)
    requests = sessions = 0
    started = time.perf_counter()
    for lines in list(conversations(log_path)):
        kept = without_broken_session(lines)
        requests += len(kept)
        sessions += sum(1 for line in kept if b'"open_session"' in line)
        agent = Agent(source, variant, io.StringIO())
        agent.serve(kept)
    elapsed = time.perf_counter() - started
    print(json.dumps({"requests": requests, "sessions": sessions, "seconds": elapsed}))


if __name__ == "__main__":
    main()
