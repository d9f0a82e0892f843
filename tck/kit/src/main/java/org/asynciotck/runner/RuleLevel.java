package org.asynciotck.runner;

import java.util.Optional;

/** How much a rule weighs, in the RFC 2119 sense; the feature files tag each Rule with one. */
public enum RuleLevel {
    /** A failure makes the implementation non-conformant. */
    MUST,
    /** A failure is a warning. */
    SHOULD,
    /** Describes behaviour; never fails a run. */
    INFO;

    /** The level named by a tag such as {@code @MUST} or {@code MUST}, if it is one. */
    public static Optional<RuleLevel> fromTag(String tag) {
        String name = ScenarioTags.withoutAt(tag);
        for (RuleLevel level : values()) {
            if (level.name().equals(name)) {
                return Optional.of(level);
            }
        }
        return Optional.empty();
    }
}
