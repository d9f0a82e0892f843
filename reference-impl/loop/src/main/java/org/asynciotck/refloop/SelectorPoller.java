package org.asynciotck.refloop;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.Selector;

/**
 * The default {@link Poller}: a real {@link Selector} with no channels registered. The kit's
 * loop does no I/O, so the selector is only ever woken by {@link Selector#wakeup()}, which
 * plays the part of CPython's self-pipe ({@code _write_to_self}): a wake-up that arrives
 * before the select is not lost, the next select returns at once.
 */
public final class SelectorPoller implements Poller {

    private final Selector selector;

    /**
     * Set by {@link #wakeup()} before it wakes the selector, cleared by the poll that consumes the
     * wake-up. Invariant: while the selector holds a wake-up that no select has consumed, this is
     * true (or a {@code wakeup()} call is setting it). So a poll that must not block and finds it
     * false has nothing to collect, and skips the {@code selectNow()} system call: the loop
     * registers no channel, and a pending wake-up is all a non-blocking select could find.
     */
    private volatile boolean wakeupPending;

    public SelectorPoller() {
        try {
            this.selector = Selector.open();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open a selector", e);
        }
    }

    @Override
    public void poll(Double timeoutSeconds) {
        try {
            if (timeoutSeconds != null && timeoutSeconds <= 0 && !wakeupPending) {
                return; // nothing to collect without blocking: no system call (see wakeupPending)
            }
            wakeupPending = false; // before the select: a wake-up arriving during it sets it again
            if (timeoutSeconds == null) {
                selector.select();
            } else if (timeoutSeconds <= 0) {
                selector.selectNow();
            } else {
                // select(0) would mean "forever": round a positive timeout up to at least 1 ms.
                long millis = Math.max(1L, (long) Math.ceil(timeoutSeconds * 1000.0));
                selector.select(millis);
            }
            // No channel is registered through this loop (it has no add_reader yet): the
            // selector only serves as the blocking point that wakeup() interrupts.
            selector.selectedKeys().clear();
        } catch (IOException e) {
            throw new UncheckedIOException("select failed", e);
        }
    }

    @Override
    public void wakeup() {
        wakeupPending = true; // before the wake-up itself, see the field
        selector.wakeup();
    }

    @Override
    public void close() {
        try {
            selector.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the selector", e);
        }
    }
}
