package org.asynciotck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.asynciotck.broken.BrokenDrainsNewCallbacks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rules book opens with the diagram of one iteration of _run_once, and each family about
 * iterations shows one timeline: a real failing scenario from a conformance.json in the reports
 * folder where there is one, else what its first iteration scenario expects.
 */
class RuleBookPicturesTest {

    @TempDir
    Path reports;

    @Test
    void theBookOpensWithRunOnceAndShowsARealFailureForTheFamilyThatHasOne() throws IOException {
        CliRuns.certify(BrokenDrainsNewCallbacks.implementation(), "@NTODO-2", reports);
        StringWriter err = new StringWriter();

        assertThat(CliRunsAccess.run(reports, err, "docs", "--out", reports.toString())).as(err.toString()).isZero();

        String html = Files.readString(reports.resolve("rules.html"));
        int diagram = html.indexOf("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"run-once\"");
        assertThat(diagram).as("the _run_once diagram").isPositive().isLessThan(html.indexOf("<h2>Contents</h2>"));
        String ntodo = section(html, "feature-features-01-ntodo-snapshot-feature");
        assertThat(ntodo).contains("<b>Example timeline</b>: a run in which a scenario of this family did not pass")
                .contains("NTODO-2 · broken-drains-new-callbacks").contains(">observed</text>");
        String lifecycle = section(html, "feature-features-00-run-lifecycle-feature");
        assertThat(lifecycle).contains("<b>Example timeline</b>: what ").contains("(no failing run of this family")
                .contains("class=\"timeline\"").doesNotContain(">observed</text>");
    }

    private static String section(String html, String id) {
        int start = html.indexOf("<section id=\"" + id + "\">");
        assertThat(start).as("section " + id).isPositive();
        return html.substring(start, html.indexOf("</section>", start));
    }
}
