package org.asynciotck.runner;

import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.asynciotck.spi.Profile;
import org.asynciotck.spi.Profiles;

/**
 * One rule as the feature files state it.
 *
 * @param id      the rule ID tag without '@', e.g. {@code LOOP-1}
 * @param level   the level tag
 * @param title   the Rule's name
 * @param family  the Feature's name
 * @param feature the feature file, e.g. {@code features/ready-queue.feature}
 * @param line    the line of the {@code Rule:} keyword
 * @param tags    the Rule's own tags, with '@' (ID, level, {@code @core}, {@code @profile-...}, ...)
 */
public record CatalogueRule(
        String id, RuleLevel level, String title, String family, String feature, int line, Set<String> tags) {

    /** The tag of the rules that every loop must be able to run (docs/core.md). */
    public static final String CORE_TAG = "@core";
    private static final String PROFILE_TAG = "@profile-";

    /** A rule without tags beyond its ID and level. */
    public CatalogueRule(String id, RuleLevel level, String title, String family, String feature, int line) {
        this(id, level, title, family, feature, line, Set.of());
    }

    public CatalogueRule {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(level, "level");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(family, "family");
        Objects.requireNonNull(feature, "feature");
        tags = Set.copyOf(tags);
    }

    /** A core rule: a loop for which it is not applicable cannot be conformant. */
    public boolean isCore() {
        return tags.contains(CORE_TAG);
    }

    /** Whether the rule is meant for loops of these profiles (its own {@code @profile-} tags). */
    public boolean appliesTo(Profiles profiles) {
        List<Profile> needed = tags.stream().filter(tag -> tag.startsWith(PROFILE_TAG))
                .map(tag -> Profile.named(tag.substring(PROFILE_TAG.length()))).toList();
        return needed.stream().allMatch(profiles::follows);
    }

    public String location() {
        return feature + ":" + line;
    }
}
