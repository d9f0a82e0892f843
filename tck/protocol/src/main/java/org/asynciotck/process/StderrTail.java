package org.asynciotck.process;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Drains an agent's stderr continuously (so the agent never blocks on a full pipe) and keeps
 * the last {@value #CAPACITY} bytes, which become a failure's diagnostics.
 */
final class StderrTail implements Runnable {

    static final int CAPACITY = 64 * 1024;

    private final InputStream in;
    /** Ring buffer; {@link #total} bytes were ever written, the newest ends at total % CAPACITY. */
    private final byte[] ring = new byte[CAPACITY];
    private long total;

    StderrTail(InputStream in) {
        this.in = in;
    }

    @Override
    public void run() {
        byte[] chunk = new byte[4096];
        try (in) {
            int n;
            while ((n = in.read(chunk)) >= 0) {
                append(chunk, n);
            }
        } catch (IOException e) {
            // The process is gone and took the pipe with it; what was read so far is the tail.
        }
    }

    private synchronized void append(byte[] chunk, int n) {
        for (int i = 0; i < n; i++) {
            ring[(int) (total++ % CAPACITY)] = chunk[i];
        }
    }

    /** The newest (up to) {@value #CAPACITY} bytes as text; a cut multi-byte character becomes U+FFFD. */
    synchronized String text() {
        int size = (int) Math.min(total, CAPACITY);
        byte[] tail = new byte[size];
        long start = total - size;
        for (int i = 0; i < size; i++) {
            tail[i] = ring[(int) ((start + i) % CAPACITY)];
        }
        return new String(tail, StandardCharsets.UTF_8);
    }
}
