package org.asynciotck.explore;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.asynciotck.runner.RuleCatalogue;
import org.asynciotck.runner.RunConfiguration;
import org.junit.jupiter.api.Test;

/** {@link Model#RULES} is every rule a divergence can name, as the explorer's sources spell them, and each exists. */
class ModelRulesTest {

    /** The placeholder of a scenario the explorer writes for a divergence without a rule (FeatureText). */
    private static final String PLACEHOLDER = "EXPLORED-1";

    @Test
    void theModelsRulesAreTheRulesItsSourcesName() throws IOException {
        Set<String> named = new TreeSet<>();
        Pattern id = Pattern.compile("\"([A-Z]+-[0-9]+)\"");
        try (Stream<Path> sources = Files.list(Path.of("src/main/java/org/asynciotck/explore"))) {
            // Reliance names the rules programs lean on, beyond the ones a divergence names (RelianceTest)
            for (Path source : sources.filter(s -> !s.getFileName().toString().equals("Reliance.java")).toList()) {
                // the list itself is left out, or it would name every rule it lists
                Matcher m = id.matcher(Files.readString(source).replaceAll("(?s)RULES = Set\\.of\\(.*?\\);", ""));
                while (m.find()) {
                    named.add(m.group(1));
                }
            }
        }
        named.remove(PLACEHOLDER);
        assertThat(new TreeSet<>(Model.RULES)).isEqualTo(named);
        RuleCatalogue book = RuleCatalogue.loadFromClasspath(RunConfiguration.DEFAULT_FEATURES_FOLDER);
        assertThat(Model.RULES).allSatisfy(rule -> assertThat(book.find(rule)).as(rule).isPresent());
    }
}
