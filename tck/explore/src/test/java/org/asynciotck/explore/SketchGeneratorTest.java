package org.asynciotck.explore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Sketches from a seed: the same for the same seed and index, within their bounds, over the whole vocabulary. */
class SketchGeneratorTest {

    private static List<Sketch> sketches(SketchGenerator generator, long seed, int count) {
        return IntStream.range(0, count).mapToObj(i -> generator.sketch(seed, i)).toList();
    }

    @Test
    void theSameSeedAndIndexGiveTheSameSketch_fromAnyGeneratorAndInAnyOrder() {
        SketchGenerator one = new SketchGenerator(12, 28);
        List<Sketch> forwards = sketches(one, 7, 200);
        SketchGenerator other = new SketchGenerator(12, 28);
        for (int i = 199; i >= 0; i--) {
            assertThat(other.sketch(7, i)).as("sketch %d of seed 7, made again", i).isEqualTo(forwards.get(i));
        }
        assertThat(new HashSet<>(forwards)).as("distinct sketches of 200").hasSize(200);
        assertThat(sketches(one, 8, 200)).as("seed 8").doesNotContainAnyElementsOf(forwards);
        // seed and index are mixed: program i of seed s is not program i - 1 of seed s + 1, nor the reverse
        assertThat(one.sketch(1, 0)).isNotEqualTo(one.sketch(0, 1));
        assertThat(one.sketch(3, 5)).isNotEqualTo(one.sketch(5, 3));
    }

    @Test
    void sizesStayWithinTheBoundsAndReachBoth() {
        for (int[] bounds : new int[][] {{9, 22}, {12, 28}, {0, 2}, {5, 5}}) {
            Set<Integer> sizes = new TreeSet<>();
            for (Sketch sketch : sketches(new SketchGenerator(bounds[0], bounds[1]), 3, 2000)) {
                sizes.add(sketch.choices().size());
                for (Sketch.Choice choice : sketch.choices()) {
                    assertThat(choice.arg()).isBetween(0, Sketch.MAX_ARG);
                    assertThat(choice.then()).hasSizeLessThanOrEqualTo(Sketch.MAX_CHILDREN);
                    for (Sketch.Child child : choice.then()) {
                        assertThat(child.arg()).isBetween(0, Sketch.MAX_ARG);
                        assertThat(child.then()).hasSizeLessThanOrEqualTo(Sketch.MAX_GRANDCHILDREN);
                    }
                }
            }
            assertThat(sizes).as("sizes of 2000 sketches of %d..%d choices", bounds[0], bounds[1])
                    .containsExactlyElementsOf(IntStream.rangeClosed(bounds[0], bounds[1]).boxed().toList());
        }
    }

    @Test
    void boundsOutOfOrderAreRefused() {
        assertThatThrownBy(() -> new SketchGenerator(5, 4)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("[5, 4]");
        assertThatThrownBy(() -> new SketchGenerator(-1, 4)).isInstanceOf(IllegalArgumentException.class);
    }

    /** Every kind appears, each about as often as its weight says (within a fifth of what it should be). */
    @Test
    void everyKindAppearsAsOftenAsItsWeightSays() {
        Map<Sketch.Kind, Integer> kinds = new EnumMap<>(Sketch.Kind.class);
        Map<Sketch.ChildKind, Integer> childKinds = new EnumMap<>(Sketch.ChildKind.class);
        Map<Integer, Integer> children = new TreeMap<>();
        int choices = 0;
        int kindsOfChildren = 0;
        for (Sketch sketch : sketches(new SketchGenerator(12, 28), 11, 3000)) {
            for (Sketch.Choice choice : sketch.choices()) {
                choices++;
                kinds.merge(choice.kind(), 1, Integer::sum);
                children.merge(choice.then().size(), 1, Integer::sum);
                for (Sketch.Child child : choice.then()) {
                    for (Sketch.ChildKind kind : concat(child.kind(), child.then())) {
                        kindsOfChildren++;
                        childKinds.merge(kind, 1, Integer::sum);
                    }
                }
            }
        }
        assertThat(kinds.keySet()).as("kinds over 3000 sketches").containsExactly(Sketch.Kind.values());
        assertThat(childKinds.keySet()).as("kinds of children").containsExactly(Sketch.ChildKind.values());
        assertThat(children.keySet()).as("numbers of children").containsExactly(0, 1, 2, 3);
        int total = Sketch.KINDS.values().stream().mapToInt(Sketch.KINDS::weight).sum();
        for (Sketch.Kind kind : Sketch.Kind.values()) {
            double expected = (double) choices * Sketch.KINDS.weight(kind) / total;
            assertThat((double) kinds.get(kind)).as("choices of kind %s", kind).isBetween(0.8 * expected, 1.2 * expected);
        }
        int childTotal = Sketch.CHILD_KINDS.values().stream().mapToInt(Sketch.CHILD_KINDS::weight).sum();
        for (Sketch.ChildKind kind : Sketch.ChildKind.values()) {
            double expected = (double) kindsOfChildren * Sketch.CHILD_KINDS.weight(kind) / childTotal;
            assertThat((double) childKinds.get(kind)).as("children of kind %s", kind)
                    .isBetween(0.8 * expected, 1.2 * expected);
        }
    }

    @Test
    void theWeightsAreTheVocabularysOwn() {
        assertThat(Sketch.KINDS.values()).as("every kind, in the order of its rank").containsExactly(Sketch.Kind.values());
        assertThat(Sketch.CHILD_KINDS.values()).containsExactly(Sketch.ChildKind.values());
        assertThat(Sketch.KINDS.weight(Sketch.Kind.SOON)).isEqualTo(6);
        assertThat(Sketch.KINDS.weight(Sketch.Kind.NOTHING)).isEqualTo(1);
        assertThat(Sketch.CHILD_KINDS.weight(Sketch.ChildKind.SOON)).isEqualTo(5);
    }

    @Test
    void aWeightedTablePicksOnlyWhatItHolds_inProportion() {
        Weighted<String> table = Weighted.<String>builder().add(1, "rare").add(3, "common").build();
        SplittableRandom random = new SplittableRandom(42);
        int common = 0;
        for (int i = 0; i < 4000; i++) {
            String picked = table.pick(random);
            assertThat(picked).isIn("rare", "common");
            common += picked.equals("common") ? 1 : 0;
        }
        assertThat(common).as("picks of weight 3 of 4, out of 4000").isBetween(2800, 3200);
        assertThatThrownBy(() -> Weighted.<String>builder().add(0, "none")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("weight <= 0: 0");
    }

    private static List<Sketch.ChildKind> concat(Sketch.ChildKind first, List<Sketch.ChildKind> rest) {
        List<Sketch.ChildKind> all = new ArrayList<>(List.of(first));
        all.addAll(rest);
        return all;
    }
}
