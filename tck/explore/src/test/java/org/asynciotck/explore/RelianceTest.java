package org.asynciotck.explore;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.asynciotck.spi.Operation;
import org.junit.jupiter.api.Test;

/** Which rules of the model a program leans on: every program the universal ones, the rest through their operations. */
class RelianceTest {

    @Test
    void everyRuleOfTheModelAndBeyondIsEitherEveryProgramsOrListedWithItsOperations() {
        assertThat(Reliance.BY_OPERATION.keySet()).as("listed both as every program's and by operation")
                .doesNotContainAnyElementsOf(Reliance.EVERY_PROGRAM);
        assertThat(Reliance.BEYOND_THE_MODEL).as("beyond the model, yet named by a divergence")
                .doesNotContainAnyElementsOf(Model.RULES);
        Set<String> expected = new TreeSet<>(Model.RULES);
        expected.addAll(Reliance.BEYOND_THE_MODEL);
        assertThat(Reliance.rules()).isEqualTo(expected);
        org.asynciotck.runner.RuleCatalogue book = org.asynciotck.runner.RuleCatalogue.loadFromClasspath(
                org.asynciotck.runner.RunConfiguration.DEFAULT_FEATURES_FOLDER);
        assertThat(Reliance.rules()).allSatisfy(rule -> assertThat(book.find(rule)).as(rule).isPresent());
    }

    @Test
    void aProgramWithoutRemovalsDoesNotLeanOnRemoveReader() {
        List<Operation> steps = List.of(new Operation.CallSoon("c1", List.of(), null), new Operation.RunOnce(null));

        assertThat(Reliance.of(steps)).containsAll(Reliance.EVERY_PROGRAM).doesNotContain("IO-3", "TIMER-1", "HANDLE-1");
    }

    @Test
    void anOperationInACallbackOrANoteIsLeanedOnLikeATopLevelOne() {
        List<Operation> steps = List.of(new Operation.CallSoon("c1", List.of(new Operation.Note("n",
                new Operation.RemoveReader("p1"))), null), new Operation.CallLater(0, "t1", List.of(), null), new Operation.RunOnce(null));

        assertThat(Reliance.of(steps)).contains("IO-3", "TIMER-1", "TIMER-3").doesNotContain("HANDLE-1", "CLOSED-2");
    }
}
