package org.asynciotck.runner;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.platform.engine.SelectorResolutionResult;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.EngineDiscoveryResult;
import org.junit.jupiter.api.Test;

class DiscoveryProblemsTest {

    private static final UniqueId CUCUMBER = UniqueId.forEngine("cucumber");

    @Test
    void everySelectorResolvedAndTheEngineDiscoveredIsNoProblem() {
        DiscoveryProblems problems = new DiscoveryProblems();
        problems.selectorProcessed(CUCUMBER, DiscoverySelectors.selectClasspathResource("features/a.feature"),
                SelectorResolutionResult.resolved());
        problems.engineDiscoveryFinished(CUCUMBER, EngineDiscoveryResult.successful());

        assertThatCode(problems::requireNone).doesNotThrowAnyException();
    }

    @Test
    void aFeatureFileThatWasNotFoundStopsTheRunAndIsNamed() {
        DiscoveryProblems problems = new DiscoveryProblems();
        problems.selectorProcessed(CUCUMBER, DiscoverySelectors.selectClasspathResource("features/gone.feature"),
                SelectorResolutionResult.unresolved());

        assertThatThrownBy(problems::requireNone).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("features/gone.feature").hasMessageContaining("unresolved")
                .hasMessageContaining("did not start");
    }

    @Test
    void aFailedDiscoveryStopsTheRunWithItsCause() {
        DiscoveryProblems problems = new DiscoveryProblems();
        problems.engineDiscoveryFinished(CUCUMBER,
                EngineDiscoveryResult.failed(new java.nio.file.FileSystemAlreadyExistsException()));

        assertThatThrownBy(problems::requireNone).hasMessageContaining("FileSystemAlreadyExistsException")
                .hasMessageContaining("[engine:cucumber]");
    }
}
