package org.asynciotck.runner;

import io.cucumber.gherkin.GherkinParser;
import io.cucumber.messages.types.Envelope;
import io.cucumber.messages.types.Feature;
import io.cucumber.messages.types.FeatureChild;
import io.cucumber.messages.types.Rule;
import io.cucumber.messages.types.RuleChild;
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
    /** The problems of prerequisite tags alone (a subset of {@link #problems}): a run refuses these. */
    private final List<String> prerequisiteProblems;

    private RuleCatalogue(Map<String, CatalogueRule> rulesById, List<String> problems, List<String> prerequisiteProblems) {
        this.rulesById = rulesById;
        this.problems = List.copyOf(problems);
        this.prerequisiteProblems = List.copyOf(prerequisiteProblems);
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

    /**
     * What is wrong with the feature files' rule tags (missing ID, missing level, duplicate ID, a
     * scenario outside every rule, a prerequisite naming an unknown rule, its own rule, or a cycle),
     * one line each.
     */
    public List<String> problems() {
        return problems;
    }

    /**
     * What keeps {@code text} (a feature file named {@code name}) from parsing as Gherkin, one line each; empty
     * when it parses. A file that does not parse would stop Cucumber's discovery of every feature.
     */
    public static List<String> parseErrors(String name, byte[] text) {
        List<String> errors = new ArrayList<>();
        GherkinParser.builder().includeSource(false).includePickles(false).includeGherkinDocument(false).build()
                .parse(name, text).forEach(envelope -> envelope.getParseError()
                        .ifPresent(error -> errors.add(name + ": " + error.getMessage())));
        return errors;
    }

    /**
     * Refuses a catalogue whose {@code @needs-<RULE ID>} tags cannot be resolved: a scenario that leans on a
     * rule that does not exist could never be blocked by it, so its verdict would silently mean something else.
     *
     * @throws IllegalStateException naming every such tag and where it is
     */
    public void requireKnownPrerequisites() {
        if (!prerequisiteProblems.isEmpty()) {
            throw new IllegalStateException("the feature files declare prerequisites the kit cannot resolve: "
                    + String.join("; ", prerequisiteProblems));
        }
    }

    private static final class Builder {
        private final GherkinParser parser = GherkinParser.builder()
                .includeSource(false).includePickles(false).includeGherkinDocument(true).build();
        private final Map<String, CatalogueRule> rules = new LinkedHashMap<>();
        private final List<String> problems = new ArrayList<>();
        /** Per rule ID, the prerequisites its Rule, Scenarios and Examples declare, with where each is. */
        private final Map<String, Map<String, String>> prerequisites = new LinkedHashMap<>();

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
                // a scenario outside every Rule has no rule to give its verdict to (it would count as a rule of none)
                child.getScenario().ifPresent(scenario -> problems.add(path + ":" + scenario.getLocation().getLine()
                        + ": Scenario '" + scenario.getName() + "' is outside every Rule; put it under a Rule"
                        + " tagged with its ID and level (@LOOP-1 @MUST)"));
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
            readPrerequisites(path, entry.id(), rule);
        }

        private void readPrerequisites(String path, String id, Rule rule) {
            Map<String, String> needed = prerequisites.computeIfAbsent(id, k -> new LinkedHashMap<>());
            note(needed, path, rule.getTags());
            for (RuleChild child : rule.getChildren()) {
                child.getScenario().ifPresent(scenario -> {
                    note(needed, path, scenario.getTags());
                    scenario.getExamples().forEach(examples -> note(needed, path, examples.getTags()));
                });
            }
        }

        private static void note(Map<String, String> needed, String path, List<Tag> tags) {
            for (Tag tag : tags) {
                ScenarioTags.prerequisites(List.of(tag.getName()))
                        .forEach(rule -> needed.putIfAbsent(rule, path + ":" + tag.getLocation().getLine()));
            }
        }

        /** Unknown rules, a rule naming itself, and cycles (which could never be resolved). */
        private List<String> prerequisiteProblems() {
            List<String> found = new ArrayList<>();
            prerequisites.forEach((id, needed) -> needed.forEach((rule, where) -> {
                if (!rules.containsKey(rule)) {
                    found.add(where + ": @needs-" + rule + " names no rule of the catalogue");
                } else if (rule.equals(id)) {
                    found.add(where + ": rule " + id + " names itself as its prerequisite");
                } else if (reaches(rule, id, new java.util.HashSet<>())) {
                    found.add(where + ": @needs-" + rule + " makes a cycle of prerequisites back to " + id);
                }
            }));
            return found;
        }

        private boolean reaches(String from, String to, java.util.Set<String> seen) {
            if (from.equals(to)) {
                return true;
            }
            if (!seen.add(from)) {
                return false;
            }
            return prerequisites.getOrDefault(from, Map.of()).keySet().stream().anyMatch(next -> reaches(next, to, seen));
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
            List<String> unresolvable = prerequisiteProblems();
            List<String> all = new ArrayList<>(problems);
            all.addAll(unresolvable);
            return new RuleCatalogue(new LinkedHashMap<>(rules), all, unresolvable);
        }
    }
}
