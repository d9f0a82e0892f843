package org.asynciotck.java.example;

import java.util.function.Consumer;
import org.asynciotck.java.JavaLoop;
import org.asynciotck.java.JavaLoopProvider;

/** User code, part 1 of 2: what the kit needs to know about the loop. */
public final class DequeLoopProvider implements JavaLoopProvider {

    /**
     * Where the loops the kit makes send their default handler's lines: nowhere. The kit sets its own exception
     * handler on every loop and reads what it is given; the lines of the default one, which its scenarios
     * call on purpose, have no reader in a conformance run and would only bury the build's output.
     */
    static final Consumer<String> UNREAD = line -> { };

    @Override
    public JavaLoop newLoop() {
        return new DequeLoop(UNREAD);
    }

    @Override
    public String id() {
        return "deque-loop";
    }

    @Override
    public String name() {
        return "DequeLoop (ArrayDeque + PriorityQueue, the worked example)";
    }
}
