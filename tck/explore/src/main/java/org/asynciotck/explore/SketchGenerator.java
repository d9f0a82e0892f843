package org.asynciotck.explore;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Generates sketches at random from a seed: program {@code index} of a run with {@code seed} is a function of
 * the two alone ({@link #sketch(long, int)}), so any program of a run can be made again without the ones before
 * it. A sketch has {@code minChoices}..{@code maxChoices} choices, each as likely; a choice's kind is picked by the
 * weights of {@link Sketch#KINDS}, its argument uniformly in 0..{@link Sketch#MAX_ARG}, its number of children
 * uniformly in 0..{@link Sketch#MAX_CHILDREN}; a child likewise, by {@link Sketch#CHILD_KINDS}, with
 * 0..{@link Sketch#MAX_GRANDCHILDREN} kinds in its {@code then}.
 */
final class SketchGenerator {

    private final int minChoices;
    private final int maxChoices;

    SketchGenerator(int minChoices, int maxChoices) {
        if (minChoices < 0 || maxChoices < minChoices) {
            throw new IllegalArgumentException("choices must be 0 <= min <= max: [" + minChoices + ", " + maxChoices + "]");
        }
        this.minChoices = minChoices;
        this.maxChoices = maxChoices;
    }

    /** Sketch {@code index} of {@code seed}. */
    Sketch sketch(long seed, int index) {
        return sketch(randomOf(seed, index));
    }

    /**
     * The random source of program {@code index} of a run with {@code seed}: both mixed into one 64-bit seed, so
     * that neighbouring seeds and indices give unrelated sources.
     */
    static SplittableRandom randomOf(long seed, int index) {
        return new SplittableRandom(mix(mix(seed) + index));
    }

    /** A sketch drawn from {@code random}. */
    Sketch sketch(SplittableRandom random) {
        int size = random.nextInt(minChoices, maxChoices + 1);
        List<Sketch.Choice> choices = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            choices.add(choice(random));
        }
        return new Sketch(List.copyOf(choices));
    }

    private static Sketch.Choice choice(SplittableRandom random) {
        Sketch.Kind kind = Sketch.KINDS.pick(random);
        int arg = random.nextInt(Sketch.MAX_ARG + 1);
        int count = random.nextInt(Sketch.MAX_CHILDREN + 1);
        List<Sketch.Child> children = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            children.add(child(random));
        }
        return new Sketch.Choice(kind, arg, List.copyOf(children));
    }

    private static Sketch.Child child(SplittableRandom random) {
        Sketch.ChildKind kind = Sketch.CHILD_KINDS.pick(random);
        int arg = random.nextInt(Sketch.MAX_ARG + 1);
        int count = random.nextInt(Sketch.MAX_GRANDCHILDREN + 1);
        List<Sketch.ChildKind> then = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            then.add(Sketch.CHILD_KINDS.pick(random));
        }
        return new Sketch.Child(kind, arg, List.copyOf(then));
    }

    /** SplitMix64's finaliser (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014). */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
