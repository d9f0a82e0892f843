package org.asynciotck.refloop;

/**
 * A file descriptor the loop can watch with {@link EventLoop#addReader} and
 * {@link EventLoop#addWriter}: what CPython's selector learns from the kernel, asked directly.
 * Readiness is level-triggered: a descriptor stays readable until its data is read (IO-2).
 */
public interface Watched {

    /** Whether a read would not block (data waits, or the peer closed). */
    boolean readable();

    /** Whether a write would not block (the send buffer has room). */
    boolean writable();
}
