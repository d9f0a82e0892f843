package org.asynciotck.docs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.asynciotck.docs.ClaimedRules.Entry;
import org.asynciotck.docs.ClaimedRules.ScenarioRef;

/**
 * Generates docs/rules.md, the table claim → rule IDs → scenarios, from the hand-written
 * docs/claims.md and the {@code Claims:} lines of the features, and checks that the two agree.
 *
 * <p>Run {@link #main} with the project root as the working directory (or as the only argument)
 * to rewrite docs/rules.md; {@code RulesTableTest} fails when the file is out of date.
 */
public final class RulesTable {

    /** The command docs/rules.md tells its reader to run; it works offline. */
    static final String REGENERATE_COMMAND = "./mvnw -o -q -B -pl tck/cli -am test -Dtest=RulesTableTest"
            + " -Dsurefire.failIfNoSpecifiedTests=false -D" + RulesTableTest.WRITE_PROPERTY + "=true";

    private static final Pattern ERRATUM_HEADING = Pattern.compile("(?m)^### (E-[1-9][0-9]*):");

    private final List<Claim> claims;
    private final ClaimedRules rules;
    private final Set<String> errataIds;
    private final List<String> problems = new ArrayList<>();

    private RulesTable(ClaimsFile claimsFile, ClaimedRules rules, Set<String> errataIds) {
        this.claims = claimsFile.claims().stream().sorted(Comparator.comparingInt(Claim::number)).toList();
        this.rules = rules;
        this.errataIds = errataIds;
        problems.addAll(claimsFile.problems());
        problems.addAll(rules.problems());
        check();
    }

    /** Reads docs/claims.md, docs/errata.md and features/*.feature under {@code projectRoot}. */
    static RulesTable read(Path projectRoot) throws IOException {
        Path docs = projectRoot.resolve("docs");
        String errata = Files.readString(docs.resolve("errata.md"), StandardCharsets.UTF_8);
        Set<String> errataIds = new TreeSet<>();
        Matcher m = ERRATUM_HEADING.matcher(errata);
        while (m.find()) {
            errataIds.add(m.group(1));
        }
        return new RulesTable(
                ClaimsFile.parse(Files.readString(docs.resolve("claims.md"), StandardCharsets.UTF_8)),
                ClaimedRules.read(projectRoot.resolve("features")),
                errataIds);
    }

    /** A table of the given texts: claims.md's content, features keyed by path, the errata IDs that exist. */
    static RulesTable of(String claimsMarkdown, Map<String, String> featureTexts, Set<String> errataIds) {
        return new RulesTable(ClaimsFile.parse(claimsMarkdown), ClaimedRules.of(featureTexts), Set.copyOf(errataIds));
    }

    /** The project root seen from the working directory: the folder itself, or its parent when run in tck/. */
    static Path projectRoot(Path workingDirectory) {
        Path start = workingDirectory.toAbsolutePath().normalize();
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve("features")) && Files.isDirectory(dir.resolve("docs"))) {
                return dir;
            }
        }
        throw new IllegalArgumentException("no features/ and docs/ in [" + start + "] or any folder above it");
    }

    private void check() {
        Set<String> known = claims.stream().map(Claim::id).collect(Collectors.toSet());
        for (Entry entry : rules.entries()) {
            entry.claims().stream().filter(c -> !known.contains(c)).forEach(c -> problems.add(entry.rule().location()
                    + ": rule " + entry.rule().id() + " lists claim " + c + ", which docs/claims.md does not have"));
        }
        Map<String, List<Entry>> byClaim = rulesByClaim();
        for (Claim claim : claims) {
            boolean encoded = !byClaim.getOrDefault(claim.id(), List.of()).isEmpty();
            if (!encoded && !claim.hasReason()) {
                problems.add(claim.id() + " maps to no rule and states no reason (docs/claims.md, column"
                        + " 'Not a rule because'): add it to a rule's 'Claims:' line or say why not");
            }
            if (encoded && claim.hasReason()) {
                problems.add(claim.id() + " is listed by " + ids(byClaim.get(claim.id()))
                        + " but also states a reason not to be a rule: keep one of the two");
            }
            claim.errata().stream().filter(e -> !errataIds.contains(e)).forEach(e -> problems.add(claim.id()
                    + " points at erratum " + e + ", which docs/errata.md does not have"));
        }
    }

    /** For each claim ID, the rules that list it, in feature order. */
    private Map<String, List<Entry>> rulesByClaim() {
        Map<String, List<Entry>> byClaim = new LinkedHashMap<>();
        for (Entry entry : rules.entries()) {
            entry.claims().forEach(c -> byClaim.computeIfAbsent(c, k -> new ArrayList<>()).add(entry));
        }
        return byClaim;
    }

    private static String ids(List<Entry> entries) {
        return entries.stream().map(e -> e.rule().id()).collect(Collectors.joining(", "));
    }

    /** What disagrees between docs/claims.md, docs/errata.md and the features; empty when all is consistent. */
    List<String> problems() {
        return List.copyOf(problems);
    }

    /** The text of docs/rules.md. */
    String render() {
        Map<String, List<Entry>> byClaim = rulesByClaim();
        long encoded = claims.stream().filter(c -> byClaim.containsKey(c.id())).count();
        long contradicted = claims.stream().filter(c -> !c.errata().isEmpty()).count();
        StringBuilder out = new StringBuilder();
        out.append("# Claims and rules\n\n")
                .append("<!-- Generated by org.asynciotck.docs.RulesTable from docs/claims.md and the 'Claims:' lines of"
                        + " features/*.feature. Do not edit by hand. -->\n\n")
                .append("Generated from `docs/claims.md` (every claim the kit started from, with a stable ID) and the\n"
                        + "`Claims:` line of each `Rule:` in `features/*.feature` (a rule that no claim states has a\n"
                        + "`Beyond the claims:` line instead, naming the documentation or CPython source it comes\n"
                        + "from). Do not edit by hand; after changing either,\n"
                        + "regenerate it from the project root with\n\n")
                .append("```sh\n").append(REGENERATE_COMMAND).append("\n```\n\n")
                .append("(`RulesTableTest` fails while this file is out of date.)\n\n")
                .append("A rule or scenario \"needs\" another rule (tag `@needs-TIMER-4`) when it cannot avoid a"
                        + " behaviour that\nrule checks, e.g. a timer that is due in the next iteration. When both"
                        + " do not pass in the same run,\nthe scenario's verdict is `blocked by TIMER-4`, its own"
                        + " observation kept in the message, so one\ndefect fails one rule; a scenario that passed, or"
                        + " whose prerequisite did not run (`--tags`), keeps\nits verdict, and blocked is never a pass"
                        + " (`docs/threads-and-time.md`, \"Blocked by a prerequisite\").\n\n")
                .append(claims.size()).append(" claims: ").append(encoded).append(" encoded by rules, ")
                .append(claims.size() - encoded).append(" deliberately not turned into rules (reason given); ")
                .append(contradicted).append(" with an errata entry, where real CPython differs from the document or"
                        + " does more (the rules listed encode what CPython really does). ").append(rules.entries().size()).append(" rules.\n\n");
        out.append("## Claim → rules\n\n| Claim | Section | Quote | Errata | Rules |\n|---|---|---|---|---|\n");
        for (Claim claim : claims) {
            List<Entry> listed = byClaim.getOrDefault(claim.id(), List.of());
            String ruleCell = listed.isEmpty() ? "*none*: " + claim.reason()
                    : listed.stream().map(e -> "[" + e.rule().id() + "](#" + anchor(e.rule().id()) + ")")
                            .collect(Collectors.joining(", "));
            out.append("| ").append(claim.id()).append(" | ").append(claim.section()).append(" | ")
                    .append(claim.quote()).append(" | ").append(String.join(", ", claim.errata())).append(" | ")
                    .append(ruleCell).append(" |\n");
        }
        out.append("\n## Rule → scenarios\n\n");
        for (Entry entry : rules.entries()) {
            out.append("### ").append(entry.rule().id()).append("\n\n")
                    .append("**").append(entry.rule().level()).append("** ").append(entry.rule().title())
                    .append(" (`").append(entry.rule().location()).append("`). ")
                    .append(entry.beyond() == null ? "Claims: " + String.join(", ", entry.claims())
                            : "Beyond the claims: " + entry.beyond())
                    .append(".").append(needs(ClaimedRules.prerequisites(entry.rule().tags().stream().sorted()), "."))
                    .append("\n\n");
            for (ScenarioRef scenario : entry.scenarios()) {
                out.append("- ").append(scenario.name()).append(" (`").append(scenario.location()).append("`)")
                        .append(needs(scenario.needs(), "")).append('\n');
            }
            out.append('\n');
        }
        return out.toString();
    }

    /** GitHub's heading anchor for a rule heading such as "### STALL-1". */
    /** " Needs [TIMER-4](#timer-4)." after a rule, "; needs ..." after a scenario; "" without prerequisites. */
    private static String needs(List<String> rules, String end) {
        if (rules.isEmpty()) {
            return "";
        }
        String links = rules.stream().map(id -> "[" + id + "](#" + anchor(id) + ")").collect(Collectors.joining(", "));
        return end.isEmpty() ? "; needs " + links : " Needs " + links + end;
    }

    private static String anchor(String ruleId) {
        return ruleId.toLowerCase(java.util.Locale.ROOT);
    }

    /** Rewrites docs/rules.md; fails (exit 1) without writing when the sources disagree. */
    public static void main(String[] args) throws IOException {
        Path root = args.length > 0 ? Path.of(args[0]) : projectRoot(Path.of(""));
        RulesTable table = read(root);
        if (!table.problems().isEmpty()) {
            table.problems().forEach(p -> System.err.println("rules table: " + p));
            System.exit(1);
        }
        Path target = root.resolve("docs/rules.md");
        Files.writeString(target, table.render(), StandardCharsets.UTF_8);
        System.out.println("wrote " + target);
    }
}
