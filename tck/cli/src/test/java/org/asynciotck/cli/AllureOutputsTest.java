package org.asynciotck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.asynciotck.samplesteps.SampleImplementation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Allure results a run leaves behind tell the kit's verdicts: read from the files Allure's
 * generator reads (allure-results/*-result.json, categories.json, environment.properties).
 */
class AllureOutputsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path reports;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        RunCommand.RunSettings sample = new RunCommand.RunSettings("samplefeatures", "org.asynciotck.samplesteps", reports);
        ImplementationFactory factory = new ImplementationFactory(Map.of(
                ImplementationOptions.REFERENCE, options -> new SampleImplementation("sample-ref")));
        return Main.execute(args, factory, sample, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    @Test
    void eachResultHasTheKitsStatusTheSeverityOfItsLevelAndAMessageTheCategoriesMatch() throws IOException {
        assertThat(run("run", "--no-allure-html")).as(err.toString()).isEqualTo(ExitCode.NOT_CONFORMANT);

        Map<String, JsonNode> byName = new HashMap<>();
        results(reports.resolve("sample-ref/allure-results")).forEach(r -> byName.put(r.get("name").asText(), r));
        assertThat(byName).containsOnlyKeys("It passes", "It passes too", "It fails", "It is not applicable",
                "It crashes on 7", "It fails but only informs");

        assertThat(byName.get("It passes").get("status").asText()).isEqualTo("passed");
        assertThat(label(byName.get("It passes"), "severity")).isEqualTo("critical");
        JsonNode fails = byName.get("It fails");
        assertThat(fails.get("status").asText()).isEqualTo("failed");
        assertThat(fails.at("/statusDetails/message").asText()).startsWith("fail (MUST): [SAMPLE] sample-ref: expected 41");
        JsonNode crash = byName.get("It crashes on 7");
        assertThat(crash.get("status").asText()).isEqualTo("broken");
        assertThat(crash.at("/statusDetails/message").asText()).startsWith("crashed (MUST): crashed (signal 11)");
        JsonNode notApplicable = byName.get("It is not applicable");
        assertThat(notApplicable.get("status").asText()).isEqualTo("skipped");
        assertThat(label(notApplicable, "severity")).isEqualTo("normal");
        assertThat(notApplicable.at("/statusDetails/message").asText())
                .isEqualTo("not-applicable: not applicable: needs capability teleport");
        JsonNode info = byName.get("It fails but only informs");
        assertThat(info.get("status").asText()).as("INFO never fails a run").isEqualTo("passed");
        assertThat(label(info, "severity")).isEqualTo("trivial");
        assertThat(info.at("/statusDetails/message").asText()).startsWith("observation: differs (fail): ");
        assertThat(label(info, "story")).isEqualTo("SAMPLE-5");

        Map<String, JsonNode> categories = new HashMap<>();
        JSON.readTree(reports.resolve("sample-ref/allure-results/categories.json").toFile())
                .forEach(c -> categories.put(c.get("name").asText(), c));
        assertThat(categories).containsKeys("implementation crashed", "implementation timed out", "not applicable",
                "SHOULD warning", "blocked by a lifecycle rule", "not run");
        assertThat(matches(categories.get("implementation crashed"), crash)).isTrue();
        assertThat(matches(categories.get("implementation crashed"), fails)).isFalse();
        assertThat(matches(categories.get("not applicable"), notApplicable)).isTrue();
        assertThat(categories.values().stream().filter(c -> matches(c, byName.get("It passes")))).isEmpty();
    }

    @Test
    void theEnvironmentTabNamesTheImplementationItsIdentityInterpreterVariantProfilesAndTheKit() throws IOException {
        run("run", "--no-allure-html", "--id", "sample-pinned");

        Properties environment = new Properties();
        try (var in = Files.newBufferedReader(reports.resolve("sample-ref/allure-results/environment.properties"))) {
            environment.load(in);
        }
        assertThat(environment).containsKeys("implementation", "identity", "interpreter", "variant", "profiles",
                "kit_version");
        assertThat(environment.getProperty("identity")).isEqualTo("sample-pinned");
        assertThat(environment.getProperty("profiles")).startsWith("stock asyncio");
        assertThat(environment.getProperty("kit_version")).isNotBlank();
    }

    @Test
    void theHistoryOfThePreviousReportIsCarriedIntoTheNextResultsSoTrendsShow() throws IOException {
        Path out = reports.resolve("impl");
        Files.createDirectories(out.resolve("allure-report/history"));
        Files.writeString(out.resolve("allure-report/history/history-trend.json"), "[{\"data\":{\"passed\":3}}]");
        Files.createDirectories(out.resolve("allure-results/history"));
        Files.writeString(out.resolve("allure-results/history/history-trend.json"), "[]");

        AllureHtml.carryHistory(out);

        assertThat(out.resolve("allure-results/history/history-trend.json")).content()
                .isEqualTo("[{\"data\":{\"passed\":3}}]");
    }

    @Test
    void aSecondRunIntoTheSameFolderKeepsTheHistoryFolderOfTheResults() throws IOException {
        run("run", "--no-allure-html");
        Path history = reports.resolve("sample-ref/allure-results/history");
        Files.createDirectories(history);
        Files.writeString(history.resolve("history.json"), "{}");

        run("run", "--no-allure-html");

        assertThat(history.resolve("history.json")).exists();
        assertThat(results(reports.resolve("sample-ref/allure-results"))).hasSize(6);
    }

    /** Allure's rule: the status is one of matchedStatuses and the message matches messageRegex. */
    private static boolean matches(JsonNode category, JsonNode result) {
        boolean status = false;
        for (JsonNode s : category.get("matchedStatuses")) {
            status |= s.asText().equals(result.get("status").asText());
        }
        String message = result.at("/statusDetails/message").asText("");
        return status && java.util.regex.Pattern.compile(category.get("messageRegex").asText()).matcher(message).matches();
    }

    private static List<JsonNode> results(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(p -> p.toString().endsWith("-result.json")).map(p -> {
                try {
                    return JSON.readTree(p.toFile());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).toList();
        }
    }

    private static String label(JsonNode result, String name) {
        String value = null;
        for (JsonNode label : result.get("labels")) {
            if (label.get("name").asText().equals(name)) {
                value = label.get("value").asText();
            }
        }
        return value;
    }
}
