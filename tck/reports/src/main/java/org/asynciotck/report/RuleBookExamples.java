package org.asynciotck.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.asynciotck.runner.RuleCatalogue;
import org.asynciotck.runner.RuleResult;
import org.asynciotck.runner.ScenarioResult;

/**
 * The rules book's example timelines: for each feature (family), the first failing scenario with an
 * iteration timeline among the conformance.json files under a reports folder (each read and checked
 * as {@code matrix --from} does; a file that does not pass is left out).
 */
public final class RuleBookExamples {

    private RuleBookExamples() {}

    /** By feature path; empty when {@code reports} is null or holds no failing timeline. */
    public static Map<String, RuleBookRenderer.Example> find(Path reports, RuleCatalogue catalogue) {
        Map<String, RuleBookRenderer.Example> examples = new LinkedHashMap<>();
        if (reports == null) {
            return examples;
        }
        List<Path> files;
        try {
            files = ConformanceImport.find(reports);
        } catch (IOException e) {
            return examples;
        }
        for (Path file : files) {
            ConformanceImport.Imported imported;
            try {
                imported = ConformanceImport.read(file, catalogue);
            } catch (ConformanceImport.Refused refused) {
                continue;
            }
            for (RuleResult rule : imported.result().rules()) {
                for (ScenarioResult scenario : rule.scenarios()) {
                    if (scenario.timeline() != null && scenario.verdict().isProblem()
                            && !examples.containsKey(scenario.feature())) {
                        examples.put(scenario.feature(), new RuleBookRenderer.Example(
                                CertificateRenderer.timelineTitle(rule, scenario, imported.result()),
                                scenario.timeline(), scenario.message()));
                    }
                }
            }
        }
        return examples;
    }
}
