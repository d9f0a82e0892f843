package org.asynciotck.runner;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the rule ID and level out of a scenario's (inherited) tags. */
public final class ScenarioTags {

    /** A rule ID tag without its '@', e.g. {@code LOOP-1}. */
    private static final Pattern RULE_ID = Pattern.compile("^[A-Z]+-[0-9]+$");

    /** A prerequisite tag without its '@': {@code needs-} and a rule ID, e.g. {@code needs-TIMER-4}. */
    private static final Pattern PREREQUISITE = Pattern.compile("^needs-([A-Z]+-[0-9]+)$");

    private ScenarioTags() {}

    /**
     * The rules a scenario (or a rule) declares it leans on, from its {@code @needs-<RULE ID>} tags, in tag
     * order without repeats. A {@code @needs-} tag in lower case names a capability instead (ApplicabilityHooks).
     */
    static List<String> prerequisites(Collection<String> tags) {
        return tags.stream().map(ScenarioTags::withoutAt).map(PREREQUISITE::matcher).filter(Matcher::matches)
                .map(m -> m.group(1)).distinct().toList();
    }

    /** Whether {@code tag} (with or without '@') is a prerequisite tag naming a rule. */
    public static boolean isPrerequisite(String tag) {
        return PREREQUISITE.matcher(withoutAt(tag)).matches();
    }

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
