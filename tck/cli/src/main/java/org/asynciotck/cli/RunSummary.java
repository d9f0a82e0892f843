package org.asynciotck.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.asynciotck.report.ReportWriter;
import org.asynciotck.report.VerdictLabel;
import org.asynciotck.runner.ConformanceRun;
import org.asynciotck.runner.RuleLevel;
import org.asynciotck.runner.RuleResult;
import org.asynciotck.runner.RunResult;
import org.asynciotck.runner.ScenarioResult;
import org.asynciotck.runner.Verdict;
import org.asynciotck.spi.ImplementationInfo;
import org.asynciotck.untrusted.ConsoleColour;
import org.asynciotck.untrusted.SanitisingPrintWriter;

/** The few lines printed after a run: outcome, counts, failing rules with one-line reasons, report paths. */
final class RunSummary {

    private RunSummary() {}

    static void print(RunResult result, Path out, PrintWriter stream) {
        ImplementationInfo info = result.implementation();
        String outcome = !result.complete() ? "INCOMPLETE" : result.conformant() ? "CONFORMANT" : "NOT CONFORMANT";
        stream.print(info.id() + " (" + info.name() + " " + info.version() + ", API level " + info.apiLevel() + "): ");
        SanitisingPrintWriter.print(stream, !result.complete() ? ConsoleColour.YELLOW
                : result.conformant() ? ConsoleColour.GREEN : ConsoleColour.RED, outcome);
        stream.println(", " + result.headline());
        if (!info.profiles().declaredNames().isEmpty()) {
            stream.println("profiles:  " + info.profiles());
        }
        if (result.iterations() != null && !result.iterations().wireName().equals("stop_before_run")) {
            // Never a silent switch: the console says it, as conformance.json and the certificate do.
            stream.println("iterations: driven by " + result.iterations().wireName() + ": " + result.iterations().why());
        }
        if (result.exploration() != null) {
            stream.println("exploration: " + result.exploration().describe());
        }
        stream.println("rules:     " + counts(result.ruleVerdictCounts()));
        stream.println("scenarios: " + counts(result.scenarioVerdictCounts()));
        printRules("MUST failures", result.mustFailures(), stream);
        printRules("SHOULD warnings", result.shouldWarnings(), stream);
        printRules("INFO, where the loop differs from asyncio (not a verdict)", result.rules().stream()
                .filter(rule -> rule.level() == RuleLevel.INFO && rule.verdict() == Verdict.FAIL).toList(), stream);
        List<String> reports = new java.util.ArrayList<>(List.of(
                ReportWriter.CONFORMANCE_JSON, ReportWriter.CERTIFICATE_HTML, ReportWriter.BADGE_SVG,
                ReportWriter.JUNIT_XML, ConformanceRun.CUCUMBER_HTML,
                ConformanceRun.CUCUMBER_JUNIT_XML + " (Cucumber's JUnit XML, per scenario)"));
        for (String allure : List.of("allure-results/", "allure-report/")) {
            if (java.nio.file.Files.isDirectory(out.resolve(allure))) {
                reports.add(allure);
            }
        }
        stream.println("reports in " + out + ": " + String.join(", ", reports));
    }

    private static void printRules(String heading, List<RuleResult> rules, PrintWriter stream) {
        if (rules.isEmpty()) {
            return;
        }
        stream.println(heading + ":");
        for (RuleResult rule : rules) {
            ScenarioResult decisive = rule.decisiveScenario();
            stream.println("  " + rule.id() + " " + VerdictLabel.of(rule.level(), rule.verdict()) + ": "
                    + located(firstLine(decisive.message()), decisive.location(), Integer.MAX_VALUE));
        }
    }

    /**
     * A reason with the scenario's location once: the kit's own failure messages already name it (before
     * "[scenario: ...]" where a rule has several); crashes and timeouts do not. A reason longer than {@code width}
     * is cut, the location kept.
     */
    static String located(String reason, String location, int width) {
        String where = " (" + location + ")";
        boolean named = reason.contains(where);
        String shown = named ? reason.replace(where, "") : reason;
        return (shown.length() <= width ? shown : shown.substring(0, width - 3) + "...") + where;
    }

    private static String counts(Map<Verdict, Integer> counts) {
        return counts.entrySet().stream().map(e -> e.getValue() + " " + e.getKey().wireName())
                .collect(Collectors.joining(", "));
    }

    static String firstLine(String message) {
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
