package org.asynciotck.java.example;

import org.asynciotck.java.JavaLoop;
import org.asynciotck.java.JavaLoopProvider;

/** User code, part 1 of 2: what the kit needs to know about the loop. */
public final class DequeLoopProvider implements JavaLoopProvider {

    @Override
    public JavaLoop newLoop() {
        return new DequeLoop();
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
