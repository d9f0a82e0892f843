package org.asynciotck.report;

import static org.asynciotck.report.Html.escape;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.asynciotck.runner.Verdict;

/**
 * matrix.html: the matrix at a glance. One symbol per cell, with colour as a second channel (a
 * reader who cannot tell red from green still tells ✗ from ✓); rules down, grouped by family;
 * implementations across, their names written upwards so that eleven fit a 1,440 px screen; the
 * header (names and the summary row) and the rule column stay in view while scrolling. A click
 * on a cell opens its reason in place ({@code <details>}); the same reasons are numbered under
 * the grid, so they are there in print and on touch screens too. Every string from an
 * implementation or a feature file is escaped with {@link Html}.
 */
final class MatrixHtml {

    /** What a cell can say, with its symbol and legend text; the CSS class is the name. */
    enum Kind {
        PASS("✓", "pass"),
        FAIL("✗", "MUST failure"),
        CRASHED("⚡", "crashed"),
        TIMED_OUT("◔", "timed out"),
        ERROR("‼", "error"),
        BLOCKED("⊘", "blocked by a lifecycle rule"),
        NOT_RUN("○", "not run"),
        NOT_APPLICABLE("–", "not applicable"),
        SHOULD("⚠", "SHOULD warning"),
        INFO_SAME("=", "INFO: as asyncio"),
        INFO_DIFFERS("≠", "INFO: differs from asyncio"),
        NO_START("×", "could not start");

        final String symbol;
        final String legend;

        Kind(String symbol, String legend) {
            this.symbol = symbol;
            this.legend = legend;
        }

        String css() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }

        /** The kind of a cell of a rule at {@code level} ("MUST", "SHOULD", "INFO"). */
        static Kind of(String level, MatrixReport.Cell cell) {
            String verdict = cell.verdict();
            if (MatrixReport.COULD_NOT_START.equals(verdict)) {
                return NO_START;
            }
            if (MatrixReport.NOT_RUN.equals(verdict)) {
                return NOT_RUN;
            }
            if (Verdict.NOT_APPLICABLE.wireName().equals(verdict)) {
                return NOT_APPLICABLE;
            }
            boolean pass = Verdict.PASS.wireName().equals(verdict);
            if ("INFO".equals(level)) {
                return pass ? INFO_SAME : INFO_DIFFERS;
            }
            if (pass) {
                return PASS;
            }
            if ("SHOULD".equals(level)) {
                return SHOULD;
            }
            for (Verdict v : Verdict.values()) {
                if (v.wireName().equals(verdict)) {
                    return switch (v) {
                        case CRASHED -> CRASHED;
                        case TIMED_OUT -> TIMED_OUT;
                        case ERROR -> ERROR;
                        case BLOCKED -> BLOCKED;
                        case NOT_RUN -> NOT_RUN;
                        default -> FAIL;
                    };
                }
            }
            return ERROR;
        }
    }

    static final String STYLE = """
            :root{--pass:#1e7b34;--fail:#c5221f;--warn:#b06000;--muted:#80868b;--info:#1a57b3;--line:#dadce0}
            body{font-family:system-ui,"DejaVu Sans",sans-serif;margin:1em 1.5em;color:#202124;font-size:14px}
            h1{font-size:1.4em;margin:.2em 0}
            p.lead{margin:.3em 0 .6em}
            .legend{display:flex;flex-wrap:wrap;gap:.3em 1em;margin:.4em 0 .8em;padding:0;list-style:none}
            .legend li{white-space:nowrap}
            .grid{overflow:auto;max-height:calc(100vh - 9em);border:1px solid var(--line);width:fit-content;max-width:100%}
            table{border-collapse:separate;border-spacing:0}
            th,td{border-bottom:1px solid var(--line);border-right:1px solid var(--line);padding:0;background:#fff}
            thead th{position:sticky;top:0;z-index:2;vertical-align:bottom}
            thead .sum{font-weight:normal;font-size:.8em;padding:.2em 0;border-top:1px solid var(--line)}
            th.rule{position:sticky;left:0;z-index:1;text-align:left;font-weight:normal;padding:.15em .5em;
            width:46em;max-width:46em;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
            thead th.rule{z-index:3}
            th.rule .id{font-weight:600;display:inline-block;min-width:7.6em}
            .lvl{display:inline-block;font-size:.7em;width:5.6em;color:var(--muted)}
            th.impl{width:3.2em;min-width:3.2em;max-width:3.2em}
            th.impl a,th.impl span.n{writing-mode:vertical-rl;transform:rotate(180deg);display:inline-block;
            white-space:nowrap;font-size:.85em;font-weight:normal;padding:.3em 0;max-height:14em;overflow:hidden;
            text-overflow:ellipsis;color:inherit}
            tr.family th{position:sticky;left:0;text-align:left;background:#f1f3f4;font-size:.85em;padding:.2em .5em;
            z-index:1}
            tr.family td{background:#f1f3f4}
            td.c{text-align:center;width:3.2em;position:relative}
            td.c summary{list-style:none;cursor:pointer;font-size:1.1em;line-height:1.5em}
            td.c summary::-webkit-details-marker{display:none}
            td.c .why{position:absolute;z-index:4;left:50%;top:1.8em;width:26em;transform:translateX(-50%);
            background:#fff;border:1px solid #9aa0a6;box-shadow:0 2px 6px rgba(0,0,0,.2);padding:.4em .6em;
            text-align:left;font-size:.85em;white-space:normal;overflow-wrap:anywhere;color:#202124;font-weight:normal}
            .pass{color:var(--pass)}.fail,.crashed,.timed-out,.error,.bad{color:var(--fail);font-weight:700}
            td.fail,td.crashed,td.timed-out,td.error{background:#fce8e6}
            .blocked{color:#a142f4}td.blocked{background:#f3e8fd}
            .should{color:var(--warn)}td.should{background:#fef7e0}
            .info-same{color:var(--muted)}.info-differs{color:var(--info);font-weight:700}td.info-differs{background:#e8f0fe}
            .not-applicable,.not-run,.no-start{color:var(--muted)}td.no-start{background:#f8f9fa}
            .ok{color:var(--pass);font-weight:700}
            ol.reasons{font-size:.85em;padding-left:2.5em}ol.reasons li{margin:.15em 0;overflow-wrap:anywhere}
            ol.reasons li:target{background:#fef7e0}
            table.where td,table.where th{padding:.15em .6em;font-size:.85em;text-align:left;font-weight:normal}
            table.where thead th{position:static;font-weight:600}
            @media print{.grid{overflow:visible;max-height:none;border:0}thead th,th.rule,tr.family th{position:static}
            td.c .why{display:none}body{margin:0;font-size:10px}}
            """;

    private MatrixHtml() {}

    static String render(MatrixReport matrix) {
        List<MatrixReport.Implementation> impls = matrix.implementations();
        StringBuilder html = new StringBuilder(32768);
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
                .append("<title>asyncio conformance matrix</title><style>").append(STYLE).append("</style></head><body>\n")
                .append("<h1>asyncio conformance matrix</h1>\n<p class=\"lead\">Kit version ").append(escape(matrix.kit()))
                .append(". ").append(impls.size()).append(" implementations, ").append(matrix.rules().size())
                .append(" rules. Click a symbol for its reason; every reason is also listed below the grid.</p>\n");
        legend(html);
        // One header row, names above the summary (MUST passed), so that one sticky offset holds both.
        html.append("<div class=\"grid\"><table>\n<thead>\n<tr class=\"names\"><th class=\"rule\">Rule")
                .append("<div class=\"sum\">MUST passed<br>&nbsp;</div></th>");
        for (MatrixReport.Implementation impl : impls) {
            html.append("<th class=\"impl\" title=\"").append(escape(title(impl))).append("\">").append(name(impl))
                    .append("<div class=\"sum summary\">").append(summary(impl)).append("</div></th>");
        }
        html.append("</tr>\n</thead>\n");
        List<String> reasons = new ArrayList<>();
        for (Map.Entry<String, List<MatrixReport.Rule>> family : families(matrix.rules()).entrySet()) {
            html.append("<tbody>\n<tr class=\"family\"><th class=\"rule\" title=\"").append(escape(family.getKey()))
                    .append("\">").append(escape(family.getKey())).append("</th><td colspan=\"").append(impls.size())
                    .append("\"></td></tr>\n");
            for (MatrixReport.Rule rule : family.getValue()) {
                html.append("<tr><th class=\"rule\" title=\"").append(escape(rule.id() + " " + rule.title()))
                        .append("\"><span class=\"id\">").append(escape(rule.id())).append("</span><span class=\"lvl\">")
                        .append(escape(rule.level())).append("</span>").append(escape(rule.title())).append("</th>");
                for (MatrixReport.Implementation impl : impls) {
                    cell(html, rule, impl, reasons);
                }
                html.append("</tr>\n");
            }
            html.append("</tbody>\n");
        }
        html.append("</table></div>\n<h2>Reasons</h2>\n<ol class=\"reasons\">\n");
        reasons.forEach(html::append);
        html.append("</ol>\n");
        whereAndWhen(html, impls);
        return html.append("</body></html>\n").toString();
    }

    /** Where and when each column was produced: here, or on the machine a merged conformance.json names. */
    private static void whereAndWhen(StringBuilder html, List<MatrixReport.Implementation> impls) {
        html.append("<h2>Where and when</h2>\n<table class=\"where\"><thead><tr><th>Implementation</th><th>Host</th>")
                .append("<th>Platform</th><th>Interpreter</th><th>Produced at</th><th>Source</th></tr></thead><tbody>\n");
        for (MatrixReport.Implementation impl : impls) {
            Provenance p = impl.provenance() == null ? Provenance.UNKNOWN : impl.provenance();
            html.append("<tr><td>").append(escape(impl.key())).append("</td><td>").append(escape(p.host()))
                    .append("</td><td>").append(escape(p.platform())).append("</td><td>").append(escape(p.interpreter()))
                    .append("</td><td>").append(escape(p.producedAt())).append("</td><td>")
                    .append(impl.merged() ? "merged (--from)" : "certified by this run").append("</td></tr>\n");
        }
        html.append("</tbody></table>\n");
    }

    private static void legend(StringBuilder html) {
        html.append("<ul class=\"legend\">");
        for (Kind kind : Kind.values()) {
            html.append("<li><span class=\"").append(kind.css()).append("\">").append(kind.symbol).append("</span> ")
                    .append(escape(kind.legend)).append("</li>");
        }
        html.append("</ul>\n");
    }

    private static void cell(StringBuilder html, MatrixReport.Rule rule, MatrixReport.Implementation impl,
            List<String> reasons) {
        MatrixReport.Cell cell = rule.cells().get(impl.key());
        Kind kind = Kind.of(rule.level(), cell);
        String label = rule.id() + " · " + impl.key() + ": " + cell.label();
        if (kind == Kind.PASS || kind == Kind.INFO_SAME) {
            html.append("<td class=\"c ").append(kind.css()).append("\" title=\"").append(escape(label)).append("\">")
                    .append("<span class=\"").append(kind.css()).append("\">").append(kind.symbol).append("</span></td>");
            return;
        }
        int number = reasons.size() + 1;
        String anchor = "n" + number;
        reasons.add("<li id=\"" + anchor + "\" class=\"" + kind.css() + "-reason\"><b>" + escape(rule.id()) + "</b> × <b>"
                + escape(impl.key()) + "</b>: " + escape(cell.label()) + ". " + escape(cell.reason()) + "</li>\n");
        html.append("<td class=\"c ").append(kind.css()).append("\" title=\"").append(escape(label + ". " + cell.reason()))
                .append("\"><details><summary class=\"").append(kind.css()).append("\">").append(kind.symbol)
                .append("</summary><div class=\"why\"><b>").append(escape(label)).append("</b><br>")
                .append(escape(cell.reason())).append(" <a href=\"#").append(anchor).append("\">[").append(number)
                .append("]</a></div></details></td>");
    }

    /** The families in catalogue order, each with its rules. */
    private static Map<String, List<MatrixReport.Rule>> families(List<MatrixReport.Rule> rules) {
        Map<String, List<MatrixReport.Rule>> families = new LinkedHashMap<>();
        for (MatrixReport.Rule rule : rules) {
            families.computeIfAbsent(rule.family() == null ? "" : rule.family(), f -> new ArrayList<>()).add(rule);
        }
        return families;
    }

    private static String name(MatrixReport.Implementation impl) {
        if (!impl.started()) {
            return "<span class=\"n\">" + escape(impl.key()) + "</span>";
        }
        return "<a href=\"" + escape(pathSegment(impl.key())) + "/certificate.html\">" + escape(impl.key()) + "</a>";
    }

    private static String title(MatrixReport.Implementation impl) {
        String where = impl.provenance() == null ? ""
                : " (" + impl.provenance().where() + ", " + impl.provenance().producedAt() + ")";
        return impl.started() ? impl.key() + ": " + impl.name() + " " + impl.version() + where
                : impl.key() + ": could not start (" + impl.spec() + ")" + where;
    }

    private static String summary(MatrixReport.Implementation impl) {
        if (!impl.started()) {
            return "<span class=\"no-start\" title=\"could not start\">×</span>";
        }
        boolean ok = impl.conformant() && impl.complete();
        return "<span class=\"" + (ok ? "ok" : "bad") + "\" title=\"" + (ok ? "conformant" : "not conformant") + "\">"
                + (ok ? "✓" : "✗") + "</span><br>" + impl.mustPassed() + "/" + impl.mustApplicable();
    }

    static String pathSegment(String key) {
        return URLEncoder.encode(key, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
