package org.asynciotck.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.asynciotck.runner.CatalogueRule;
import org.asynciotck.runner.RuleCatalogue;
import org.junit.jupiter.api.Test;

/**
 * Every rule ID that a comment, message or test in the code cites exists in the catalogue: a
 * reference to a rule that was renamed or never existed sends a reader to the wrong place.
 * Only IDs of the catalogue's own families count (an NTODO ID is checked; C-12, E-3 or UTF-8 are not).
 */
class RuleIdsInCodeTest {

    private static final Pattern RULE_ID = Pattern.compile("\\b([A-Z]+)-([0-9]+)\\b");
    private static final List<String> SOURCES = List.of("reference-impl/src", "tck/src/main", "tck/src/test/java",
            "tck/src/test/python", "tck/src/test/resources/badloops", "tck/java/src");

    @Test
    void everyCitedRuleIdIsInTheCatalogue() throws IOException {
        Path root = RulesTable.projectRoot(Path.of(""));
        RuleCatalogue catalogue = RuleCatalogue.loadFromClasspath("features");
        Set<String> ids = catalogue.rules().stream().map(CatalogueRule::id).collect(Collectors.toSet());
        Set<String> families = ids.stream().map(id -> id.substring(0, id.indexOf('-'))).collect(Collectors.toSet());
        List<String> unknown = new ArrayList<>();
        for (String folder : SOURCES) {
            try (Stream<Path> files = Files.walk(root.resolve(folder))) {
                files.filter(Files::isRegularFile).filter(RuleIdsInCodeTest::isSource)
                        .forEach(file -> unknown.addAll(unknownIds(root, file, ids, families)));
            }
        }
        assertThat(unknown).as("rule IDs cited in code that the catalogue does not have").isEmpty();
    }

    private static boolean isSource(Path file) {
        String name = file.getFileName().toString();
        return name.endsWith(".java") || name.endsWith(".py");
    }

    private static List<String> unknownIds(Path root, Path file, Set<String> ids, Set<String> families) {
        List<String> unknown = new ArrayList<>();
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            for (int n = 0; n < lines.size(); n++) {
                Matcher matcher = RULE_ID.matcher(lines.get(n));
                while (matcher.find()) {
                    String id = matcher.group();
                    if (families.contains(matcher.group(1)) && !ids.contains(id)) {
                        unknown.add(root.relativize(file) + ":" + (n + 1) + " cites " + id);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return unknown;
    }
}
