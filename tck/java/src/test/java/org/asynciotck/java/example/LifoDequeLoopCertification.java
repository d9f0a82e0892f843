package org.asynciotck.java.example;

import org.asynciotck.java.AsyncioLoopConformanceTest;
import org.asynciotck.java.JavaLoopProvider;

/** The broken variant's certification, run (and judged) by {@link WorkedExampleTest}, not by Surefire itself. */
class LifoDequeLoopCertification extends AsyncioLoopConformanceTest {

    @Override
    protected JavaLoopProvider provider() {
        return new LifoDequeLoop.Provider();
    }
}
