package org.asynciotck.report;

import static org.asynciotck.report.Html.escape;

import java.util.List;
import java.util.Map;
import org.asynciotck.exploration.Exploration;
import org.asynciotck.exploration.ExplorationFinding;
import org.asynciotck.runner.RuleResult;
import org.asynciotck.runner.RunResult;
import org.asynciotck.runner.ScenarioResult;
import org.asynciotck.runner.Verdict;
import org.asynciotck.spi.ImplementationInfo;

/**
 * certificate.html: one self-contained page (no scripts, no external files) that
 * states who was tested, the outcome, and every rule with its level, verdict and reason.
 */
final class CertificateRenderer {

    private static final String STYLE = """
            body{font-family:system-ui,sans-serif;margin:2em auto;max-width:70em;color:#222}
            table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.3em .5em;\
            text-align:left;vertical-align:top}
            .pass{background:#e6f4ea}.fail,.crashed,.timed-out,.error,.blocked{background:#fce8e6}\
            .not-applicable{background:#f1f3f4}
            .verdict{font-weight:bold}.reason{white-space:pre-wrap;font-family:monospace;font-size:.9em}
            .outcome{font-size:1.4em;font-weight:bold;padding:.3em .5em;border-left:.4em solid}
            .outcome.conformant{background:#e6f4ea;border-color:#1e8e3e}
            .outcome.not-conformant{background:#fce8e6;border-color:#d93025}
            .outcome.incomplete{background:#fef7e0;border-color:#f9ab00}
            figure.timeline{margin:1em 0;overflow-x:auto}figure.timeline figcaption{font-family:monospace;\
            font-size:.85em;white-space:pre-wrap;color:#444}
            """;

    private CertificateRenderer() {}

    static String render(RunResult result, String kitVersion) {
        return render(result, kitVersion, Provenance.here(result.implementation()));
    }

    /** @param provenance where and when the run was made, shown under the implementation */
    static String render(RunResult result, String kitVersion, Provenance provenance) {
        ImplementationInfo info = result.implementation();
        StringBuilder html = new StringBuilder(8192);
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<title>asyncio conformance: ").append(escape(info.id())).append("</title>")
                .append("<style>").append(STYLE).append("</style></head><body>\n")
                .append("<h1>asyncio conformance certificate</h1>\n")
                .append("<p class=\"outcome ").append(outcomeClass(result)).append("\">").append(escape(outcome(result)))
                .append("</p>\n");
        appendImplementation(html, info, kitVersion, provenance);
        appendIterations(html, result);
        appendExploration(html, result);
        appendCounts(html, result);
        appendTimelines(html, result);
        appendRules(html, result);
        return html.append("</body></html>\n").toString();
    }

    static String outcome(RunResult result) {
        String counts = result.headline();
        if (!result.complete()) {
            return "INCOMPLETE (the run was interrupted) - " + counts;
        }
        return (result.conformant() ? "CONFORMANT" : "NOT CONFORMANT") + " - " + counts;
    }

    /** The outcome's colour (with a text that says the same: colour is never the only channel). */
    private static String outcomeClass(RunResult result) {
        return !result.complete() ? "incomplete" : result.conformant() ? "conformant" : "not-conformant";
    }

    private static void appendImplementation(StringBuilder html, ImplementationInfo info, String kitVersion,
            Provenance provenance) {
        html.append("<table>\n");
        row(html, "Implementation", info.id());
        row(html, "Name", info.name());
        row(html, "Version", info.version());
        row(html, "Python", info.python());
        row(html, "API level", info.apiLevel().toString());
        row(html, "Capabilities", info.capabilities().isEmpty() ? "none"
                : String.join(", ", info.capabilities().stream().sorted().toList()));
        row(html, "Profiles", info.profiles().names().isEmpty() ? "none" : String.join(", ", info.profiles().names()));
        row(html, "Kit version", kitVersion);
        row(html, "Produced on", provenance.where()
                + (provenance.interpreter().equals("Java " + provenance.java()) ? "" : " (kit on Java " + provenance.java() + ")"));
        row(html, "Produced at", provenance.producedAt());
        html.append("</table>\n");
    }

    /**
     * How much the exploration stage explored, with its seed (so its verdicts replay), or that it was off:
     * said on every certificate, so that "conformant" always says how much was checked. A divergence the
     * run did not count against a rule (its rule does not apply to the loop) is listed here, never dropped.
     */
    private static void appendExploration(StringBuilder html, RunResult result) {
        if (result.exploration() == null) {
            return;
        }
        Exploration exploration = result.exploration();
        html.append("<p class=\"exploration\">").append(escape(exploration.describe())).append("</p>\n");
        List<ExplorationFinding> uncounted = exploration.findings().stream()
                .filter(f -> !f.counted() && (f.ruleId() != null || !f.blockedBy().isEmpty())).toList();
        if (!uncounted.isEmpty()) {
            html.append("<ul class=\"exploration-uncounted\">\n");
            for (ExplorationFinding f : uncounted) {
                String why = f.blockedBy().isEmpty() ? f.ruleId() + " does not apply to this loop"
                        : (f.ruleId() == null ? "no rule" : f.ruleId()) + " blocked by " + String.join(", ", f.blockedBy())
                                + ", which the scenarios found broken: this may be its consequence";
                html.append("<li>not counted, ").append(escape(why)).append(": ")
                        .append(escape(f.guarantee())).append(": ").append(escape(f.detail())).append(" (")
                        .append(escape(f.evidence())).append(")</li>\n");
            }
            html.append("</ul>\n");
        }
    }

    /** Which primitive drove one iteration: said on every certificate, so a fallback is never silent. */
    private static void appendIterations(StringBuilder html, RunResult result) {
        if (result.iterations() == null) {
            return;
        }
        html.append("<p class=\"iterations\">One iteration driven by ").append(escape(result.iterations().wireName()))
                .append(": ").append(escape(result.iterations().why())).append("</p>\n");
    }

    private static void row(StringBuilder html, String label, String value) {
        html.append("<tr><th>").append(escape(label)).append("</th><td>").append(escape(value)).append("</td></tr>\n");
    }

    private static void appendCounts(StringBuilder html, RunResult result) {
        html.append("<h2>Rules by verdict</h2>\n<p>");
        String separator = "";
        for (Map.Entry<Verdict, Integer> entry : result.ruleVerdictCounts().entrySet()) {
            html.append(separator).append(escape(entry.getKey().wireName())).append(": ").append(entry.getValue());
            separator = " &middot; ";
        }
        html.append("<br>MUST failures: ").append(result.mustFailures().size())
                .append(" &middot; SHOULD warnings: ").append(result.shouldWarnings().size()).append("</p>\n");
    }

    private static void appendRules(StringBuilder html, RunResult result) {
        html.append("<h2>Rules</h2>\n<table>\n<tr><th>Rule</th><th>Level</th><th>Title</th><th>Verdict</th>")
                .append("<th>Reason</th></tr>\n");
        for (RuleResult rule : result.rules()) {
            html.append("<tr class=\"").append(escape(rule.verdict().wireName())).append("\"><td>")
                    .append(escape(rule.id())).append("</td><td>").append(escape(rule.level().name()))
                    .append("</td><td>").append(escape(rule.title())).append("</td><td class=\"verdict\">")
                    .append(escape(VerdictLabel.of(rule.level(), rule.verdict()))).append("</td><td class=\"reason\">")
                    .append(escape(reason(rule)));
            if (rule.verdict().isProblem() && rule.scenarios().stream().anyMatch(sc -> sc.timeline() != null)) {
                html.append("\n<a href=\"#timeline-").append(escape(rule.id())).append("\">see its iteration timeline</a>");
            }
            html.append("</td></tr>\n");
        }
        html.append("</table>\n");
    }

    /** The iteration timeline of every failing scenario that has one ({@link TimelineSvg}). */
    private static void appendTimelines(StringBuilder html, RunResult result) {
        boolean first = true;
        java.util.Set<String> anchored = new java.util.HashSet<>();
        // MUST failures first, then SHOULD warnings, then INFO observations: what decides the verdict on top.
        for (RuleResult rule : result.rules().stream()
                .sorted(java.util.Comparator.comparing(RuleResult::level)).toList()) {
            for (ScenarioResult scenario : rule.scenarios()) {
                if (scenario.timeline() == null || !scenario.verdict().isProblem()) {
                    continue;
                }
                if (first) {
                    html.append("<h2 id=\"timelines\">Iteration timelines of the scenarios that did not pass</h2>\n<p>")
                            .append("Iterations as columns, the callbacks that ran in each as chips; what the scenario ")
                            .append("expected above what the loop did. Red marks the difference.</p>\n");
                    first = false;
                }
                html.append("<figure class=\"timeline\"").append(anchored.add(rule.id())
                        ? " id=\"timeline-" + escape(rule.id()) + "\"" : "").append(">")
                        .append(TimelineSvg.render(scenario.timeline(), timelineTitle(rule, scenario, result)))
                        .append("<figcaption><b>").append(escape(VerdictLabel.of(rule.level(), scenario.verdict())))
                        .append("</b> (").append(escape(rule.level().name())).append(") ")
                        .append(escape(scenario.message())).append("</figcaption></figure>\n");
            }
        }
    }

    /** "NTODO-3 · uvloop-0.23.0-py3.11 · Callbacks scheduled ...": what a timeline is of. */
    static String timelineTitle(RuleResult rule, ScenarioResult scenario, RunResult result) {
        return rule.id() + " · " + result.implementation().id() + " · " + scenario.name();
    }

    /** For a rule that did not pass: the deciding scenario's message and where it is. */
    private static String reason(RuleResult rule) {
        if (rule.verdict() == Verdict.PASS) {
            return "";
        }
        ScenarioResult decisive = rule.decisiveScenario();
        return decisive.message() + "\n(" + decisive.name() + ", " + decisive.location() + ")";
    }
}
