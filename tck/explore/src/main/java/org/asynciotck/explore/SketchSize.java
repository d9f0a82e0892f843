package org.asynciotck.explore;

import java.util.Comparator;

/**
 * How big a sketch is, for the shrinker: compared field by field in this order, each a count that cannot go
 * below 0, so every chain of ever smaller sizes ends (the order is well-founded) and so does shrinking.
 *
 * @param steps    choices that are not NOTHING
 * @param children children of all choices, and the kinds in their {@code then}
 * @param choices  choices, NOTHING included
 * @param ranks    the kinds' places in {@link Sketch.Kind} and {@link Sketch.ChildKind}, summed (NOTHING and
 *                 SOON, the simplest, rank 0)
 * @param args     the arguments of all choices and children, summed
 */
record SketchSize(int steps, int children, int choices, int ranks, int args) implements Comparable<SketchSize> {

    private static final Comparator<SketchSize> ORDER = Comparator.comparingInt(SketchSize::steps)
            .thenComparingInt(SketchSize::children).thenComparingInt(SketchSize::choices)
            .thenComparingInt(SketchSize::ranks).thenComparingInt(SketchSize::args);

    static SketchSize of(Sketch sketch) {
        int steps = 0;
        int children = 0;
        int ranks = 0;
        int args = 0;
        for (Sketch.Choice choice : sketch.choices()) {
            steps += choice.kind() == Sketch.Kind.NOTHING ? 0 : 1;
            ranks += choice.kind().ordinal();
            args += choice.arg();
            for (Sketch.Child child : choice.then()) {
                children += 1 + child.then().size();
                ranks += child.kind().ordinal();
                args += child.arg();
                for (Sketch.ChildKind kind : child.then()) {
                    ranks += kind.ordinal();
                }
            }
        }
        return new SketchSize(steps, children, sketch.choices().size(), ranks, args);
    }

    /** Whether {@code a} is strictly smaller than {@code b}. */
    static boolean smaller(Sketch a, Sketch b) {
        return of(a).compareTo(of(b)) < 0;
    }

    @Override
    public int compareTo(SketchSize other) {
        return ORDER.compare(this, other);
    }
}
