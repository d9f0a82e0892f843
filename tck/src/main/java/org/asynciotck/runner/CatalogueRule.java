package org.asynciotck.runner;

import java.util.Objects;

/**
 * One rule as the feature files state it.
 *
 * @param id      the rule ID tag without '@', e.g. {@code LOOP-1}
 * @param level   the level tag
 * @param title   the Rule's name
 * @param family  the Feature's name
 * @param feature the feature file, e.g. {@code features/ready-queue.feature}
 * @param line    the line of the {@code Rule:} keyword
 */
public record CatalogueRule(String id, RuleLevel level, String title, String family, String feature, int line) {

    public CatalogueRule {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(level, "level");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(family, "family");
        Objects.requireNonNull(feature, "feature");
    }

    public String location() {
        return feature + ":" + line;
    }
}
