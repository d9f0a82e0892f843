package org.asynciotck.java;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.Pipe;
import java.util.List;
import java.util.function.BiFunction;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Outcome;

/**
 * The I/O operations: the kit's "socket pair" is a {@link Pipe}, whose source is the watched end for readers
 * (readable once a byte waits) and whose sink is the watched end for writers (writable while the pipe has
 * room). Each is closed with the session.
 */
final class WatchedChannels {

    private final JavaLoop loop;
    private final SessionState state;
    /** Makes the kit's callback for a label and its {@code then}. */
    private final BiFunction<String, List<Operation>, Runnable> callbacks;

    WatchedChannels(JavaLoop loop, SessionState state, BiFunction<String, List<Operation>, Runnable> callbacks) {
        this.loop = loop;
        this.state = state;
        this.callbacks = callbacks;
    }

    Outcome perform(Operation op) {
        if (op instanceof Operation.SocketPair o) {
            state.namePipe(o.socket(), openPipe());
        } else if (op instanceof Operation.MakeReadable o) {
            writeByte(state.pipe(o.socket()));
        } else if (op instanceof Operation.AddReader o) {
            loop.addReader(state.pipe(o.socket()).source(), callbacks.apply(o.label(), o.then()));
        } else if (op instanceof Operation.RemoveReader o) {
            return Outcome.value(loop.removeReader(state.pipe(o.socket()).source()));
        } else if (op instanceof Operation.AddWriter o) {
            loop.addWriter(state.pipe(o.socket()).sink(), callbacks.apply(o.label(), o.then()));
        } else if (op instanceof Operation.RemoveWriter o) {
            return Outcome.value(loop.removeWriter(state.pipe(o.socket()).sink()));
        } else if (op instanceof Operation.AddReadyReader o) {
            Pipe pipe = openPipe();
            state.namePipe("!ready-reader-" + o.label(), pipe);
            writeByte(pipe);
            loop.addReader(pipe.source(), () -> {
                state.record(o.label());
                loop.removeReader(pipe.source());
            });
        } else {
            throw new IllegalStateException("operation not handled by the Java interpreter: " + op);
        }
        return Outcome.nothing();
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
