package org.asynciotck.mutation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.util.stream.Stream;
import org.asynciotck.kit.FeatureRun;
import org.asynciotck.reference.ReferenceConfig;
import org.asynciotck.reference.ReferenceImplementation;
import org.asynciotck.runner.RuleCatalogue;
import org.asynciotck.spi.LoopImplementation;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The feature suite on the reference loop with synchronously dispatching futures
 * ({@code reference-sync}), one test per rule. {@code RunFeaturesTest} certifies the default
 * reference loop only; this is the other half of what the mutation profile (docs/mutation.md)
 * runs against each mutant, so that the synchronous design's code (SYNC-1, CYCLES-2) is held
 * by the features too. One test per rule, not one for the whole suite, so that PIT runs only
 * the rules whose scenarios reach a mutant.
 */
class SynchronousDispatchFeaturesTest {

    @TestFactory
    Stream<DynamicTest> everyRuleThatAppliesHoldsOnTheSynchronousDispatchLoop() {
        return RuleCatalogue.loadFromClasspath("features").rules().stream()
                .map(rule -> dynamicTest(rule.id() + " " + rule.title(), () -> {
                    try (LoopImplementation loop = new ReferenceImplementation(ReferenceConfig.synchronousDispatch())) {
                        FeatureRun run = FeatureRun.of(loop, "@" + rule.id());
                        assertThat(run.failures()).as("[%s] failures on reference-sync (%s)", rule.id(), rule.location())
                                .isEmpty();
                    }
                }));
    }
}
