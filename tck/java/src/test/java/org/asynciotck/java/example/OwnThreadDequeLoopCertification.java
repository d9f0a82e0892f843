package org.asynciotck.java.example;

import org.asynciotck.java.AsyncioLoopConformanceTest;
import org.asynciotck.java.JavaLoopProvider;

/** The thread-bound control's certification, judged by {@link WorkedExampleTest}. */
class OwnThreadDequeLoopCertification extends AsyncioLoopConformanceTest {

    @Override
    protected JavaLoopProvider provider() {
        return new OwnThreadDequeLoop.Provider();
    }
}
