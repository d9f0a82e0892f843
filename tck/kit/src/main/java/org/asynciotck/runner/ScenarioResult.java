package org.asynciotck.runner;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The verdict on one scenario (one example row for outlines).
 *
 * @param name    the scenario's name as written in the feature file
 * @param verdict what happened
 * @param message why, for anything but a pass ("" for a pass)
 * @param feature the feature file, e.g. {@code features/ready-queue.feature}
 * @param line    the scenario's line in that file, or 0 when unknown
 * @param tags    the scenario's tags including inherited ones, without '@'
 * @param timeline what it expected per iteration and what ran, when a step about iterations failed; else null
 */
public record ScenarioResult(
        String name, Verdict verdict, String message, String feature, int line, List<String> tags,
        Timeline timeline) {

    public ScenarioResult(String name, Verdict verdict, String message, String feature, int line, List<String> tags) {
        this(name, verdict, message, feature, line, tags, null);
    }

    public ScenarioResult {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(verdict, "verdict");
        message = message == null ? "" : message;
        feature = feature == null ? "" : feature;
        tags = List.copyOf(tags);
    }

    /** The iteration timeline of a failure about iterations. */
    public Optional<Timeline> timelineIfAny() {
        return Optional.ofNullable(timeline);
    }

    /** The rule this scenario verifies, from its {@code @ABC-1} tag. */
    public Optional<String> ruleId() {
        return ScenarioTags.ruleId(tags);
    }

    /** The rule's level, from its {@code @MUST}/{@code @SHOULD}/{@code @INFO} tag. */
    public Optional<RuleLevel> level() {
        return ScenarioTags.level(tags);
    }

    /** "features/x.feature:12", for messages. */
    public String location() {
        return line > 0 ? feature + ":" + line : feature;
    }
}
