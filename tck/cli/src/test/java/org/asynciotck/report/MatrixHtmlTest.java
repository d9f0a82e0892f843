package org.asynciotck.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.asynciotck.runner.CatalogueRule;
import org.asynciotck.runner.RuleCatalogue;
import org.junit.jupiter.api.Test;

/**
 * matrix.html at a glance: a legend, sticky headers, one symbol per cell, families, reasons on
 * click and in print. Also writes {@code tck/cli/target/matrix-preview/matrix.html}, eleven
 * implementations over the real catalogue with every kind of cell, for a look in a browser:
 * {@code chromium --headless --screenshot=matrix.png --window-size=1440,900 file://$PWD/tck/target/matrix-preview/matrix.html}.
 */
class MatrixHtmlTest {

    private static final String[] KEYS = {"reference", "reference-sync", "cpython-3.10.13-c", "cpython-3.10.13-py",
        "cpython-3.11.7-c", "cpython-3.11.7-py", "cpython-3.12.1-c", "cpython-3.12.1-py", "cpython-3.13.0-c",
        "cpython-3.13.0-py", "uvloop-0.23.0-py3.11"};

    @Test
    void theGridHasALegendStickyHeadersSymbolsFamiliesAndEveryReasonTwice() throws IOException {
        MatrixReport matrix = elevenImplementations();

        String html = MatrixHtml.render(matrix);

        assertThat(html).contains("<ul class=\"legend\">");
        for (MatrixHtml.Kind kind : MatrixHtml.Kind.values()) {
            assertThat(html).as(kind.name()).contains("<li><span class=\"" + kind.css() + "\">" + kind.symbol + "</span> ");
            if (kind != MatrixHtml.Kind.NO_START) {
                assertThat(html).as("a cell of kind " + kind).contains("<td class=\"c " + kind.css() + "\"");
            }
        }
        assertThat(MatrixHtml.STYLE).contains("thead th{position:sticky;top:0").contains("th.rule{position:sticky;left:0")
                .contains("@media print").contains("writing-mode:vertical-rl");
        assertThat(html).containsSubsequence("<thead>", "<tr class=\"names\">", "<div class=\"sum summary\">", "</thead>",
                "<tr class=\"family\">");
        assertThat(html.split("<tr class=\"family\">", -1)).hasSizeGreaterThan(5);
        assertThat(html).contains("<details><summary class=\"crashed\">⚡</summary><div class=\"why\">")
                .contains("<h2>Reasons</h2>").containsPattern("<li id=\"n1\" class=\"[a-z-]+-reason\">");
        assertThat(html).doesNotContain("<script>").contains("&lt;script&gt;");
        assertThat(html).contains("href=\"reference/certificate.html\"");

        Path preview = Path.of("target", "matrix-preview");
        Files.createDirectories(preview);
        Files.writeString(preview.resolve("matrix.html"), html);
        // The same grid scrolled down, with one reason open: to see the sticky headers and a popover.
        Files.writeString(preview.resolve("matrix-scrolled.html"), html.replace("</body>", "<script>"
                + "document.querySelector('.grid').scrollTop=420;"
                + "document.querySelectorAll('td.crashed details')[3].open=true;</script></body>"));
    }

    @Test
    void aShouldCrashIsAWarningAnInfoDifferenceAnObservationAMustCrashACrash() {
        MatrixReport.Cell crashed = new MatrixReport.Cell("crashed", "crashed", "crashed (signal 11)");
        assertThat(MatrixHtml.Kind.of("SHOULD", crashed)).isEqualTo(MatrixHtml.Kind.SHOULD);
        assertThat(MatrixHtml.Kind.of("MUST", crashed)).isEqualTo(MatrixHtml.Kind.CRASHED);
        assertThat(MatrixHtml.Kind.of("INFO", new MatrixReport.Cell("fail", "info: differs", "x")))
                .isEqualTo(MatrixHtml.Kind.INFO_DIFFERS);
        assertThat(MatrixHtml.Kind.of("MUST", new MatrixReport.Cell("not-applicable", "not-applicable", "x")))
                .isEqualTo(MatrixHtml.Kind.NOT_APPLICABLE);
    }

    /** The real catalogue; the columns pass, except one cell of each kind here and there. */
    static MatrixReport elevenImplementations() {
        RuleCatalogue catalogue = RuleCatalogue.loadFromClasspath("features");
        List<MatrixReport.Implementation> impls = new ArrayList<>();
        for (String key : KEYS) {
            boolean uvloop = key.startsWith("uvloop");
            impls.add(new MatrixReport.Implementation(key, key, key, key.startsWith("cpython") ? "CPython asyncio" : key,
                    "1.0", "3.12.1", true, null, true, !uvloop, uvloop ? 18 : 26, uvloop ? 19 : 26,
                    new Provenance("ci-" + (uvloop ? "macos-14" : "linux"), uvloop ? "Mac OS X 14.4 aarch64" : "Linux 6.1.0 amd64",
                            "Python 3.12.1", "17.0.15", "2026-12-01T12:00:00Z"), uvloop));
        }
        List<MatrixReport.Rule> rules = new ArrayList<>();
        int i = 0;
        for (CatalogueRule rule : catalogue.rules()) {
            Map<String, MatrixReport.Cell> cells = new LinkedHashMap<>();
            for (String key : KEYS) {
                cells.put(key, cell(rule, key, i++));
            }
            rules.add(new MatrixReport.Rule(rule.id(), rule.level().name(), rule.title(), rule.family(), cells));
        }
        return new MatrixReport("0.1-test", impls, rules);
    }

    private static MatrixReport.Cell cell(CatalogueRule rule, String key, int i) {
        String level = rule.level().name();
        boolean uvloop = key.startsWith("uvloop");
        if (level.equals("INFO")) {
            return uvloop ? new MatrixReport.Cell("fail", "info: differs", "I/O callbacks ran after the timers")
                    : new MatrixReport.Cell("pass", "info: as asyncio", "pass");
        }
        if (level.equals("SHOULD") && key.contains("-py")) {
            return new MatrixReport.Cell("crashed", "crashed", "crashed (signal 11) <script>x</script>");
        }
        if (uvloop && rule.id().equals("NTODO-4")) {
            return new MatrixReport.Cell("fail", "fail", "[NTODO-4] uvloop: expected [a, b], observed [a]");
        }
        return switch (i % 53) {
            case 7 -> new MatrixReport.Cell("crashed", "crashed", "crashed (signal 11) on call_soon");
            case 11 -> new MatrixReport.Cell("timed-out", "timed-out", "timed out after 10 s");
            case 19 -> new MatrixReport.Cell("error", "error", "protocol error: reply without id");
            case 23 -> new MatrixReport.Cell("blocked", "blocked", "blocked: LIFE-1 did not pass");
            case 29 -> new MatrixReport.Cell("not-run", "not-run", "no scenario of this rule was selected");
            case 31, 37, 41 -> new MatrixReport.Cell("not-applicable", "not-applicable", "needs ready-queue");
            case 43 -> new MatrixReport.Cell("fail", "fail", "[" + rule.id() + "] " + key + ": expected x, observed y");
            default -> new MatrixReport.Cell("pass", "pass", "pass");
        };
    }
}
