package org.asynciotck.runner;

import java.util.Collection;
import java.util.Optional;
import java.util.regex.Pattern;

/** Reads the rule ID and level out of a scenario's (inherited) tags. */
final class ScenarioTags {

    /** A rule ID tag without its '@', e.g. {@code LOOP-1}. */
    private static final Pattern RULE_ID = Pattern.compile("^[A-Z]+-[0-9]+$");

    private ScenarioTags() {}

    /** JUnit drops the '@' of Cucumber tags and Gherkin keeps it; both forms are accepted. */
    static String withoutAt(String tag) {
        return tag.startsWith("@") ? tag.substring(1) : tag;
    }

    static Optional<String> ruleId(Collection<String> tags) {
        return tags.stream().map(ScenarioTags::withoutAt).filter(t -> RULE_ID.matcher(t).matches()).findFirst();
    }

    static Optional<RuleLevel> level(Collection<String> tags) {
        return tags.stream().map(RuleLevel::fromTag).flatMap(Optional::stream).findFirst();
    }
}
