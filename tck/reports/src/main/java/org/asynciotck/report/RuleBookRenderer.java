package org.asynciotck.report;

import static org.asynciotck.report.Html.escape;

import java.util.HashMap;
import java.util.Map;
import org.asynciotck.runner.CpythonSource;
import org.asynciotck.runner.FeatureBook;

/**
 * rules.html: the features as a book, one self-contained page (no scripts, no external
 * files). Each rule shows its ID, level, title, description and scenarios as written and,
 * when a matrix is given, its verdict for every implementation of that matrix. It opens with a
 * diagram of one iteration of {@code _run_once} ({@link RunOnceSvg}), and each feature (family)
 * that makes claims about iterations shows one iteration timeline ({@link TimelineSvg}): a real
 * failing scenario found in the reports when there is one ({@link Example}), else what its first
 * such scenario expects, read from the feature text.
 */
public final class RuleBookRenderer {

    public static final String RULES_HTML = "rules.html";

    private static final String STYLE = """
            body{font-family:system-ui,sans-serif;margin:2em auto;max-width:60em;color:#222;line-height:1.4}
            .description{white-space:pre-wrap}.steps{font-family:monospace;white-space:pre-wrap;background:#f6f8fa;\
            padding:.5em;margin:.3em 0}
            .rule{border-left:4px solid #888;padding-left:1em;margin:1.5em 0}.MUST{border-color:#c62828}\
            .SHOULD{border-color:#ef6c00}.INFO{border-color:#1565c0}
            table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left}
            .pass{background:#e6f4ea}.fail,.crashed,.timed-out,.error,.blocked{background:#fce8e6}\
            .not-applicable,.not-run{background:#f1f3f4}.could-not-start{background:#fff4e5}
            figure{margin:1em 0;overflow-x:auto}figcaption{font-size:.9em;color:#444;margin:.2em 0}\
            figcaption.reason{font-family:monospace;white-space:pre-wrap}
            """;

    private RuleBookRenderer() {}

    /**
     * A failing scenario of some run, shown as its family's example timeline.
     *
     * @param title    what the picture is of, e.g. "NTODO-2 · broken-drains-new-callbacks · ..."
     * @param timeline expected vs observed per iteration
     * @param caption  the failure message
     */
    public record Example(String title, org.asynciotck.runner.Timeline timeline, String caption) {}

    /** A claim like: exactly the callbacks "a" and "c" ran in iteration 1, in any order. */
    private static final java.util.regex.Pattern RAN_IN = java.util.regex.Pattern.compile(
            "exactly the callbacks (.*) ran (?:in iteration (\\d+)|outside any iteration), in any order");
    private static final java.util.regex.Pattern LABEL = java.util.regex.Pattern.compile("\"([^\"]*)\"");

    /** @param matrix verdicts to show under each rule, or null */
    public static String render(FeatureBook book, MatrixReport matrix, String kitVersion) {
        return render(book, matrix, kitVersion, Map.of());
    }

    /**
     * @param matrix   verdicts to show under each rule, or null
     * @param examples by feature path (e.g. features/01-ntodo-snapshot.feature): a failing scenario to draw
     */
    public static String render(FeatureBook book, MatrixReport matrix, String kitVersion, Map<String, Example> examples) {
        Map<String, MatrixReport.Rule> verdicts = new HashMap<>();
        if (matrix != null) {
            matrix.rules().forEach(rule -> verdicts.put(rule.id(), rule));
        }
        StringBuilder html = new StringBuilder(65536);
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<title>asyncio conformance rules</title><style>").append(STYLE).append("</style></head><body>\n")
                .append("<h1>The rules of the asyncio conformance kit</h1>\n<p>Kit version ").append(escape(kitVersion))
                .append(". MUST rules decide conformance, SHOULD rules warn, INFO rules describe.</p>\n")
                .append("<figure class=\"run-once\">").append(RunOnceSvg.render()).append("<figcaption>Every rule about ")
                .append("iterations counts these: an iteration is one pass through the six steps, and step 6 runs only ")
                .append("the handles counted in step 5.</figcaption></figure>\n<h2>Contents</h2>\n<ul>\n");
        for (FeatureBook.Chapter chapter : book.chapters()) {
            html.append("<li><a href=\"#").append(escape(anchor(chapter.path()))).append("\">")
                    .append(escape(chapter.name())).append("</a>: ");
            chapter.rules().forEach(rule -> html.append("<a href=\"#").append(escape(rule.id())).append("\">")
                    .append(escape(rule.id())).append("</a> "));
            html.append("</li>\n");
        }
        html.append("</ul>\n");
        for (FeatureBook.Chapter chapter : book.chapters()) {
            appendChapter(html, chapter, verdicts, matrix, examples.get(chapter.path()));
        }
        return html.append("</body></html>\n").toString();
    }

    private static void appendChapter(StringBuilder html, FeatureBook.Chapter chapter,
            Map<String, MatrixReport.Rule> verdicts, MatrixReport matrix, Example example) {
        html.append("<section id=\"").append(escape(anchor(chapter.path()))).append("\">\n<h2>")
                .append(escape(chapter.name())).append("</h2>\n<p class=\"description\">")
                .append(escape(chapter.description())).append("</p>\n");
        Map<String, String> sources = CpythonSource.links(chapter.description());
        if (!sources.isEmpty()) {
            html.append("<p>CPython source: ");
            sources.forEach((file, url) -> html.append("<a href=\"").append(escape(url)).append("\">")
                    .append(escape(file)).append("</a> "));
            html.append("</p>\n");
        }
        html.append("<p><small>").append(escape(chapter.path())).append("</small></p>\n");
        appendTimeline(html, chapter, example);
        steps(html, "Background (every scenario of this feature starts with)", chapter.background());
        for (FeatureBook.Section rule : chapter.rules()) {
            html.append("<div class=\"rule ").append(escape(rule.level())).append("\" id=\"").append(escape(rule.id()))
                    .append("\">\n<h3>").append(escape(rule.id())).append(" <small>").append(escape(rule.level()))
                    .append("</small>: ").append(escape(rule.title())).append("</h3>\n");
            if (!rule.description().isEmpty()) {
                html.append("<p class=\"description\">").append(escape(rule.description())).append("</p>\n");
            }
            steps(html, "Background", rule.background());
            for (FeatureBook.Example scenario : rule.scenarios()) {
                html.append("<h4>").append(escape(scenario.keyword())).append(": ").append(escape(scenario.name()))
                        .append(scenario.tags().isEmpty() ? "" : " <small>" + escape(String.join(" ", scenario.tags()))
                                + "</small>").append("</h4>\n");
                steps(html, null, scenario.steps());
            }
            MatrixReport.Rule row = verdicts.get(rule.id());
            if (row != null) {
                appendVerdicts(html, row, matrix);
            }
            html.append("</div>\n");
        }
        html.append("</section>\n");
    }

    /** The family's example timeline: a real failure when given, else the expectation of its first iteration scenario. */
    private static void appendTimeline(StringBuilder html, FeatureBook.Chapter chapter, Example example) {
        if (example != null) {
            html.append("<figure class=\"timeline\"><figcaption><b>Example timeline</b>: a run in which a scenario of this ")
                    .append("family did not pass, what it expected above what the loop did.</figcaption>")
                    .append(TimelineSvg.render(example.timeline(), example.title()))
                    .append("<figcaption class=\"reason\">").append(escape(example.caption()))
                    .append("</figcaption></figure>\n");
            return;
        }
        for (FeatureBook.Section rule : chapter.rules()) {
            for (FeatureBook.Example scenario : rule.scenarios()) {
                java.util.SortedMap<Integer, java.util.List<String>> expected = new java.util.TreeMap<>();
                for (String step : scenario.steps()) {
                    java.util.regex.Matcher m = RAN_IN.matcher(step);
                    if (m.find()) {
                        java.util.List<String> labels = new java.util.ArrayList<>();
                        java.util.regex.Matcher label = LABEL.matcher(m.group(1));
                        while (label.find()) {
                            labels.add(label.group(1));
                        }
                        expected.put(m.group(2) == null ? 0 : Integer.parseInt(m.group(2)), labels);
                    }
                }
                if (!expected.isEmpty()) {
                    html.append("<figure class=\"timeline\"><figcaption><b>Example timeline</b>: what \"")
                            .append(escape(scenario.name())).append("\" expects (no failing run of this family in ")
                            .append("the reports to compare with).</figcaption>")
                            .append(TimelineSvg.renderExpected(expected, rule.id() + " · expected · " + scenario.name()))
                            .append("</figure>\n");
                    return;
                }
            }
        }
    }

    private static void appendVerdicts(StringBuilder html, MatrixReport.Rule row, MatrixReport matrix) {
        html.append("<table><tr><th>Implementation</th><th>Verdict</th><th>Reason</th></tr>\n");
        for (MatrixReport.Implementation impl : matrix.implementations()) {
            MatrixReport.Cell cell = row.cells().get(impl.key());
            if (cell == null) {
                continue;
            }
            html.append("<tr class=\"").append(escape(cell.verdict())).append("\"><td>").append(escape(impl.key()))
                    .append("</td><td>").append(escape(cell.verdict())).append("</td><td>")
                    .append("pass".equals(cell.verdict()) ? "" : escape(cell.reason())).append("</td></tr>\n");
        }
        html.append("</table>\n");
    }

    private static void steps(StringBuilder html, String heading, java.util.List<String> lines) {
        if (lines.isEmpty()) {
            return;
        }
        if (heading != null) {
            html.append("<p><i>").append(escape(heading)).append("</i></p>\n");
        }
        html.append("<div class=\"steps\">").append(escape(String.join("\n", lines))).append("</div>\n");
    }

    private static String anchor(String path) {
        return "feature-" + path.replaceAll("[^A-Za-z0-9-]+", "-");
    }

    /** Writes the book atomically into {@code directory/rules.html}. */
    public static void write(java.nio.file.Path directory, String html) throws java.io.IOException {
        AtomicFiles.write(directory.resolve(RULES_HTML), html);
    }
}
