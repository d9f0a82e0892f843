package org.asynciotck.runner;

import io.cucumber.gherkin.GherkinParser;
import io.cucumber.messages.types.Envelope;
import io.cucumber.messages.types.Feature;
import io.cucumber.messages.types.FeatureChild;
import io.cucumber.messages.types.Rule;
import io.cucumber.messages.types.Tag;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every rule the feature files state, read with the Gherkin parser (no scenario
 * is run). The feature files are the single source of rule IDs, levels and titles.
 */
public final class RuleCatalogue {

    private final Map<String, CatalogueRule> rulesById;
    private final List<String> problems;

    private RuleCatalogue(Map<String, CatalogueRule> rulesById, List<String> problems) {
        this.rulesById = rulesById;
        this.problems = List.copyOf(problems);
    }

    /** Reads every {@code .feature} file under the classpath folder {@code folder} (e.g. "features"). */
    public static RuleCatalogue loadFromClasspath(String folder) {
        Builder builder = new Builder();
        FeatureFiles.readFromClasspath(folder).forEach(builder::add);
        return builder.build();
    }

    /** A catalogue of the given feature texts, keyed by their path ("features/a.feature"). */
    public static RuleCatalogue of(Map<String, String> featureTexts) {
        Builder builder = new Builder();
        featureTexts.forEach((path, text) -> builder.add(path, text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        return builder.build();
    }

    /** All rules, in feature-file order. */
    public List<CatalogueRule> rules() {
        return List.copyOf(rulesById.values());
    }

    public Optional<CatalogueRule> find(String id) {
        return Optional.ofNullable(rulesById.get(id));
    }

    /** What is wrong with the feature files' rule tags (missing ID, missing level, duplicate ID), one line each. */
    public List<String> problems() {
        return problems;
    }

    private static final class Builder {
        private final GherkinParser parser = GherkinParser.builder()
                .includeSource(false).includePickles(false).includeGherkinDocument(true).build();
        private final Map<String, CatalogueRule> rules = new LinkedHashMap<>();
        private final List<String> problems = new ArrayList<>();

        void add(String path, byte[] text) {
            parser.parse(path, text).forEach(envelope -> read(path, envelope));
        }

        private void read(String path, Envelope envelope) {
            envelope.getParseError().ifPresent(error -> problems.add(path + ": " + error.getMessage()));
            envelope.getGherkinDocument().flatMap(d -> d.getFeature()).ifPresent(feature -> readFeature(path, feature));
        }

        private void readFeature(String path, Feature feature) {
            for (FeatureChild child : feature.getChildren()) {
                child.getRule().ifPresent(rule -> readRule(path, feature.getName(), rule));
            }
        }

        private void readRule(String path, String family, Rule rule) {
            String where = path + ":" + rule.getLocation().getLine();
            List<String> tags = rule.getTags().stream().map(Tag::getName).toList();
            Optional<String> id = ScenarioTags.ruleId(tags);
            Optional<RuleLevel> level = ScenarioTags.level(tags);
            problems.addAll(unknownProfiles(where, tags));
            if (id.isEmpty()) {
                problems.add(where + ": Rule '" + rule.getName() + "' has no rule ID tag like @LOOP-1");
                return;
            }
            if (level.isEmpty()) {
                problems.add(where + ": Rule " + id.get() + " has no level tag (@MUST, @SHOULD or @INFO)");
                return;
            }
            CatalogueRule entry = new CatalogueRule(
                    id.get(), level.get(), rule.getName().strip(), family.strip(), path,
                    Math.toIntExact(rule.getLocation().getLine()), java.util.Set.copyOf(tags));
            CatalogueRule earlier = rules.putIfAbsent(entry.id(), entry);
            if (earlier != null) {
                problems.add(where + ": rule ID " + entry.id() + " is already used at " + earlier.location());
            }
        }

        private static List<String> unknownProfiles(String where, List<String> tags) {
            List<String> unknown = new ArrayList<>();
            for (String tag : tags) {
                if (tag.startsWith("@profile-") && !org.asynciotck.spi.Profile.isName(tag.substring("@profile-".length()))) {
                    unknown.add(where + ": unknown profile tag " + tag + "; profiles: "
                            + String.join(", ", org.asynciotck.spi.Profile.names()));
                }
            }
            return unknown;
        }

        RuleCatalogue build() {
            return new RuleCatalogue(new LinkedHashMap<>(rules), problems);
        }
    }
}
