package org.asynciotck.java.example;

import org.asynciotck.java.JavaLoop;
import org.asynciotck.java.JavaLoopProvider;

/**
 * DequeLoop, deliberately broken: a ready callback is pushed at the head of the queue, so a batch runs
 * newest first. The ntodo snapshot is kept. The kit must fail NTODO-3 (FIFO) and FUTURE-1 (done callbacks
 * run in the order they were added), the rules the reference loop's own LIFO variant fails.
 */
final class LifoDequeLoop extends DequeLoop {

    LifoDequeLoop() {
        super(DequeLoopProvider.UNREAD);
    }

    @Override
    protected void enqueue(Callback handle) {
        readyDeque().addFirst(handle); // wrong: asyncio appends at the tail
    }

    /** Its provider, as a user would write it. */
    static final class Provider implements JavaLoopProvider {
        @Override
        public JavaLoop newLoop() {
            return new LifoDequeLoop();
        }

        @Override
        public String id() {
            return "broken-lifo-deque-loop";
        }
    }
}
