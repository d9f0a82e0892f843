"""Agent that lets the asyncio TCK drive a real Python event loop out of process.

It speaks docs/protocol.md (version 1): one JSON request per line on stdin, one
JSON reply per line on stdout, diagnostics on stderr. The operation vocabulary is
closed: every request is parsed into one of the fixed operations (operations/) before
anything runs, and nothing the kit sends is ever evaluated as code.

Standard library only; Python 3.10 to 3.13.

Exit codes: 0 after ``bye`` or end of input, 2 on a usage error, 3 when the
loop to certify cannot be loaded or made.
"""
