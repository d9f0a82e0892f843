"""Parsing an operation: typed fields, and the whole tree checked before any of it runs."""

from ..protocol import ProtocolError


# Filled with every operation class, by ``op``, in asyncio_tck_agent/operations/__init__.py.
OPERATIONS = {}


# Each class is one ``op`` of docs/protocol.md; ``parse`` checks the fields, ``perform`` does it.
class Fields:
    """Typed access to an operation's fields; anything malformed is a ProtocolError naming it."""

    def __init__(self, op, raw):
        self.op = op
        self.raw = raw

    def name(self, key, nullable=False):
        value = self.raw.get(key)
        if value is None and nullable:
            return None
        if not isinstance(value, str):
            raise ProtocolError("%s: field %r must be a string%s, got %r"
                                % (self.op, key, " or null" if nullable else "", value))
        return value

    def number(self, key):
        value = self.raw.get(key)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ProtocolError("%s: field %r must be a number, got %r" % (self.op, key, value))
        return value

    def flag(self, key):
        value = self.raw.get(key, False)
        if value is None:
            return False
        if not isinstance(value, bool):
            raise ProtocolError("%s: field %r must be a boolean, got %r" % (self.op, key, value))
        return value

    def choice(self, key, allowed):
        value = self.raw.get(key)
        if value not in allowed:
            raise ProtocolError("%s: field %r must be one of %s, got %r" % (self.op, key, sorted(allowed), value))
        return value

    def operations(self, key):
        value = self.raw.get(key)
        if value is None:
            return []
        if not isinstance(value, list):
            raise ProtocolError("%s: field %r must be a list of operations, got %r" % (self.op, key, value))
        return [parse_operation(item) for item in value]

    def operation(self, key):
        return parse_operation(self.raw.get(key))


class NoFields:
    def __init__(self, fields):
        pass


def parse_operation(raw):
    """Checks a whole operation tree (``then`` and ``of`` included) before any of it runs."""
    if not isinstance(raw, dict):
        raise ProtocolError("an operation must be an object, got %r" % (raw,))
    op = raw.get("op")
    operation_class = OPERATIONS.get(op) if isinstance(op, str) else None
    if operation_class is None:
        raise ProtocolError("unknown op %r" % (op,))
    return operation_class(Fields(op, raw))


def operations_in(operation):
    """The operation and every operation nested in it (``then``, ``of``), depth first."""
    yield operation
    for inner in getattr(operation, "then", None) or ():
        yield from operations_in(inner)
    of = getattr(operation, "of", None)
    if of is not None:
        yield from operations_in(of)
