package org.asynciotck.mutation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.util.List;
import java.util.stream.Stream;
import org.asynciotck.kit.FeatureRun;
import org.asynciotck.reference.ReferenceConfig;
import org.asynciotck.reference.ReferenceImplementation;
import org.asynciotck.runner.RuleCatalogue;
import org.asynciotck.spi.LoopImplementation;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The feature suite on the two variants of the reference loop that {@code RunFeaturesTest} (the default
 * reference loop) does not certify, one test per rule and variant: {@code reference-sync}, whose futures
 * dispatch synchronously (SYNC-1, CYCLES-2), and {@code reference-nested}, which its own callbacks may run
 * again (profile nested-runs, NEST-1..NEST-4). With RunFeaturesTest this is what the mutation profile
 * (docs/mutation.md) runs against each mutant, so that the code only these designs reach (the synchronous
 * future, {@code runForever}'s nested path) is held by the features too. One test per rule, not one for the
 * whole suite, so that PIT runs only the rules whose scenarios reach a mutant.
 */
class ReferenceVariantsFeaturesTest {

    @TestFactory
    Stream<DynamicTest> everyRuleThatAppliesHoldsOnEachVariantOfTheReferenceLoop() {
        return List.of(ReferenceConfig.synchronousDispatch(), ReferenceConfig.nestedRuns()).stream()
                .flatMap(variant -> RuleCatalogue.loadFromClasspath("features").rules().stream()
                        .map(rule -> dynamicTest(variant.id() + " " + rule.id() + " " + rule.title(), () -> {
                            try (LoopImplementation loop = new ReferenceImplementation(variant)) {
                                FeatureRun run = FeatureRun.of(loop, "@" + rule.id());
                                assertThat(run.failures()).as("[%s] failures on %s (%s)", rule.id(), variant.id(),
                                        rule.location()).isEmpty();
                            }
                        })));
    }
}
