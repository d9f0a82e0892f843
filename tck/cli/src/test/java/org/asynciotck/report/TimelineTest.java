package org.asynciotck.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.asynciotck.broken.BrokenDrainsNewCallbacks;
import org.asynciotck.cli.CliRuns;
import org.asynciotck.runner.Timeline;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

/**
 * The iteration timeline of a failing scenario: carried from the step that broke (expected per
 * iteration, what the loop recorded) to conformance.json, the certificate and Allure, with the
 * failure message template unchanged; its SVG is well-formed and escapes the implementation's labels.
 */
class TimelineTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path reports;

    @Test
    void aLoopThatDrainsNewCallbacksGetsATimelineInConformanceJsonTheCertificateAndAllure() throws Exception {
        Path folder = CliRuns.certify(BrokenDrainsNewCallbacks.implementation(), "@NTODO-2", reports);

        JsonNode report = JSON.readTree(folder.resolve("conformance.json").toFile());
        JsonNode scenario = null;
        for (JsonNode rule : report.get("rules")) {
            for (JsonNode s : rule.get("scenarios")) {
                if (s.has("timeline")) {
                    scenario = s;
                }
            }
        }
        assertThat(scenario).as("a failing NTODO-2 scenario with a timeline").isNotNull();
        assertThat(scenario.get("verdict").asText()).isEqualTo("fail");
        assertThat(scenario.get("message").asText()).as("the one template, unchanged")
                .matches("(?s)\\[NTODO-2\\] broken-drains-new-callbacks: expected exactly \\[.*\\] to run in iteration \\d+, "
                        + "observed \\[.*\\] \\(features/.*\\.feature:\\d+\\)");
        assertThat(com.networknt.schema.SchemaRegistry.withDefaultDialect(
                        com.networknt.schema.SpecificationVersion.DRAFT_2020_12)
                .getSchema(Files.newInputStream(Path.of("..", "..", "docs", "conformance.schema.json")))
                .validate(report)).as("conformance.json with a timeline against its schema").isEmpty();
        JsonNode timeline = scenario.get("timeline");
        int focus = timeline.get("focus").asInt();
        assertThat(timeline.at("/expected/" + focus)).as("what was expected where it broke").isNotEmpty();
        assertThat(timeline.at("/expected/" + focus)).isNotEqualTo(timeline.at("/observed/" + focus));

        String certificate = Files.readString(folder.resolve("certificate.html"));
        assertThat(certificate).contains("Iteration timelines of the scenarios that did not pass").contains("<svg")
                .contains("class=\"timeline\"");
        String svg = certificate.substring(certificate.indexOf("<svg"), certificate.indexOf("</svg>") + 6);
        assertWellFormed(svg);
        assertThat(svg).contains("expected").contains("observed").contains("iteration " + focus);

        List<Path> attachments;
        try (Stream<Path> files = Files.list(folder.resolve("allure-results"))) {
            attachments = files.filter(p -> p.getFileName().toString().endsWith("-timeline-attachment.svg")).toList();
        }
        assertThat(attachments).isNotEmpty();
        assertWellFormed(Files.readString(attachments.get(0)));
        boolean referenced;
        try (Stream<Path> files = Files.list(folder.resolve("allure-results"))) {
            referenced = files.filter(p -> p.getFileName().toString().endsWith("-result.json")).anyMatch(p -> {
                try {
                    return Files.readString(p).contains(attachments.get(0).getFileName().toString());
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
        }
        assertThat(referenced).as("an Allure result names the attachment").isTrue();
    }

    @Test
    void labelsFromTheImplementationAreEscapedCutAndCannotReorderTheText() throws Exception {
        Map<Integer, List<String>> expected = new TreeMap<>(Map.of(1, List.of("a", "b")));
        Map<Integer, List<String>> observed = new TreeMap<>(Map.of(1, List.of("a", "b", "</text><script>alert(1)</script>"),
                2, List.of("\u202eevil\u0007", "x".repeat(500))));
        String svg = TimelineSvg.render(new Timeline(new TreeMap<>(expected), new TreeMap<>(observed), 1, List.of()),
                "NTODO-1 · <b>hostile</b>");

        assertWellFormed(svg);
        assertThat(svg).doesNotContain("<script>").doesNotContain("<b>").doesNotContain("\u202e").doesNotContain("\u0007")
                .contains("&lt;/text&gt;&lt;script&gt;").contains("\\u202eevil\\u0007").doesNotContain("x".repeat(90))
                .contains("no claim").contains("unexpected");
    }

    @Test
    void theRunOnceDiagramIsWellFormedAndNamesTheSixSteps() throws Exception {
        String svg = RunOnceSvg.render();
        assertWellFormed(svg);
        assertThat(svg).contains("choose the timeout").contains("poll").contains("I/O callbacks").contains("due timers")
                .contains("the ntodo snapshot").contains("run exactly ntodo handles");
    }

    static void assertWellFormed(String svg) throws Exception {
        Document document = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        assertThat(document.getDocumentElement().getTagName()).isEqualTo("svg");
    }
}
