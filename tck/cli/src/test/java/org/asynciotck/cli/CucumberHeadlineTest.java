package org.asynciotck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.asynciotck.reference.ReferenceImplementation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cucumber's HTML report agrees with the kit where Cucumber can be told: a scenario that is not
 * applicable is SKIPPED in Cucumber's own message stream (read from the messages the HTML report
 * embeds), never FAILED; and where it cannot (its headline divides passed by all scenarios), the
 * page opens with a banner: the kit's verdict as the certificate states it, a link to the certificate, and how
 * many scenarios were skipped as not applicable.
 */
class CucumberHeadlineTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String MESSAGES = "window.CUCUMBER_MESSAGES = ";

    @TempDir
    Path reports;

    @Test
    void notApplicableScenariosAreSkippedInCucumbersMessagesAndTheBannerLinksTheCertificate() throws IOException {
        ImplementationFactory factory = new ImplementationFactory(Map.of(
                ImplementationOptions.REFERENCE, options -> new ReferenceImplementation(),
                ImplementationOptions.REFERENCE_SYNC, options -> new ReferenceImplementation(),
                ImplementationOptions.PROCESS, options -> new ReferenceImplementation()));
        RunCommand.RunSettings real = new RunCommand.RunSettings("features", "org.asynciotck.steps", reports);
        StringWriter err = new StringWriter();
        // CYCLES-2 belongs to the synchronous-dispatch profile, which the reference loop does not follow.
        int code = Main.execute(new String[] {"run", "--tags", "@CYCLES-1 or @CYCLES-2", "--no-allure-html"}, factory,
                real, new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
        assertThat(code).as(err.toString()).isZero();
        Path folder = reports.resolve("reference");
        String html = Files.readString(folder.resolve("cucumber.html"));

        Map<String, List<String>> statusesByCase = new HashMap<>();
        Map<String, String> messageByCase = new HashMap<>();
        for (JsonNode envelope : messages(html)) {
            JsonNode step = envelope.get("testStepFinished");
            if (step != null) {
                String id = step.get("testCaseStartedId").asText();
                JsonNode result = step.get("testStepResult");
                statusesByCase.computeIfAbsent(id, k -> new ArrayList<>()).add(result.get("status").asText());
                if (result.has("message")) {
                    messageByCase.putIfAbsent(id, result.get("message").asText());
                }
            }
        }
        List<String> notApplicable = messageByCase.entrySet().stream()
                .filter(e -> e.getValue().startsWith("not applicable: ")).map(Map.Entry::getKey).toList();
        assertThat(notApplicable).as("CYCLES-2's scenarios are not applicable to the reference loop").isNotEmpty();
        for (String id : notApplicable) {
            assertThat(statusesByCase.get(id)).as("Cucumber's step statuses of a not-applicable scenario")
                    .contains("SKIPPED").doesNotContain("FAILED", "UNDEFINED", "AMBIGUOUS");
        }
        assertThat(statusesByCase.values().stream().flatMap(List::stream)).doesNotContain("FAILED");

        int body = html.indexOf("<body>");
        int banner = html.indexOf("id=\"asyncio-tck-verdict\"");
        assertThat(banner).as("the banner is in the body, before Cucumber's content").isGreaterThan(body)
                .isLessThan(html.indexOf("<div id=\"content\">"));
        int headline = html.indexOf("<div id=\"asyncio-tck-headline\"");
        assertThat(headline).as("the page's first text is the kit's verdict, at the top of the banner")
                .isGreaterThan(banner).isLessThan(html.indexOf("the certificate</a>"));
        String verdict = html.substring(html.indexOf('>', headline) + 1, html.indexOf("</div>", headline));
        assertThat(verdict).startsWith("CONFORMANT - MUST ").contains(" passed; ");
        assertThat(Files.readString(folder.resolve("certificate.html"))).as("the certificate's outcome").contains(verdict);
        assertThat(html).doesNotContain(org.asynciotck.runner.CucumberReports.HEADLINE_MARK)
                .contains("<a href=\"certificate.html\">the certificate</a>")
                .contains(notApplicable.size() + " of " + statusesByCase.size() + " scenarios are not applicable");
        assertThat(folder.resolve("certificate.html")).isRegularFile();
    }

    /** The envelopes Cucumber's HTML formatter embeds (it writes '<' as the JavaScript escape \x3C). */
    static List<JsonNode> messages(String html) throws IOException {
        int start = html.indexOf(MESSAGES);
        assertThat(start).as("Cucumber's messages in the page").isPositive();
        String text = html.substring(start + MESSAGES.length(), html.indexOf("</script>", start)).strip();
        if (text.endsWith(";")) {
            text = text.substring(0, text.length() - 1);
        }
        List<JsonNode> envelopes = new ArrayList<>();
        JSON.readTree(text.replace("\\x3C", "\\u003C")).forEach(envelopes::add);
        return envelopes;
    }
}
