#!/usr/bin/env python3
"""Records an agent conversation: runs AGENT ARGS... as a child and copies every line between the
kit and the agent unchanged, appending each, with its direction, to TRANSCRIPT (JSON lines:
{"to": "agent" | "kit", "line": ...}). Used by ProtocolTranscriptTest to validate real traffic
against docs/protocol-*.schema.json.

    python3 transcript_proxy.py TRANSCRIPT AGENT [ARGS...]
"""

import json
import subprocess
import sys
import threading


def main():
    transcript_path, command = sys.argv[1], sys.argv[2:]
    child = subprocess.Popen([sys.executable, *command], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    lock = threading.Lock()
    transcript = open(transcript_path, "a", encoding="utf-8")

    def note(direction, raw):
        with lock:
            transcript.write(json.dumps({"to": direction, "line": raw.decode("utf-8", "replace").rstrip("\n")}) + "\n")
            transcript.flush()

    def replies():
        for raw in iter(child.stdout.readline, b""):
            note("kit", raw)
            sys.stdout.buffer.write(raw)
            sys.stdout.buffer.flush()

    pump = threading.Thread(target=replies, daemon=True)
    pump.start()
    for raw in iter(sys.stdin.buffer.readline, b""):
        note("agent", raw)
        child.stdin.write(raw)
        child.stdin.flush()
    child.stdin.close()
    pump.join(timeout=10)
    sys.exit(child.wait(timeout=10))


if __name__ == "__main__":
    main()
