"""It never answers hello (and says so in a file first, so a test can interrupt the kit then)."""
from hostile_agent import hang, serve, sleeper, touch


def hello(seq):
    sleeper(own_session=True)
    touch("HOSTILE_READY")
    hang()


serve(hello=hello)
