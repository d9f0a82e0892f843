"""I/O readiness: readers and writers on socket pairs that the session closes."""

import socket

from ..protocol import KitError
from ..session import NOTHING
from .callbacks import Callback


class AddReadyReader:
    """A reader on a socket with a byte already waiting, so the next poll of the selector reports I/O."""

    op = "add_ready_reader"

    def __init__(self, fields):
        self.label = fields.name("label")

    def perform(self, session):
        readable, writer = socket.socketpair()
        session.sockets.extend((readable, writer))
        writer.send(b"!")
        loop = session.loop

        def on_readable():
            session.record(self.label)
            loop.remove_reader(readable)

        loop.add_reader(readable, on_readable)
        return NOTHING


class SocketPair:
    op = "socket_pair"

    def __init__(self, fields):
        self.socket = fields.name("socket")

    def perform(self, session):
        watched, other = socket.socketpair()
        session.sockets.extend((watched, other))
        session.socket_pairs[self.socket] = (watched, other)
        return NOTHING


class SocketOperation:
    def __init__(self, fields):
        self.socket = fields.name("socket")

    def watched(self, session):
        try:
            return session.socket_pairs[self.socket][0]
        except KeyError:
            raise KitError("no socket named %r in this session" % (self.socket,)) from None


class MakeReadable(SocketOperation):
    op = "make_readable"

    def perform(self, session):
        self.watched(session)
        session.socket_pairs[self.socket][1].send(b"!")
        return NOTHING


class AddReader(SocketOperation):
    op = "add_reader"

    def __init__(self, fields):
        super().__init__(fields)
        self.label = fields.name("label")
        self.then = fields.operations("then")

    def perform(self, session):
        session.loop.add_reader(self.watched(session), Callback(session, self.label, self.then))
        return NOTHING


class RemoveReader(SocketOperation):
    op = "remove_reader"

    def perform(self, session):
        return session.loop.remove_reader(self.watched(session))


class AddWriter(AddReader):
    op = "add_writer"

    def perform(self, session):
        session.loop.add_writer(self.watched(session), Callback(session, self.label, self.then))
        return NOTHING


class RemoveWriter(SocketOperation):
    op = "remove_writer"

    def perform(self, session):
        return session.loop.remove_writer(self.watched(session))

