package org.asynciotck.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.asynciotck.exploration.Exploration;
import org.asynciotck.exploration.ExplorationBudget;
import org.asynciotck.exploration.ExplorationFinding;
import org.asynciotck.runner.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportWriterTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path out;

    @Test
    void conformanceJsonHoldsImplementationRulesAndSummary() throws IOException {
        new ReportWriter(out, "9.9").write(ReportFixtures.mixed(true));

        JsonNode json = JSON.readTree(out.resolve(ReportWriter.CONFORMANCE_JSON).toFile());
        assertThat(json.at("/implementation/id").asText()).isEqualTo("loop-x");
        assertThat(json.at("/implementation/api_level").asText()).isEqualTo("3.12");
        assertThat(json.at("/implementation/capabilities").toString()).isEqualTo("[\"ready-queue\",\"select-timeout\"]");
        assertThat(json.at("/kit/version").asText()).isEqualTo("9.9");
        assertThat(json.at("/rules/1/id").asText()).isEqualTo("LOOP-2");
        assertThat(json.at("/rules/1/level").asText()).isEqualTo("MUST");
        assertThat(json.at("/rules/1/verdict").asText()).isEqualTo("fail");
        assertThat(json.at("/rules/1/scenarios/0/message").asText()).contains("<script>");
        assertThat(json.at("/rules/1/scenarios/0/feature").asText()).isEqualTo("features/loop.feature");
        assertThat(json.at("/rules/1/scenarios/0/line").asInt()).isEqualTo(12);
        assertThat(json.at("/rules/2/verdict").asText()).isEqualTo("not-applicable");
        assertThat(json.at("/summary/verdicts/fail").asInt()).isEqualTo(1);
        assertThat(json.at("/summary/verdicts/crashed").asInt()).isEqualTo(1);
        assertThat(json.at("/summary/must_failures").asInt()).isEqualTo(1);
        assertThat(json.at("/summary/should_warnings").asInt()).isEqualTo(1);
        assertThat(json.at("/summary/conformant").asBoolean()).isFalse();
        assertThat(json.at("/complete").asBoolean()).isTrue();
    }

    @Test
    void conformanceJsonUsesExactlyThePropertiesTheSchemaDeclares() throws IOException {
        RunResult mixed = ReportFixtures.mixed(true);
        Exploration explored = new Exploration(ExplorationBudget.DEFAULT, Exploration.State.RAN, "", 300, false,
                List.of(new ExplorationFinding(null, "a guarantee", "what it did", 2, 7, 3, null, "exploration/01/replay.py",
                        false)));
        new ReportWriter(out, "9.9").write(new RunResult(mixed.implementation(), mixed.rules(), mixed.complete(),
                mixed.coverage(), new org.asynciotck.steps.IterationDriver(
                        org.asynciotck.spi.Operation.RunOnce.Via.STOP_BEFORE_RUN, "it returned"), explored));
        JsonNode json = JSON.readTree(out.resolve(ReportWriter.CONFORMANCE_JSON).toFile());
        JsonNode schema = JSON.readTree(Path.of("..", "..", "docs", "conformance.schema.json").toFile());

        assertThat(names(json)).containsExactlyElementsOf(names(schema.at("/properties")));
        assertThat(names(json.at("/iterations")))
                .containsExactlyElementsOf(names(schema.at("/properties/iterations/properties")));
        assertThat(names(json.at("/implementation")))
                .containsExactlyInAnyOrderElementsOf(names(schema.at("/properties/implementation/properties")));
        assertThat(names(json.at("/summary")))
                .containsExactlyInAnyOrderElementsOf(names(schema.at("/properties/summary/properties")));
        assertThat(names(json.at("/rules/0")))
                .containsExactlyInAnyOrderElementsOf(names(schema.at("/$defs/rule/properties")));
        // "timeline" is there only for a failure about iterations (TimelineTest checks it on a real one).
        assertThat(names(json.at("/rules/0/scenarios/0"))).containsExactlyInAnyOrderElementsOf(
                names(schema.at("/$defs/rule/properties/scenarios/items/properties")).stream()
                        .filter(name -> !name.equals("timeline")).toList());
        assertThat(names(json.at("/exploration")))
                .containsExactlyInAnyOrderElementsOf(names(schema.at("/properties/exploration/properties")));
        assertThat(names(json.at("/exploration/findings/0"))).containsExactlyInAnyOrderElementsOf(
                names(schema.at("/properties/exploration/properties/findings/items/properties")));
        assertThat(names(json.at("/summary/verdicts")))
                .containsExactlyInAnyOrderElementsOf(iterable(schema.at("/$defs/verdict/enum")));
    }

    @Test
    void certificateEscapesEveryStringFromTheImplementation() throws IOException {
        new ReportWriter(out, "9.9").write(ReportFixtures.mixed(true));

        String html = Files.readString(out.resolve(ReportWriter.CERTIFICATE_HTML));
        assertThat(html).doesNotContain("<script>").doesNotContain("<b>&</b>")
                .contains("expected &lt;script&gt;alert(1)&lt;/script&gt; &amp; more")
                .contains("Loop &lt;b&gt;&amp;&lt;/b&gt; co")
                .contains("NOT CONFORMANT");
    }

    @Test
    void badgeCountsMustRulesPassedOverMustRulesApplicable() throws IOException {
        new ReportWriter(out, "9.9").write(ReportFixtures.mixed(true));

        // MUST: LOOP-1 pass, LOOP-2 fail, LOOP-3 n/a -> 1 of 2 applicable.
        assertThat(Files.readString(out.resolve(ReportWriter.BADGE_SVG)))
                .contains("aria-label=\"asyncio conformance: MUST 1/2, ").contains("<svg");
    }

    @Test
    void anInterruptedRunLeavesCompleteFilesMarkedIncomplete() throws IOException {
        StringWriter console = new StringWriter();
        RunResult partial = ReportFixtures.mixed(false);
        InterruptSafeReporting reporting = new InterruptSafeReporting(
                new ReportWriter(out, "9.9"), why -> partial, new PrintWriter(console, true));

        reporting.writePartial("run interrupted"); // what the shutdown hook does on Ctrl-C
        reporting.finish(ReportFixtures.mixed(true)); // the main thread must not overwrite it afterwards

        JsonNode json = JSON.readTree(out.resolve(ReportWriter.CONFORMANCE_JSON).toFile());
        assertThat(json.at("/complete").asBoolean()).isFalse();
        assertThat(json.at("/summary/conformant").asBoolean()).isFalse();
        assertThat(json.at("/rules")).hasSize(4);
        assertThat(Files.readString(out.resolve(ReportWriter.CERTIFICATE_HTML))).contains("INCOMPLETE");
        assertThat(Files.readString(out.resolve(ReportWriter.BADGE_SVG))).contains("(incomplete)");
        assertThat(console.toString()).contains("run interrupted: partial reports written to " + out);
        assertThat(JUnitXmlCheck.read(Files.readString(out.resolve(ReportWriter.JUNIT_XML))).properties())
                .containsEntry("complete", "false").containsEntry("conformant", "false");
        try (Stream<Path> files = Files.list(out)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder(
                    ReportWriter.CONFORMANCE_JSON, ReportWriter.CERTIFICATE_HTML, ReportWriter.BADGE_SVG,
                    ReportWriter.JUNIT_XML);
        }
    }

    @Test
    void htmlEscapeCoversMarkupQuotesAndControlCharacters() {
        assertThat(Html.escape("<a href=\"x\" title='y'>&</a>\u0001"))
                .isEqualTo("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;\uFFFD");
        assertThat(Html.escape(null)).isEmpty();
    }

    private static List<String> names(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static List<String> iterable(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(v -> values.add(v.asText()));
        return values;
    }
}
