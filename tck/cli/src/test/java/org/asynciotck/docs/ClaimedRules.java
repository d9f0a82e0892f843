package org.asynciotck.docs;

import io.cucumber.gherkin.GherkinParser;
import io.cucumber.messages.types.Envelope;
import io.cucumber.messages.types.Feature;
import io.cucumber.messages.types.Rule;
import io.cucumber.messages.types.RuleChild;
import io.cucumber.messages.types.Scenario;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.asynciotck.runner.CatalogueRule;
import org.asynciotck.runner.RuleCatalogue;

/**
 * The rules of the feature files with the claims each one lists ({@code Claims: C-3, C-4} in the
 * Rule's description) and its scenarios. Rule IDs, levels and titles come from {@link RuleCatalogue},
 * so this reads the rules exactly as the runner does; the claims line and the scenarios are read
 * with the same Gherkin parser.
 */
final class ClaimedRules {

    static final String CLAIMS_PREFIX = "Claims:";
    /**
     * Instead of a Claims line, a rule that no claim of the source document states names where its
     * promise comes from (the asyncio documentation, CPython's source): "Beyond the claims: ...".
     */
    static final String BEYOND_PREFIX = "Beyond the claims:";

    /**
     * A scenario (or scenario outline) of a rule, with the line of its keyword and the rules it declares as
     * prerequisites on itself or its Examples ({@code @needs-TIMER-4}: TIMER-4).
     */
    record ScenarioRef(String name, String feature, int line, List<String> needs) {
        String location() {
            return feature + ":" + line;
        }
    }

    /** One rule, the claims it lists and its scenarios. */
    /** {@code beyond} is the rule's "Beyond the claims:" text, or null when it lists claims. */
    record Entry(CatalogueRule rule, List<String> claims, String beyond, List<ScenarioRef> scenarios) {}

    private final List<Entry> entries;
    private final List<String> problems;

    private ClaimedRules(List<Entry> entries, List<String> problems) {
        this.entries = List.copyOf(entries);
        this.problems = List.copyOf(problems);
    }

    /** Reads every {@code *.feature} in {@code featuresDir}, naming them {@code features/<file>}. */
    static ClaimedRules read(Path featuresDir) {
        Map<String, String> texts = new LinkedHashMap<>();
        try (Stream<Path> files = Files.list(featuresDir)) {
            for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".feature")).sorted().toList()) {
                texts.put("features/" + file.getFileName(), Files.readString(file, StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the feature files in " + featuresDir.toAbsolutePath(), e);
        }
        if (texts.isEmpty()) {
            throw new IllegalArgumentException("no .feature file in [" + featuresDir.toAbsolutePath() + "]");
        }
        return of(texts);
    }

    /** Reads the given feature texts, keyed by path ("features/a.feature"). */
    static ClaimedRules of(Map<String, String> featureTexts) {
        RuleCatalogue catalogue = RuleCatalogue.of(featureTexts);
        List<String> problems = new ArrayList<>(catalogue.problems());
        Map<String, Rule> parsed = new LinkedHashMap<>();
        GherkinParser parser = GherkinParser.builder()
                .includeSource(false).includePickles(false).includeGherkinDocument(true).build();
        featureTexts.forEach((path, text) -> parser.parse(path, text.getBytes(StandardCharsets.UTF_8))
                .map(Envelope::getGherkinDocument).flatMap(Optional::stream)
                .map(document -> document.getFeature()).flatMap(Optional::stream)
                .forEach(feature -> rulesOf(feature).forEach(rule -> parsed.put(path + ":" + rule.getLocation().getLine(), rule))));
        List<Entry> entries = new ArrayList<>();
        for (CatalogueRule rule : catalogue.rules()) {
            Rule gherkin = parsed.get(rule.location());
            if (gherkin == null) {
                problems.add(rule.location() + ": rule " + rule.id() + " not found by the Gherkin parser");
                continue;
            }
            String beyond = beyondOf(gherkin.getDescription());
            List<String> claims = beyond == null ? claimsOf(rule, gherkin.getDescription(), problems) : List.of();
            if (beyond != null && descriptionLines(gherkin.getDescription()).anyMatch(l -> l.startsWith(CLAIMS_PREFIX))) {
                problems.add(rule.location() + ": rule " + rule.id() + " has both a '" + CLAIMS_PREFIX + "' and a '"
                        + BEYOND_PREFIX + "' line; keep one");
            }
            entries.add(new Entry(rule, claims, beyond, scenariosOf(rule, gherkin)));
        }
        return new ClaimedRules(entries, problems);
    }

    private static Stream<Rule> rulesOf(Feature feature) {
        return feature.getChildren().stream().map(child -> child.getRule()).flatMap(Optional::stream);
    }

    private static Stream<String> descriptionLines(String description) {
        return description == null ? Stream.empty() : description.lines().map(String::strip);
    }

    /** The text after "Beyond the claims:", or null when the rule has no such line. */
    private static String beyondOf(String description) {
        return descriptionLines(description).filter(l -> l.startsWith(BEYOND_PREFIX))
                .map(l -> l.substring(BEYOND_PREFIX.length()).strip()).filter(t -> !t.isEmpty())
                .findFirst().orElse(null);
    }

    private static List<String> claimsOf(CatalogueRule rule, String description, List<String> problems) {
        List<String> lines = description == null ? List.of()
                : description.lines().map(String::strip).filter(l -> l.startsWith(CLAIMS_PREFIX)).toList();
        if (lines.size() != 1) {
            problems.add(rule.location() + ": rule " + rule.id() + " needs exactly one line '" + CLAIMS_PREFIX
                    + " C-1, C-2' in its description, has " + lines.size());
            return List.of();
        }
        List<String> claims = Arrays.stream(lines.get(0).substring(CLAIMS_PREFIX.length()).split(","))
                .map(String::strip).filter(s -> !s.isEmpty()).toList();
        claims.stream().filter(c -> !ClaimsFile.CLAIM_ID.matcher(c).matches())
                .forEach(c -> problems.add(rule.location() + ": rule " + rule.id() + " lists [" + c
                        + "], which is not a claim ID of the form C-<number>"));
        if (claims.isEmpty()) {
            problems.add(rule.location() + ": rule " + rule.id() + " lists no claim");
        }
        return claims;
    }

    private static List<ScenarioRef> scenariosOf(CatalogueRule rule, Rule gherkin) {
        return gherkin.getChildren().stream().map(RuleChild::getScenario).flatMap(Optional::stream)
                .map((Scenario s) -> new ScenarioRef(s.getName().strip(), rule.feature(),
                        Math.toIntExact(s.getLocation().getLine()), needs(s)))
                .toList();
    }

    private static List<String> needs(Scenario scenario) {
        java.util.stream.Stream<io.cucumber.messages.types.Tag> tags = java.util.stream.Stream.concat(
                scenario.getTags().stream(), scenario.getExamples().stream().flatMap(e -> e.getTags().stream()));
        return prerequisites(tags.map(io.cucumber.messages.types.Tag::getName));
    }

    /** The rule IDs of the prerequisite tags among {@code tags}, in order, without repeats. */
    static List<String> prerequisites(java.util.stream.Stream<String> tags) {
        return tags.filter(org.asynciotck.runner.ScenarioTags::isPrerequisite)
                .map(tag -> tag.substring(tag.indexOf("needs-") + "needs-".length())).distinct().toList();
    }

    List<Entry> entries() {
        return entries;
    }

    /** Problems of the feature files: rule tags (as the runner reports them) and claims lines. */
    List<String> problems() {
        return problems;
    }
}
