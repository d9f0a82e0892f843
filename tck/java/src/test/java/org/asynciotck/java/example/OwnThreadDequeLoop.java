package org.asynciotck.java.example;

import org.asynciotck.java.JavaLoop;
import org.asynciotck.java.JavaLoopProvider;

/**
 * DequeLoop bound to the thread that made it, as loops that wrap a thread-affine event system are (qasync's
 * Qt loop runs only where its application lives): run_forever() on any other thread is refused. A faithful
 * control: programs run their loop where they made it, so it must be judged exactly like DequeLoop, except
 * THREAD-1, the INFO rule that asks whether one iteration may run on another thread.
 */
final class OwnThreadDequeLoop extends DequeLoop {

    private final Thread maker = Thread.currentThread();

    OwnThreadDequeLoop() {
        super(DequeLoopProvider.UNREAD);
    }

    @Override
    public void runForever() {
        if (Thread.currentThread() != maker) {
            throw new IllegalStateException("this loop runs only on the thread that made it (" + maker.getName() + ")");
        }
        super.runForever();
    }

    static final class Provider implements JavaLoopProvider {
        @Override
        public JavaLoop newLoop() {
            return new OwnThreadDequeLoop();
        }

        @Override
        public String id() {
            return "own-thread-deque-loop";
        }

        @Override
        public String name() {
            return "DequeLoop that runs only on the thread that made it (a faithful control)";
        }
    }
}
