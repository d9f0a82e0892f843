package org.asynciotck.java;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * What the consumer build wrote (tck/java's pom: maven-invoker-plugin builds examples/java-loop, a project of
 * its own, against the kit's installed artifacts, as a loop author's build is). Runs in the phase after it
 * (Surefire's execution "consumer-certificate"), never with this module's other tests.
 */
class ConsumerCertificateTest {

    /** Where the invoker built the consumer: its copy of examples/java-loop. */
    private static final Path CONSUMER = Path.of("target", "consumer", "java-loop");
    private static final Path REPORTS = CONSUMER.resolve(Path.of("target", "asyncio-tck", "deque-loop"));

    /**
     * Lines of the consumer's build that are Maven's own and the user's to read: its progress ("[INFO] ..."), the
     * counts of tests run (skipped ones are the loop's not-applicable rules and SHOULD results, which say so in
     * the test reports), and nothing else: no line of a dependency's logging, no line of the loop's own.
     */
    private static final Pattern MAVENS_OWN = Pattern.compile(
            "\\[INFO\\].*|\\[WARNING\\] Tests run: \\d+, Failures: 0, Errors: 0, Skipped: \\d+.*|");

    @Test
    void theConsumerBuildCertifiedItsLoopConformant() throws IOException {
        JsonNode conformance = new ObjectMapper().readTree(REPORTS.resolve("conformance.json").toFile());
        JsonNode summary = conformance.path("summary");
        assertThat(conformance.path("implementation").path("id").asText()).isEqualTo("deque-loop");
        assertThat(conformance.path("complete").asBoolean()).as("the run completed").isTrue();
        assertThat(summary.path("conformant").asBoolean()).as(summary.path("headline").asText()).isTrue();
        assertThat(summary.path("must_failures").asInt()).isZero();
        assertThat(summary.path("must_passed").asInt()).isPositive().isEqualTo(summary.path("must_applicable").asInt());
        assertThat(conformance.path("exploration").path("state").asText()).isEqualTo("ran");
        assertThat(conformance.path("exploration").path("programs").asInt()).as("the exploration stage ran programs")
                .isPositive();
        assertThat(Files.readString(REPORTS.resolve("certificate.html"), StandardCharsets.UTF_8)).contains("CONFORMANT")
                .doesNotContain("NOT CONFORMANT");
        assertThat(REPORTS.resolve("badge.svg")).isRegularFile();
        assertThat(REPORTS.resolve("junit.xml")).isRegularFile();
    }

    @Test
    void theConsumerBuildPrintedOnlyMavensOwnLines() throws IOException {
        List<String> lines = Files.readAllLines(CONSUMER.resolve("build.log"), StandardCharsets.UTF_8);
        assertThat(lines).as("the consumer's build log").anyMatch(line -> line.contains("BUILD SUCCESS"))
                .anyMatch(line -> line.startsWith("[INFO] Running org.asynciotck.java.example.DequeLoopConformanceTest"));
        assertThat(lines.stream().filter(line -> !MAVENS_OWN.matcher(line).matches()))
                .as("lines of the consumer's build that are not Maven's own (see %s)", CONSUMER.resolve("build.log"))
                .isEmpty();
    }
}
