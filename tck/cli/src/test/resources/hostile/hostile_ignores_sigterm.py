"""It ignores SIGTERM and hangs in its first operation (holds already: the kit kills with SIGKILL)."""
import signal
from hostile_agent import hang, serve

signal.signal(signal.SIGTERM, signal.SIG_IGN)
serve(perform=lambda seq, request, performs: hang())
