package org.asynciotck.explore;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToIntFunction;
import java.util.function.UnaryOperator;

/**
 * Shrinks a sketch over its list of choices, in the manner of Hypothesis's shrinker: it proposes smaller sketches
 * ({@link #candidates}), the caller tries them in order, and the first that still fails the same way becomes the
 * sketch shrunk from next ({@link #shrink}). Every candidate is a sketch, so a valid program ({@link Program#of});
 * every candidate is strictly smaller by {@link SketchSize}, a well-founded order, so shrinking ends even without
 * a budget.
 */
final class SketchShrinker {

    private SketchShrinker() {}

    /**
     * What trying one candidate gave.
     *
     * @param kept the caller's value of a candidate that still fails the same way (it becomes the current sketch),
     *             null if the candidate is not taken
     * @param ran  whether trying it cost a run of the budget (a candidate that makes the current program again, or
     *             one that makes a bigger program, is judged without one)
     */
    record Attempt<T>(T kept, boolean ran) {
        /** Not run, not taken. */
        static <T> Attempt<T> skipped() {
            return new Attempt<>(null, false);
        }

        /** Run, and it no longer fails the same way. */
        static <T> Attempt<T> rejected() {
            return new Attempt<>(null, true);
        }

        static <T> Attempt<T> kept(T value, boolean ran) {
            if (value == null) {
                throw new IllegalArgumentException("a kept candidate needs a value");
            }
            return new Attempt<>(value, ran);
        }
    }

    /** Tries one candidate against the caller's value of the current sketch. */
    @FunctionalInterface
    interface Trial<T> {
        Attempt<T> attempt(Sketch candidate, T current);
    }

    /** Where shrinking ended: the smallest sketch that still failed, the caller's value of it, and the runs spent. */
    record Shrunk<T>(Sketch sketch, T value, int runs) {}

    /**
     * Takes the candidates of the current sketch, first come first taken, while {@code trial} keeps them, and
     * starts again from each one taken; stops once {@code budget} runs are spent or no candidate is kept. The
     * candidates are tried in the order of their {@code cost} (the explorer's: the size of the program a candidate
     * makes, so that the biggest cut that keeps the divergence is found first), and in {@link #candidates}' order
     * among equal costs.
     */
    static <T> Shrunk<T> shrink(Sketch start, T value, int budget, ToIntFunction<Sketch> cost, Trial<T> trial) {
        Sketch current = start;
        T currentValue = value;
        int runs = 0;
        boolean improved = true;
        while (improved && runs < budget) {
            improved = false;
            List<Sketch> candidates = new ArrayList<>(candidates(current));
            Map<Sketch, Integer> costs = new HashMap<>();
            for (Sketch candidate : candidates) {
                costs.put(candidate, cost.applyAsInt(candidate));
            }
            candidates.sort(Comparator.comparing(costs::get)); // stable: equal costs keep their order
            for (Sketch candidate : candidates) {
                if (runs >= budget) {
                    break;
                }
                Attempt<T> attempt = trial.attempt(candidate, currentValue);
                runs += attempt.ran() ? 1 : 0;
                if (attempt.kept() != null) {
                    current = candidate;
                    currentValue = attempt.kept();
                    improved = true;
                    break;
                }
            }
        }
        return new Shrunk<>(current, currentValue, runs);
    }

    /**
     * The candidates of {@code sketch}, the biggest steps first: deleting runs of choices (half of them, a quarter,
     * ... down to two), deleting single choices, replacing a choice by NOTHING, dropping a choice's children (all,
     * then one), dropping the kinds of a child's {@code then}, replacing a kind by each simpler one (an earlier one
     * of its enum, the simplest first: SOON for a choice, whose NOTHING has its own pass, and for a child), then arguments towards 0.
     * Each is strictly smaller than {@code sketch}; none is proposed twice.
     */
    static List<Sketch> candidates(Sketch sketch) {
        List<Sketch.Choice> choices = sketch.choices();
        Set<Sketch> out = new LinkedHashSet<>();
        int n = choices.size();
        for (int k = n / 2; k >= 2; k /= 2) {
            for (int from = 0; from + k <= n; from++) {
                out.add(without(choices, from, k));
            }
        }
        for (int i = 0; i < n; i++) {
            out.add(without(choices, i, 1));
        }
        for (int i = 0; i < n; i++) {
            if (choices.get(i).kind() != Sketch.Kind.NOTHING) {
                out.add(replaced(choices, i, c -> new Sketch.Choice(Sketch.Kind.NOTHING, 0, List.of())));
            }
        }
        for (int i = 0; i < n; i++) {
            if (choices.get(i).then().size() > 1) {
                out.add(replaced(choices, i, c -> new Sketch.Choice(c.kind(), c.arg(), List.of())));
            }
        }
        for (int i = 0; i < n; i++) {
            List<Sketch.Child> children = choices.get(i).then();
            for (int j = 0; j < children.size(); j++) {
                int child = j;
                out.add(replaced(choices, i, c -> new Sketch.Choice(c.kind(), c.arg(), removed(c.then(), child))));
            }
        }
        for (int i = 0; i < n; i++) {
            List<Sketch.Child> children = choices.get(i).then();
            for (int j = 0; j < children.size(); j++) {
                for (int g = 0; g < children.get(j).then().size(); g++) {
                    int grandchild = g;
                    out.add(replacedChild(choices, i, j,
                            d -> new Sketch.Child(d.kind(), d.arg(), removed(d.then(), grandchild))));
                }
            }
        }
        for (int i = 0; i < n; i++) {
            for (Sketch.Kind kind : simpler(Sketch.Kind.values(), 1, choices.get(i).kind())) {
                out.add(replaced(choices, i, c -> new Sketch.Choice(kind, c.arg(), c.then())));
            }
        }
        for (int i = 0; i < n; i++) {
            List<Sketch.Child> children = choices.get(i).then();
            for (int j = 0; j < children.size(); j++) {
                Sketch.Child d = children.get(j);
                for (Sketch.ChildKind kind : simpler(Sketch.ChildKind.values(), 0, d.kind())) {
                    out.add(replacedChild(choices, i, j, x -> new Sketch.Child(kind, x.arg(), x.then())));
                }
                for (int g = 0; g < d.then().size(); g++) {
                    int grandchild = g;
                    for (Sketch.ChildKind kind : simpler(Sketch.ChildKind.values(), 0, d.then().get(g))) {
                        out.add(replacedChild(choices, i, j, x -> new Sketch.Child(x.kind(), x.arg(),
                                set(x.then(), grandchild, kind))));
                    }
                }
            }
        }
        for (int i = 0; i < n; i++) {
            for (int arg : smallerArgs(choices.get(i).arg())) {
                out.add(replaced(choices, i, c -> new Sketch.Choice(c.kind(), arg, c.then())));
            }
            List<Sketch.Child> children = choices.get(i).then();
            for (int j = 0; j < children.size(); j++) {
                for (int arg : smallerArgs(children.get(j).arg())) {
                    out.add(replacedChild(choices, i, j, d -> new Sketch.Child(d.kind(), arg, d.then())));
                }
            }
        }
        out.removeIf(candidate -> !SketchSize.smaller(candidate, sketch));
        return List.copyOf(out);
    }

    /** The kinds of {@code ranked} from rank {@code from} up to {@code kind}'s, {@code kind} left out, the simplest first. */
    private static <K extends Enum<K>> List<K> simpler(K[] ranked, int from, K kind) {
        return from >= kind.ordinal() ? List.of() : List.of(ranked).subList(from, kind.ordinal());
    }

    /** 0, half of {@code arg} and one less, each below {@code arg}, in that order. */
    static List<Integer> smallerArgs(int arg) {
        Set<Integer> smaller = new LinkedHashSet<>();
        for (int candidate : new int[] {0, arg / 2, arg - 1}) {
            if (candidate >= 0 && candidate < arg) {
                smaller.add(candidate);
            }
        }
        return List.copyOf(smaller);
    }

    private static Sketch without(List<Sketch.Choice> choices, int from, int count) {
        List<Sketch.Choice> rest = new ArrayList<>(choices.subList(0, from));
        rest.addAll(choices.subList(from + count, choices.size()));
        return new Sketch(List.copyOf(rest));
    }

    private static Sketch replaced(List<Sketch.Choice> choices, int i, UnaryOperator<Sketch.Choice> change) {
        return new Sketch(set(choices, i, change.apply(choices.get(i))));
    }

    private static Sketch replacedChild(List<Sketch.Choice> choices, int i, int j, UnaryOperator<Sketch.Child> change) {
        return replaced(choices, i, c -> new Sketch.Choice(c.kind(), c.arg(), set(c.then(), j, change.apply(c.then().get(j)))));
    }

    private static <E> List<E> set(List<E> list, int i, E element) {
        List<E> copy = new ArrayList<>(list);
        copy.set(i, element);
        return List.copyOf(copy);
    }

    private static <E> List<E> removed(List<E> list, int i) {
        List<E> copy = new ArrayList<>(list);
        copy.remove(i);
        return List.copyOf(copy);
    }
}
