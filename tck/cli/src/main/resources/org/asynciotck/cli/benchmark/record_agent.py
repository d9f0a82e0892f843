"""The kit's agent, unchanged, that also appends every request line it reads to a log.

    python3 record_agent.py AGENT.pyz LOG [agent options...]

Used by RunTimeBenchmark to learn which operations a run sends, so replay_agent.py can perform
the same ones in one process. Each agent process starts a new conversation in the log with a
line of its own ("#conversation").
"""

import sys

pyz, log_path = sys.argv[1], sys.argv[2]
sys.path.insert(0, pyz)
from asyncio_tck_agent import command  # noqa: E402  (from the .pyz just put on the path)

log = open(log_path, "ab")
log.write(b"#conversation\n")
log.flush()


class _TeeBuffer:
    def __init__(self, raw):
        self.raw = raw

    def readline(self):
        line = self.raw.readline()
        log.write(line)
        log.flush()
        return line


class _TeeStdin:
    buffer = _TeeBuffer(sys.stdin.buffer)


sys.stdin = _TeeStdin()
sys.exit(command.main(sys.argv[3:]))
