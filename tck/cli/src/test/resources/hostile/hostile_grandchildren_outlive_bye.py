"""It starts grandchildren (one holding its stdout, one in a session of its own) and ends cleanly at bye."""
from hostile_agent import serve, sleeper

sleeper(hold_stdout=True)
sleeper(own_session=True)
serve()
