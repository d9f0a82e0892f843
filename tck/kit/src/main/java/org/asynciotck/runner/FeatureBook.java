package org.asynciotck.runner;

import io.cucumber.gherkin.GherkinParser;
import io.cucumber.messages.types.Background;
import io.cucumber.messages.types.Examples;
import io.cucumber.messages.types.Feature;
import io.cucumber.messages.types.FeatureChild;
import io.cucumber.messages.types.RuleChild;
import io.cucumber.messages.types.Scenario;
import io.cucumber.messages.types.Step;
import io.cucumber.messages.types.TableCell;
import io.cucumber.messages.types.TableRow;
import io.cucumber.messages.types.Tag;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The feature files as written, for reading rather than running: each feature's description,
 * each rule's ID, level, title and description, each scenario's steps. Read with the same
 * Gherkin parser as {@link RuleCatalogue}.
 */
public final class FeatureBook {

    /** @param background the feature's Background steps, as written */
    public record Chapter(String path, String name, String description, List<String> background, List<Section> rules) {}

    /** @param id the rule ID, or "" when the rule has none (the catalogue reports that) */
    public record Section(String id, String level, String title, String description, List<String> background,
            List<Example> scenarios) {}

    /** @param steps "Given ...", with doc strings and table rows as further lines */
    public record Example(String keyword, String name, List<String> tags, List<String> steps) {}

    private final List<Chapter> chapters;

    private FeatureBook(List<Chapter> chapters) {
        this.chapters = List.copyOf(chapters);
    }

    public static FeatureBook loadFromClasspath(String folder) {
        return of(FeatureFiles.readFromClasspath(folder));
    }

    static FeatureBook of(Map<String, byte[]> files) {
        GherkinParser parser = GherkinParser.builder()
                .includeSource(false).includePickles(false).includeGherkinDocument(true).build();
        List<Chapter> chapters = new ArrayList<>();
        files.forEach((path, text) -> parser.parse(path, text)
                .forEach(envelope -> envelope.getGherkinDocument().flatMap(d -> d.getFeature())
                        .ifPresent(feature -> chapters.add(chapter(path, feature)))));
        return new FeatureBook(chapters);
    }

    public List<Chapter> chapters() {
        return chapters;
    }

    private static Chapter chapter(String path, Feature feature) {
        List<String> background = new ArrayList<>();
        List<Section> rules = new ArrayList<>();
        for (FeatureChild child : feature.getChildren()) {
            child.getBackground().ifPresent(b -> background.addAll(steps(b)));
            child.getRule().ifPresent(rule -> {
                List<String> tags = rule.getTags().stream().map(Tag::getName).toList();
                List<String> ruleBackground = new ArrayList<>();
                List<Example> scenarios = new ArrayList<>();
                for (RuleChild ruleChild : rule.getChildren()) {
                    ruleChild.getBackground().ifPresent(b -> ruleBackground.addAll(steps(b)));
                    ruleChild.getScenario().ifPresent(s -> scenarios.add(example(s)));
                }
                rules.add(new Section(ScenarioTags.ruleId(tags).orElse(""),
                        ScenarioTags.level(tags).map(Enum::name).orElse(""), rule.getName().strip(),
                        trim(rule.getDescription()), ruleBackground, scenarios));
            });
        }
        return new Chapter(path, feature.getName().strip(), trim(feature.getDescription()), background, rules);
    }

    private static Example example(Scenario scenario) {
        List<String> lines = new ArrayList<>(steps(scenario.getSteps()));
        for (Examples examples : scenario.getExamples()) {
            lines.add("Examples:" + (examples.getName().isBlank() ? "" : " " + examples.getName().strip()));
            Stream.concat(examples.getTableHeader().stream(), examples.getTableBody().stream())
                    .forEach(row -> lines.add("  " + row(row)));
        }
        return new Example(scenario.getKeyword().strip(), scenario.getName().strip(),
                scenario.getTags().stream().map(Tag::getName).toList(), lines);
    }

    private static List<String> steps(Background background) {
        return steps(background.getSteps());
    }

    private static List<String> steps(List<Step> steps) {
        List<String> lines = new ArrayList<>();
        for (Step step : steps) {
            lines.add(step.getKeyword().strip() + " " + step.getText());
            step.getDocString().ifPresent(doc -> doc.getContent().lines().forEach(line -> lines.add("    " + line)));
            step.getDataTable().ifPresent(table -> table.getRows().forEach(row -> lines.add("    " + row(row))));
        }
        return lines;
    }

    private static String row(TableRow row) {
        return "| " + String.join(" | ", row.getCells().stream().map(TableCell::getValue).toList()) + " |";
    }

    private static String trim(String description) {
        return Optional.ofNullable(description).map(String::stripIndent).map(String::strip).orElse("");
    }
}
