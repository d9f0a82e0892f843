package org.asynciotck.java.example;

import org.asynciotck.java.AsyncioLoopConformanceTest;
import org.asynciotck.java.JavaLoopProvider;

/** The instrumented variant's certification, judged by {@link WorkedExampleTest}. */
class InstrumentedDequeLoopCertification extends AsyncioLoopConformanceTest {

    @Override
    protected JavaLoopProvider provider() {
        return new InstrumentedDequeLoop.Provider();
    }
}
