package org.asynciotck.explore;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.IntStream;
import org.asynciotck.explore.Sketch.Choice;
import org.asynciotck.explore.Sketch.Kind;
import org.junit.jupiter.api.Test;

/** The shrinker: only smaller candidates, minimal results for a known predicate, and an end within the budget. */
class SketchShrinkerTest {

    private static final List<Sketch> GENERATED =
            IntStream.range(0, 300).mapToObj(i -> new SketchGenerator(9, 28).sketch(5, i)).toList();

    /** Shrinks by {@code fails}, every trial a run; the runs are counted by the shrinker. */
    private static SketchShrinker.Shrunk<Sketch> shrink(Sketch start, int budget, Predicate<Sketch> fails) {
        return SketchShrinker.shrink(start, start, budget, candidate -> 0, (candidate, current) -> fails.test(candidate)
                ? SketchShrinker.Attempt.kept(candidate, true) : SketchShrinker.Attempt.rejected());
    }

    /** Whether a STOP choice comes after a LATER choice. */
    private static boolean stopAfterLater(Sketch sketch) {
        boolean later = false;
        for (Choice choice : sketch.choices()) {
            if (later && choice.kind() == Kind.STOP) {
                return true;
            }
            later |= choice.kind() == Kind.LATER;
        }
        return false;
    }

    @Test
    void everyCandidateIsStrictlySmallerAndProposedOnce() {
        int candidates = 0;
        for (Sketch sketch : GENERATED) {
            List<Sketch> proposed = SketchShrinker.candidates(sketch);
            assertThat(new HashSet<>(proposed)).as("distinct candidates").hasSameSizeAs(proposed);
            for (Sketch candidate : proposed) {
                assertThat(SketchSize.of(candidate)).as("%s, a candidate of %s", candidate, sketch)
                        .isLessThan(SketchSize.of(sketch));
            }
            candidates += proposed.size();
        }
        assertThat(candidates).as("candidates of 300 sketches").isGreaterThan(300 * 50);
    }

    @Test
    void theCandidatesDeleteRunsFirst_thenSingleChoices_thenSimplify() {
        Choice soon = new Choice(Kind.SOON, 4, List.of(new Sketch.Child(Sketch.ChildKind.LATER, 3,
                List.of(Sketch.ChildKind.STOP))));
        Choice stop = new Choice(Kind.STOP, 0, List.of());
        Choice future = new Choice(Kind.FUTURE, 1, List.of());
        Choice later = new Choice(Kind.LATER, 2, List.of());
        Sketch sketch = new Sketch(List.of(soon, stop, future, later));
        List<Sketch> candidates = SketchShrinker.candidates(sketch);
        assertThat(candidates.subList(0, 3)).as("runs of two deleted").containsExactly(new Sketch(List.of(future, later)),
                new Sketch(List.of(soon, later)), new Sketch(List.of(soon, stop)));
        assertThat(candidates.subList(3, 7)).as("single choices deleted").containsExactly(
                new Sketch(List.of(stop, future, later)), new Sketch(List.of(soon, future, later)),
                new Sketch(List.of(soon, stop, later)), new Sketch(List.of(soon, stop, future)));
        Choice nothing = new Choice(Kind.NOTHING, 0, List.of());
        assertThat(candidates.get(7)).as("a choice replaced by NOTHING").isEqualTo(new Sketch(List.of(nothing, stop, future, later)));
        assertThat(candidates).as("a child dropped, its then dropped, made a SOON, arguments towards 0").contains(
                new Sketch(List.of(new Choice(Kind.SOON, 4, List.of()), stop, future, later)),
                new Sketch(List.of(new Choice(Kind.SOON, 4, List.of(new Sketch.Child(Sketch.ChildKind.LATER, 3,
                        List.of()))), stop, future, later)),
                new Sketch(List.of(new Choice(Kind.SOON, 4, List.of(new Sketch.Child(Sketch.ChildKind.SOON, 3,
                        List.of(Sketch.ChildKind.STOP)))), stop, future, later)),
                new Sketch(List.of(new Choice(Kind.SOON, 0, soon.then()), stop, future, later)),
                new Sketch(List.of(new Choice(Kind.SOON, 2, soon.then()), stop, future, later)),
                new Sketch(List.of(new Choice(Kind.SOON, 3, soon.then()), stop, future, later)));
        assertThat(SketchShrinker.smallerArgs(4)).containsExactly(0, 2, 3);
        assertThat(SketchShrinker.smallerArgs(1)).containsExactly(0);
        assertThat(SketchShrinker.smallerArgs(0)).isEmpty();
    }

    @Test
    void aStopAfterALaterShrinksToTheTwoChoicesAlone() {
        Sketch minimal = new Sketch(List.of(new Choice(Kind.LATER, 0, List.of()), new Choice(Kind.STOP, 0, List.of())));
        int shrunk = 0;
        for (Sketch sketch : GENERATED) {
            if (!stopAfterLater(sketch)) {
                continue;
            }
            SketchShrinker.Shrunk<Sketch> result = shrink(sketch, 100_000, SketchShrinkerTest::stopAfterLater);
            assertThat(result.sketch()).as("shrunk from %s", sketch).isEqualTo(minimal);
            assertThat(result.value()).isEqualTo(result.sketch());
            shrunk++;
        }
        assertThat(shrunk).as("generated sketches with a STOP after a LATER").isGreaterThan(30);
    }

    @Test
    void shrinkingStopsOnceTheBudgetIsSpent() {
        for (int budget : new int[] {0, 1, 7, 40}) {
            for (Sketch sketch : GENERATED.subList(0, 30)) {
                List<Sketch> tried = new ArrayList<>();
                // one candidate in ten is kept: shrinking would go on far longer than the budget
                SketchShrinker.Shrunk<Sketch> result = shrink(sketch, budget, c -> tried.add(c) && tried.size() % 10 == 0);
                assertThat(result.runs()).isEqualTo(tried.size()).isLessThanOrEqualTo(budget);
                assertThat(tried.size()).as("candidates tried with a budget of %d", budget).isEqualTo(budget);
            }
        }
    }

    @Test
    void shrinkingEndsWhenNoCandidateIsKept_orWhenNoneIsLeft() {
        Sketch sketch = GENERATED.get(0);
        SketchShrinker.Shrunk<Sketch> none = shrink(sketch, Integer.MAX_VALUE, c -> false);
        assertThat(none.sketch()).isEqualTo(sketch);
        assertThat(none.runs()).as("one pass over the candidates").isEqualTo(SketchShrinker.candidates(sketch).size());

        SketchShrinker.Shrunk<Sketch> all = shrink(sketch, Integer.MAX_VALUE, c -> true);
        assertThat(all.sketch().choices()).as("every candidate kept").isEmpty();
        assertThat(all.runs()).isLessThan(50);

        // kept without a run (as the explorer keeps a candidate that makes the same program): the order alone ends it
        SketchShrinker.Shrunk<Integer> free = SketchShrinker.shrink(sketch, 0, 1, candidate -> 0,
                (c, n) -> SketchShrinker.Attempt.kept(n + 1, false));
        assertThat(free.sketch().choices()).isEmpty();
        assertThat(free.runs()).isZero();
    }

    @Test
    void candidatesAreTriedCheapestFirst_inTheShrinkersOrderAmongEqualCosts() {
        Sketch sketch = GENERATED.get(1);
        List<Sketch> tried = new ArrayList<>();
        // cost: how many choices are left; nothing is kept, so this is one pass over the candidates
        SketchShrinker.shrink(sketch, sketch, Integer.MAX_VALUE, c -> c.choices().size(), (c, current) -> {
            tried.add(c);
            return SketchShrinker.Attempt.rejected();
        });
        List<Sketch> proposed = SketchShrinker.candidates(sketch);
        assertThat(tried).containsExactlyInAnyOrderElementsOf(proposed)
                .isSortedAccordingTo(Comparator.comparingInt(c -> c.choices().size()));
        List<Sketch> sameSize = proposed.stream().filter(c -> c.choices().size() == sketch.choices().size()).toList();
        assertThat(tried.subList(tried.size() - sameSize.size(), tried.size())).as("the candidates that delete nothing")
                .containsExactlyElementsOf(sameSize);
    }

    @Test
    void sizesCompareStepsFirst_thenChildren_choices_ranksAndArguments() {
        Choice nothing = new Choice(Kind.NOTHING, 0, List.of());
        Choice stop = new Choice(Kind.STOP, 0, List.of());
        assertThat(SketchSize.of(new Sketch(List.of(stop))))
                .isEqualTo(new SketchSize(1, 0, 1, Kind.STOP.ordinal(), 0));
        assertThat(SketchSize.smaller(new Sketch(List.of(nothing, nothing)), new Sketch(List.of(stop)))).isTrue();
        assertThat(SketchSize.smaller(new Sketch(List.of(nothing)), new Sketch(List.of(nothing, nothing)))).isTrue();
        assertThat(SketchSize.smaller(new Sketch(List.of(new Choice(Kind.SOON, 11, List.of()))),
                new Sketch(List.of(new Choice(Kind.STOP, 0, List.of()))))).as("a simpler kind, a bigger argument").isTrue();
        assertThat(SketchSize.smaller(new Sketch(List.of(stop)), new Sketch(List.of(stop)))).isFalse();
    }
}
