package org.asynciotck.runner;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.asynciotck.spi.Profiles;

/**
 * How much of the rule book a run checked, so that no certificate is green in silence.
 *
 * @param catalogueRules    how many rules the catalogue has
 * @param checked           rules that ran with a verdict other than not-applicable
 * @param otherProfiles     rules meant for profiles the implementation does not follow (SYNC-1 for a
 *                          deferred-dispatch loop): not applicable by design, listed apart
 * @param notApplicable     the other rules whose every scenario was not applicable (a capability or
 *                          API level the implementation lacks), by ID
 * @param notRun            catalogue rules with no scenario result (not selected by --tags, or the run broke off)
 * @param coreNotApplicable core rules meant for the implementation's profiles that were not applicable: each
 *                          one makes the run not conformant (docs/core.md)
 */
public record Coverage(
        int catalogueRules, int checked, List<String> otherProfiles, List<String> notApplicable, List<String> notRun,
        List<String> coreNotApplicable) {

    /** Up to this many rules not run are named in the summary; conformance.json always lists them all. */
    private static final int LISTED_NOT_RUN = 5;

    public Coverage {
        otherProfiles = List.copyOf(otherProfiles);
        notApplicable = List.copyOf(notApplicable);
        notRun = List.copyOf(notRun);
        coreNotApplicable = List.copyOf(coreNotApplicable);
    }

    /** What {@code rules} cover of {@code catalogue}, for an implementation of {@code profiles}. */
    static Coverage of(List<RuleResult> rules, RuleCatalogue catalogue, Profiles profiles) {
        Map<String, RuleResult> byId = rules.stream().collect(Collectors.toMap(RuleResult::id, Function.identity()));
        List<String> otherProfiles = new ArrayList<>();
        List<String> notApplicable = new ArrayList<>();
        List<String> notRun = new ArrayList<>();
        List<String> coreNotApplicable = new ArrayList<>();
        for (CatalogueRule rule : catalogue.rules()) {
            RuleResult result = byId.get(rule.id());
            if (result == null) {
                notRun.add(rule.id());
            } else if (result.verdict() == Verdict.NOT_APPLICABLE && !rule.appliesTo(profiles)) {
                otherProfiles.add(rule.id());
            } else if (result.verdict() == Verdict.NOT_APPLICABLE) {
                notApplicable.add(rule.id());
                if (rule.isCore()) {
                    coreNotApplicable.add(rule.id());
                }
            }
        }
        int checked = (int) rules.stream().filter(r -> r.verdict() != Verdict.NOT_APPLICABLE).count();
        return new Coverage(catalogue.rules().size(), checked, otherProfiles, notApplicable, notRun, coreNotApplicable);
    }

    /** For results that were not made against a catalogue (tests, old reports): only what the rules say. */
    static Coverage ofRulesOnly(List<RuleResult> rules) {
        List<String> notApplicable = rules.stream().filter(r -> r.verdict() == Verdict.NOT_APPLICABLE)
                .map(RuleResult::id).toList();
        return new Coverage(rules.size(), rules.size() - notApplicable.size(), List.of(), notApplicable, List.of(),
                List.of());
    }

    /**
     * One line for certificates, badges' titles and the console, e.g. "31 of 39 rules checked;
     * 4 for other profiles: ...; 4 not applicable: HANDLE-2, TIMEOUT-3, ...".
     */
    public String summary() {
        StringBuilder line = new StringBuilder(checked + " of " + catalogueRules + " rules checked");
        if (!otherProfiles.isEmpty()) {
            line.append("; ").append(otherProfiles.size()).append(" for other profiles: ")
                    .append(String.join(", ", otherProfiles));
        }
        if (!notApplicable.isEmpty()) {
            line.append("; ").append(notApplicable.size()).append(" not applicable: ")
                    .append(String.join(", ", notApplicable));
        }
        if (!notRun.isEmpty()) {
            line.append("; ").append(notRun.size()).append(" not run")
                    .append(notRun.size() <= LISTED_NOT_RUN ? ": " + String.join(", ", notRun) : "");
        }
        if (!coreNotApplicable.isEmpty()) {
            line.append("; core rules not applicable, so not conformant: ").append(String.join(", ", coreNotApplicable));
        }
        return line.toString();
    }
}
