package org.asynciotck.gallery;

import java.time.Duration;

/** The per-operation bound of gallery runs. */
final class AgentBounds {

    /**
     * Above the wake-up bound (5 s, docs/threads-and-time.md) that the thread scenarios wait for,
     * so a loop that does not wake fails them instead of timing out, and below the default 10 s, so
     * the loops whose defect makes a run hang cost less.
     */
    static final Duration OPERATION = Duration.ofSeconds(7);

    private AgentBounds() {}
}
