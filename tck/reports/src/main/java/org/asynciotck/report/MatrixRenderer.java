package org.asynciotck.report;

import static org.asynciotck.report.Html.escape;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * matrix.html (drawn by {@link MatrixHtml}) and matrix.md. Every string from an implementation or a feature file is
 * escaped with {@link Html}; Markdown cells also escape {@code |} and fold newlines.
 */
final class MatrixRenderer {

    private MatrixRenderer() {}

    /** The grid at a glance: {@link MatrixHtml}. */
    static String html(MatrixReport matrix) {
        return MatrixHtml.render(matrix);
    }

    static String markdown(MatrixReport matrix) {
        return "# asyncio conformance matrix\n\nKit version " + md(matrix.kit()) + ".\n\n" + table(matrix, true)
                + whereAndWhen(matrix);
    }

    /** Where and when each column was produced (this run, or a conformance.json merged with --from). */
    private static String whereAndWhen(MatrixReport matrix) {
        StringBuilder md = new StringBuilder("\n## Where and when\n\n| Implementation | Host | Platform | Interpreter "
                + "| Produced at | Source |\n| --- | --- | --- | --- | --- | --- |\n");
        for (MatrixReport.Implementation impl : matrix.implementations()) {
            Provenance p = impl.provenance() == null ? Provenance.UNKNOWN : impl.provenance();
            md.append("| ").append(md(impl.key())).append(" | ").append(md(p.host())).append(" | ").append(md(p.platform()))
                    .append(" | ").append(md(p.interpreter())).append(" | ").append(md(p.producedAt())).append(" | ")
                    .append(impl.merged() ? "merged (--from)" : "certified by this run").append(" |\n");
        }
        return md.toString();
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
