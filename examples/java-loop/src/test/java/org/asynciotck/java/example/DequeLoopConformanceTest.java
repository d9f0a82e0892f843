package org.asynciotck.java.example;

import org.asynciotck.java.AsyncioLoopConformanceTest;
import org.asynciotck.java.JavaLoopProvider;

/** User code, part 2 of 2: one JUnit test per rule of the rule book, on DequeLoop. */
class DequeLoopConformanceTest extends AsyncioLoopConformanceTest {

    @Override
    protected JavaLoopProvider provider() {
        return new DequeLoopProvider();
    }
}
