package org.asynciotck.reference;

import org.asynciotck.refloop.Watched;

/**
 * The watched end of a {@code socket_pair}: readable once a byte was sent to it (and nothing
 * here ever reads it, so it stays readable: IO-2), always writable (its send buffer is empty).
 * Changed by the kit's thread, read by the loop's: guarded by this object's monitor.
 */
final class VirtualSocket implements Watched {

    /** Bytes sent to this end and not read. */
    private int waiting;

    synchronized void receiveByte() {
        waiting++;
    }

    @Override
    public synchronized boolean readable() {
        return waiting > 0;
    }

    @Override
    public boolean writable() {
        return true;
    }
}
