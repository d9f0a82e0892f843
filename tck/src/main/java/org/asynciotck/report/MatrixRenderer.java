package org.asynciotck.report;

import static org.asynciotck.report.Html.escape;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * matrix.html and matrix.md. Every string from an implementation or a feature file is
 * escaped with {@link Html}; Markdown cells also escape {@code |} and fold newlines.
 */
final class MatrixRenderer {

    private static final String STYLE = """
            body{font-family:system-ui,sans-serif;margin:2em;color:#222}
            table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.25em .5em;text-align:left;\
            vertical-align:top}
            th.impl{font-weight:normal;font-size:.85em}
            .pass{background:#e6f4ea}.fail,.crashed,.timed-out,.error,.blocked{background:#fce8e6}\
            .not-applicable,.not-run{background:#f1f3f4}.could-not-start{background:#fff4e5;font-size:.85em}
            """;

    private MatrixRenderer() {}

    static String html(MatrixReport matrix) {
        StringBuilder html = new StringBuilder(16384);
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<title>asyncio conformance matrix</title><style>").append(STYLE).append("</style></head><body>\n")
                .append("<h1>asyncio conformance matrix</h1>\n<p>Kit version ").append(escape(matrix.kit()))
                .append(". Hover a cell for the reason of its verdict.</p>\n<table>\n<tr><th>Rule</th><th>Level</th>")
                .append("<th>Title</th>");
        for (MatrixReport.Implementation impl : matrix.implementations()) {
            html.append("<th class=\"impl\">").append(header(impl)).append("</th>");
        }
        html.append("</tr>\n");
        for (MatrixReport.Rule rule : matrix.rules()) {
            html.append("<tr><td>").append(escape(rule.id())).append("</td><td>").append(escape(rule.level()))
                    .append("</td><td>").append(escape(rule.title())).append("</td>");
            for (MatrixReport.Implementation impl : matrix.implementations()) {
                MatrixReport.Cell cell = rule.cells().get(impl.key());
                html.append("<td class=\"").append(escape(cell.verdict())).append("\" title=\"")
                        .append(escape(cell.reason())).append("\">").append(escape(MatrixReport.shown(cell)))
                        .append("</td>");
            }
            html.append("</tr>\n");
        }
        return html.append("</table>\n</body></html>\n").toString();
    }

    private static String header(MatrixReport.Implementation impl) {
        String folder = escape(pathSegment(impl.key()));
        if (!impl.started()) {
            return "<b>" + escape(impl.key()) + "</b><br>" + escape(impl.spec());
        }
        return "<a href=\"" + folder + "/certificate.html\"><b>" + escape(impl.id()) + "</b></a><br>"
                + escape(impl.name() + " " + impl.version()) + "<br><img src=\"" + folder
                + "/badge.svg\" alt=\"" + escape(badgeText(impl)) + "\">";
    }

    static String markdown(MatrixReport matrix) {
        return "# asyncio conformance matrix\n\nKit version " + md(matrix.kit()) + ".\n\n" + table(matrix, true);
    }

    /**
     * The table alone, for a page that lives elsewhere than the reports (the README): the
     * "MUST passed" row is text, since the badges are generated files that are not in git.
     */
    static String readmeTable(MatrixReport matrix) {
        return table(matrix, false);
    }

    private static String table(MatrixReport matrix, boolean badges) {
        StringBuilder md = new StringBuilder(8192);
        md.append("| Rule | Level | Title |");
        matrix.implementations().forEach(impl -> md.append(' ').append(md(impl.key())).append(" |"));
        md.append("\n| --- | --- | --- |");
        matrix.implementations().forEach(impl -> md.append(" --- |"));
        md.append("\n|  |  | **MUST passed** |");
        matrix.implementations().forEach(impl -> md.append(' ').append(!impl.started() ? "could not start"
                : badges ? "![" + md(badgeText(impl)) + "](" + pathSegment(impl.key()) + "/badge.svg)"
                : "**" + md(badgeText(impl)) + "**").append(" |"));
        md.append('\n');
        for (MatrixReport.Rule rule : matrix.rules()) {
            md.append("| ").append(md(rule.id())).append(" | ").append(md(rule.level())).append(" | ")
                    .append(md(rule.title())).append(" |");
            for (MatrixReport.Implementation impl : matrix.implementations()) {
                md.append(' ').append(md(MatrixReport.shown(rule.cells().get(impl.key())))).append(" |");
            }
            md.append('\n');
        }
        return md.toString();
    }

    private static String badgeText(MatrixReport.Implementation impl) {
        return impl.mustPassed() + "/" + impl.mustApplicable() + (impl.conformant() ? " conformant" : " not conformant");
    }

    /** A Markdown table cell: HTML-escaped (Markdown passes HTML through), pipes escaped, one line. */
    static String md(String text) {
        return escape(text).replace("\\", "\\\\").replace("|", "\\|").replaceAll("\\s*[\\r\\n]+\\s*", " ");
    }

    private static String pathSegment(String key) {
        return URLEncoder.encode(key, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
