package org.asynciotck.explore;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Values picked at random in proportion to their weights, as a table of cumulative weights: value {@code i} is
 * picked when a draw in [0, total) falls in [{@code cumulative[i - 1]}, {@code cumulative[i]}).
 */
final class Weighted<T> {

    private final List<T> values;
    /** Running sums of the weights, strictly increasing; the last one is the total. */
    private final int[] cumulative;

    private Weighted(List<T> values, int[] cumulative) {
        this.values = List.copyOf(values);
        this.cumulative = cumulative;
    }

    static <T> Builder<T> builder() {
        return new Builder<>();
    }

    /** One value, each with the probability of its weight over the total. */
    T pick(SplittableRandom random) {
        int draw = random.nextInt(cumulative[cumulative.length - 1]);
        int i = 0;
        while (cumulative[i] <= draw) {
            i++;
        }
        return values.get(i);
    }

    /** The values in the order they were added. */
    List<T> values() {
        return values;
    }

    /** The weight of {@code value} (0 if it is not in the table). */
    int weight(T value) {
        int i = values.indexOf(value);
        return i < 0 ? 0 : cumulative[i] - (i == 0 ? 0 : cumulative[i - 1]);
    }

    /** Collects the values and their weights, in order. */
    static final class Builder<T> {
        private final List<T> values = new ArrayList<>();
        private final List<Integer> weights = new ArrayList<>();

        Builder<T> add(int weight, T value) {
            if (weight <= 0) {
                throw new IllegalArgumentException("weight <= 0: " + weight + " for " + value);
            }
            if (values.contains(value)) {
                throw new IllegalArgumentException("added twice: " + value);
            }
            values.add(value);
            weights.add(weight);
            return this;
        }

        Weighted<T> build() {
            if (values.isEmpty()) {
                throw new IllegalStateException("a weighted table needs at least one value");
            }
            int[] cumulative = new int[weights.size()];
            int sum = 0;
            for (int i = 0; i < cumulative.length; i++) {
                sum += weights.get(i);
                cumulative[i] = sum;
            }
            return new Weighted<>(values, cumulative);
        }
    }
}
