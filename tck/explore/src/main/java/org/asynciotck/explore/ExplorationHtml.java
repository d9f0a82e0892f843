package org.asynciotck.explore;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Objects;
import org.asynciotck.process.ProtocolJson;
import org.asynciotck.spi.Event;
import org.asynciotck.spi.ImplementationInfo;
import org.asynciotck.spi.Operation;
import org.asynciotck.untrusted.XmlText;

/**
 * {@code exploration.html}, beside {@code exploration.json}: for each group of divergences its guarantee, rule,
 * minimal program and timeline, what the reference loop recorded (expected) beside what the implementation
 * recorded (observed), run by run, the first place they part marked, and links (relative, beside the page) to
 * its scenario.feature and replay.py. Everything an implementation said (its
 * name, version, events' labels and values, error texts) is hostile input: every string goes through
 * {@link XmlText#escape}, and the page has no script.
 */
final class ExplorationHtml {

    private static final ObjectMapper JSON = ProtocolJson.newMapper();

    private ExplorationHtml() {}

    /**
     * The files written for one group, relative to the page's folder: its replay script and its scenario
     * ({@code null} when the kit's steps cannot say the program).
     */
    record GroupFiles(String replayScript, String feature) {}

    /** The page without links to the groups' files (none were written). */
    static String of(Explorer.Result result, ImplementationInfo implementation, String replay) {
        return of(result, implementation, replay, List.of());
    }

    /** The page; {@code files} holds each group's files, in the order of {@code result.groups()}. */
    static String of(Explorer.Result result, ImplementationInfo implementation, String replay, List<GroupFiles> files) {
        StringBuilder h = new StringBuilder(8192);
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">")
                .append("<title>Exploration of ").append(e(implementation.name())).append(' ')
                .append(e(implementation.version())).append("</title>\n<style>")
                .append("body{font-family:sans-serif;margin:2em;max-width:75em}table{border-collapse:collapse}")
                .append("td,th{border:1px solid #ccc;padding:.2em .5em;vertical-align:top;text-align:left}")
                .append(".part{background:#fdd}.same{color:#444}code,pre{font-family:monospace;white-space:pre-wrap}")
                .append("h2{margin-top:2em}</style></head><body>\n");
        h.append("<h1>Differential exploration: ").append(e(implementation.name())).append(' ')
                .append(e(implementation.version())).append("</h1>\n<p>Seed ").append(result.seed()).append(", ")
                .append(result.programs()).append(" programs (").append(result.operations()).append(" operations), ")
                .append(result.jobs()).append(" job(s)").append(result.timedOut() ? ", ended by the time bound" : "")
                .append(result.interrupted() ? ", interrupted: incomplete" : "")
                .append(String.format(", %.1f programs/s. ", result.programsPerSecond()))
                .append(result.groups().isEmpty() ? "No divergence." : result.groups().size() + " group(s) of divergences.")
                .append("</p>\n<p>Replay: <code>").append(e(replay)).append("</code></p>\n");
        if (!result.groups().isEmpty()) {
            h.append("<table><tr><th>#</th><th>signature</th><th>rule</th><th>programs</th><th>minimal steps</th></tr>\n");
            int n = 0;
            for (Explorer.Group g : result.groups()) {
                n++;
                h.append("<tr><td><a href=\"#g").append(n).append("\">").append(n).append("</a></td><td><code>")
                        .append(e(g.signature())).append("</code></td><td>").append(e(rule(g))).append("</td><td>")
                        .append(g.count()).append("</td><td>").append(g.minimal().size()).append("</td></tr>\n");
            }
            h.append("</table>\n");
        }
        int n = 0;
        for (Explorer.Group g : result.groups()) {
            n++;
            group(h, n, g, implementation, n <= files.size() ? files.get(n - 1) : null);
        }
        return h.append("</body></html>\n").toString();
    }

    private static void group(StringBuilder h, int n, Explorer.Group g, ImplementationInfo implementation,
            GroupFiles files) {
        Divergence d = g.minimalDivergence();
        h.append("<h2 id=\"g").append(n).append("\">").append(n).append(". <code>").append(e(g.signature()))
                .append("</code> (").append(e(rule(g))).append(")</h2>\n<p>Breaks: ").append(e(d.guarantee()))
                .append("</p>\n<p>").append(e(d.detail())).append("</p>\n<p>").append(g.count())
                .append(" program(s); the first, program ").append(g.firstProgram()).append(" (")
                .append(g.original().size()).append(" steps), shrunk to ").append(g.minimal().size())
                .append(" steps in ").append(g.shrinkRuns()).append(" runs.</p>\n");
        if (files != null) {
            h.append("<p>Files: ");
            if (files.feature() != null) {
                h.append("<a href=\"").append(e(files.feature())).append("\">").append(e(files.feature())).append("</a>, ");
            }
            h.append("<a href=\"").append(e(files.replayScript())).append("\">").append(e(files.replayScript()))
                    .append("</a>").append(files.feature() == null ? " (no scenario: the kit's steps cannot say this"
                            + " program)" : "").append("</p>\n");
        }
        h.append("<h3>Minimal program</h3>\n<ol>");
        for (Operation step : g.minimal().steps()) {
            h.append("<li><code>").append(e(json(step))).append("</code></li>");
        }
        h.append("</ol>\n");
        if (g.observed().failure() != null) {
            h.append("<p>The session failed: <code>").append(e(g.observed().failure())).append("</code></p>\n");
        }
        h.append("<h3>Timeline</h3>\n<table><tr><th>#</th><th>expected (reference loop)</th><th>observed (")
                .append(e(implementation.name())).append(")</th></tr>\n");
        List<Event> expected = g.expected().events();
        List<Event> observed = g.observed().events();
        int parts = firstDifference(expected, observed);
        for (int i = 0; i < Math.max(expected.size(), observed.size()); i++) {
            h.append("<tr class=\"").append(i == parts ? "part" : "same").append("\"><td>").append(i + 1)
                    .append("</td><td>").append(i < expected.size() ? e(event(expected.get(i))) : "")
                    .append("</td><td>").append(i < observed.size() ? e(event(observed.get(i))) : "").append("</td></tr>\n");
        }
        h.append("</table>\n<h3>Outcomes</h3>\n<table><tr><th>step</th><th>expected</th><th>observed</th></tr>\n");
        List<org.asynciotck.spi.Outcome> eo = g.expected().outcomes();
        List<org.asynciotck.spi.Outcome> oo = g.observed().outcomes();
        for (int i = 0; i < Math.max(eo.size(), oo.size()); i++) {
            String a = i < eo.size() ? outcome(eo.get(i)) : "";
            String b = i < oo.size() ? outcome(oo.get(i)) : "";
            h.append("<tr class=\"").append(a.equals(b) ? "same" : "part").append("\"><td>").append(i + 1)
                    .append("</td><td>").append(e(a)).append("</td><td>").append(e(b)).append("</td></tr>\n");
        }
        h.append("</table>\n");
    }

    /** The index of the first event where the two timelines differ, or -1. */
    static int firstDifference(List<Event> expected, List<Event> observed) {
        for (int i = 0; i < Math.max(expected.size(), observed.size()); i++) {
            if (i >= expected.size() || i >= observed.size() || !same(expected.get(i), observed.get(i))) {
                return i;
            }
        }
        return -1;
    }

    private static boolean same(Event a, Event b) {
        return a.run() == b.run() && Objects.equals(a.label(), b.label()) && Objects.equals(a.value(), b.value());
    }

    private static String event(Event event) {
        return "run " + event.run() + ": " + event.label() + (event.value() == null ? "" : " = " + event.value());
    }

    private static String outcome(org.asynciotck.spi.Outcome outcome) {
        return switch (outcome.kind()) {
            case VALUE -> "value " + (outcome.value() instanceof List<?> ? "(list)" : String.valueOf(outcome.value()));
            case ERROR -> "error " + outcome.errorType();
            case NOTHING -> "nothing";
        };
    }

    private static String rule(Explorer.Group g) {
        return g.minimalDivergence().ruleId() == null ? "no rule yet" : g.minimalDivergence().ruleId();
    }

    private static String json(Operation step) {
        try {
            return JSON.writeValueAsString(step);
        } catch (JsonProcessingException ex) {
            return String.valueOf(step);
        }
    }

    private static String e(String text) {
        return XmlText.escape(text);
    }
}
