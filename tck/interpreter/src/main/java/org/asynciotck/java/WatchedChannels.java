package org.asynciotck.java;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.Pipe;

/**
 * The I/O operations: the kit's "socket pair" is a {@link Pipe}, whose source is the watched end for readers
 * (readable once a byte waits) and whose sink is the watched end for writers (writable while the pipe has
 * room). Each is closed with the session.
 */
final class WatchedChannels {

    private final JavaLoop loop;
    private final SessionState state;

    WatchedChannels(JavaLoop loop, SessionState state) {
        this.loop = loop;
        this.state = state;
    }

    void socketPair(String socket) {
        state.namePipe(socket, openPipe());
    }

    void makeReadable(String socket) {
        writeByte(state.pipe(socket));
    }

    void addReader(String socket, Runnable callback) {
        loop.addReader(state.pipe(socket).source(), callback);
    }

    boolean removeReader(String socket) {
        return loop.removeReader(state.pipe(socket).source());
    }

    void addWriter(String socket, Runnable callback) {
        loop.addWriter(state.pipe(socket).sink(), callback);
    }

    boolean removeWriter(String socket) {
        return loop.removeWriter(state.pipe(socket).sink());
    }

    /** A reader whose channel is readable already: it records {@code label} once, then removes itself. */
    void addReadyReader(String label) {
        Pipe pipe = openPipe();
        state.namePipe("!ready-reader-" + label, pipe);
        writeByte(pipe);
        loop.addReader(pipe.source(), () -> {
            state.record(label);
            loop.removeReader(pipe.source());
        });
    }

    void close() {
        for (Pipe pipe : state.pipes()) {
            try {
                pipe.source().close();
                pipe.sink().close();
            } catch (IOException e) {
                // closing at the end of a session: nothing is left to tell
            }
        }
    }

    private static Pipe openPipe() {
        try {
            Pipe pipe = Pipe.open();
            pipe.source().configureBlocking(false);
            pipe.sink().configureBlocking(false);
            return pipe;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open a pipe for the loop to watch", e);
        }
    }

    private static void writeByte(Pipe pipe) {
        try {
            pipe.sink().write(ByteBuffer.wrap(new byte[] {1}));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make the watched channel readable", e);
        }
    }
}
