package org.asynciotck.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.asynciotck.runner.RuleLevel;
import org.asynciotck.runner.RunResult;
import org.asynciotck.runner.ScenarioResult;
import org.asynciotck.runner.Verdict;
import org.asynciotck.spi.ImplementationInfo;

/**
 * Makes Allure tell the kit's verdict, not the Cucumber plugin's guess from the exception type.
 *
 * <p>Allure's Cucumber plugin writes one result per scenario while it runs; it files any exception
 * that is not an assertion as "broken" (a test defect), gives every result the severity "normal"
 * and knows nothing of levels. After the run, this rewrites each result in {@code allure-results/}
 * from the kit's {@link ScenarioResult}: the status and message follow the verdict and the level
 * (the same mapping as junit.xml, docs/junit.md), the severity follows the level (MUST critical,
 * SHOULD normal, INFO trivial), and a scenario the plugin never finished (a cut run) gets a result
 * of its own. It also writes {@code categories.json} (implementation crashed, timed out, not
 * applicable, SHOULD warning, blocked, not run) and {@code environment.properties} (the
 * Environment tab).
 *
 * <p>The status message starts with the verdict, e.g. {@code "crashed (SHOULD warning): ..."}; the
 * categories match on that prefix, so a category never depends on text from the implementation.
 */
public final class AllureVerdicts {

    /** Allure's results folder inside a run's output folder (the runner's AllureResults.FOLDER). */
    public static final String RESULTS_FOLDER = "allure-results";
    static final String CATEGORIES_JSON = "categories.json";
    static final String ENVIRONMENT_PROPERTIES = "environment.properties";

    private static final ObjectMapper JSON = ReportJson.newMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final String RESULT_SUFFIX = "-result.json";
    private static final String SHOULD_WARNING = "SHOULD warning";

    private AllureVerdicts() {}

    /** Rewrites {@code <directory>/allure-results} after {@code result}; nothing when the folder is absent. */
    public static void apply(Path directory, RunResult result, String kitVersion) throws IOException {
        Path folder = directory.resolve(RESULTS_FOLDER);
        if (!Files.isDirectory(folder)) {
            return;
        }
        List<ScenarioResult> unmatched = new ArrayList<>(result.scenarios());
        Set<Path> seen = new HashSet<>();
        List<Path> files;
        try (Stream<Path> list = Files.list(folder)) {
            files = list.filter(p -> p.getFileName().toString().endsWith(RESULT_SUFFIX)).sorted().toList();
        }
        for (Path file : files) {
            JsonNode node;
            try {
                node = JSON.readTree(file.toFile());
            } catch (IOException unreadable) {
                continue; // half written by a run that was cut; Allure skips it too
            }
            if (!(node instanceof ObjectNode allure) || !seen.add(file)) {
                continue;
            }
            Optional<ScenarioResult> scenario = match(allure, unmatched);
            if (scenario.isPresent()) {
                unmatched.remove(scenario.get());
                rewrite(allure, scenario.get());
                attachTimeline(allure, scenario.get(), folder, result);
                AtomicFiles.write(file, JSON.writeValueAsString(allure) + "\n");
            }
        }
        for (ScenarioResult scenario : unmatched) {
            ObjectNode allure = created(scenario, result.implementation());
            rewrite(allure, scenario);
            attachTimeline(allure, scenario, folder, result);
            AtomicFiles.write(folder.resolve(allure.get("uuid").asText() + RESULT_SUFFIX),
                    JSON.writeValueAsString(allure) + "\n");
        }
        AtomicFiles.write(folder.resolve(CATEGORIES_JSON), categories());
        AtomicFiles.write(folder.resolve(ENVIRONMENT_PROPERTIES), environment(result, kitVersion));
    }

    /** What Allure shows for a verdict at a level: passed, failed, broken, skipped or unknown. */
    static String status(Verdict verdict, RuleLevel level) {
        if (verdict == Verdict.PASS) {
            return "passed";
        }
        if (verdict == Verdict.NOT_APPLICABLE) {
            return "skipped";
        }
        if (verdict == Verdict.NOT_RUN) {
            return "unknown"; // never a pass, and not a finding about the implementation either
        }
        if (level != RuleLevel.MUST) {
            return "passed"; // a SHOULD warning or an INFO observation: the run is conformant
        }
        return verdict == Verdict.FAIL ? "failed" : "broken";
    }

    /** "crashed (SHOULD warning): why", "fail (MUST): why", "not-applicable: why", "observation: why". */
    static String message(ScenarioResult scenario) {
        RuleLevel level = scenario.level().orElse(RuleLevel.MUST);
        Verdict verdict = scenario.verdict();
        String why = scenario.message().isBlank() ? "" : ": " + scenario.message();
        if (verdict == Verdict.PASS) {
            return level == RuleLevel.INFO ? "observation: as asyncio" : "";
        }
        if (verdict == Verdict.NOT_APPLICABLE || verdict == Verdict.NOT_RUN) {
            return verdict.wireName() + why;
        }
        if (level == RuleLevel.INFO) {
            return "observation: differs (" + verdict.wireName() + ")" + why;
        }
        return verdict.wireName() + (level == RuleLevel.SHOULD ? " (" + SHOULD_WARNING + ")" : " (MUST)") + why;
    }

    static String severity(RuleLevel level) {
        return switch (level) {
            case MUST -> "critical";
            case SHOULD -> "normal";
            case INFO -> "trivial";
        };
    }

    private static void rewrite(ObjectNode allure, ScenarioResult scenario) {
        RuleLevel level = scenario.level().orElse(RuleLevel.MUST);
        allure.put("status", status(scenario.verdict(), level));
        ObjectNode details = allure.get("statusDetails") instanceof ObjectNode d ? d : allure.putObject("statusDetails");
        String message = message(scenario);
        if (message.isEmpty()) {
            details.remove("message");
        } else {
            details.put("message", message);
        }
        ArrayNode labels = allure.get("labels") instanceof ArrayNode l ? l : allure.putArray("labels");
        for (int i = labels.size() - 1; i >= 0; i--) {
            String name = labels.get(i).path("name").asText();
            if (name.equals("severity") || name.equals("level") || name.equals("verdict")) {
                labels.remove(i);
            }
        }
        labels.addObject().put("name", "severity").put("value", severity(level));
        labels.addObject().put("name", "level").put("value", level.name());
        labels.addObject().put("name", "verdict").put("value", scenario.verdict().wireName());
    }

    /** The attachment's name in Allure. */
    static final String TIMELINE_ATTACHMENT = "iteration timeline";

    /**
     * A failing scenario with an iteration timeline gets it as an SVG attachment
     * ({@code <uuid>-timeline-attachment.svg}), shown by Allure under the result.
     */
    private static void attachTimeline(ObjectNode allure, ScenarioResult scenario, Path folder, RunResult result)
            throws IOException {
        if (scenario.timeline() == null || !scenario.verdict().isProblem()) {
            return;
        }
        String source = allure.path("uuid").asText(UUID.randomUUID().toString()) + "-timeline-attachment.svg";
        String title = scenario.ruleId().orElse("?") + " · " + result.implementation().id() + " · " + scenario.name();
        AtomicFiles.write(folder.resolve(source), TimelineSvg.render(scenario.timeline(), title));
        ArrayNode attachments = allure.get("attachments") instanceof ArrayNode a ? a : allure.putArray("attachments");
        for (int i = attachments.size() - 1; i >= 0; i--) {
            if (TIMELINE_ATTACHMENT.equals(attachments.get(i).path("name").asText())) {
                attachments.remove(i);
            }
        }
        attachments.addObject().put("name", TIMELINE_ATTACHMENT).put("source", source).put("type", "image/svg+xml");
    }

    /** The kit's scenario for an Allure result: same feature file and line, else same name and rule. */
    private static Optional<ScenarioResult> match(ObjectNode allure, List<ScenarioResult> scenarios) {
        String fullName = allure.path("fullName").asText("");
        int colon = fullName.lastIndexOf(':');
        if (colon > 0) {
            String file = fullName.substring(0, colon);
            String line = fullName.substring(colon + 1);
            for (ScenarioResult s : scenarios) {
                if (s.line() > 0 && line.equals(Integer.toString(s.line())) && !s.feature().isEmpty()
                        && (file.endsWith(s.feature()) || s.feature().endsWith(fileName(file)))) {
                    return Optional.of(s);
                }
            }
        }
        String name = allure.path("name").asText("");
        List<String> tags = new ArrayList<>();
        allure.path("labels").forEach(l -> {
            if (l.path("name").asText().equals("tag")) {
                tags.add(l.path("value").asText());
            }
        });
        return scenarios.stream().filter(s -> s.name().equals(name))
                .filter(s -> s.ruleId().map(id -> tags.contains("@" + id) || tags.contains(id)).orElse(true))
                .findFirst();
    }

    private static String fileName(String path) {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? path : path.substring(slash);
    }

    /** A result for a scenario Allure's plugin did not finish, e.g. when the run was cut. */
    private static ObjectNode created(ScenarioResult scenario, ImplementationInfo info) {
        ObjectNode allure = JSON.createObjectNode();
        String uuid = UUID.randomUUID().toString();
        String fullName = scenario.location();
        allure.put("uuid", uuid);
        allure.put("historyId", UUID.nameUUIDFromBytes(fullName.getBytes(java.nio.charset.StandardCharsets.UTF_8))
                .toString().replace("-", ""));
        allure.put("name", scenario.name());
        allure.put("fullName", fullName);
        long now = System.currentTimeMillis();
        allure.put("start", now);
        allure.put("stop", now);
        allure.put("stage", "finished");
        ArrayNode labels = allure.putArray("labels");
        scenario.ruleId().ifPresent(id -> labels.addObject().put("name", "story").put("value", id));
        for (String tag : scenario.tags()) {
            labels.addObject().put("name", "tag").put("value", "@" + tag);
        }
        allure.putArray("parameters").addObject().put("name", "implementation").put("value", info.id());
        return allure;
    }

    private static String categories() {
        ArrayNode categories = JSON.createArrayNode();
        category(categories, "implementation crashed", "crashed\\b.*", "broken", "passed");
        category(categories, "implementation timed out", "timed-out\\b.*", "broken", "passed");
        category(categories, "blocked by a lifecycle rule", "blocked\\b.*", "broken", "passed");
        category(categories, "not applicable", "not-applicable\\b.*", "skipped");
        category(categories, SHOULD_WARNING, "\\S+ \\(" + SHOULD_WARNING + "\\).*", "passed");
        category(categories, "not run", "not-run\\b.*", "unknown");
        category(categories, "MUST failure", "fail \\(MUST\\).*", "failed");
        try {
            return JSON.writeValueAsString(categories) + "\n";
        } catch (IOException e) {
            throw new IllegalStateException("cannot write Allure categories", e);
        }
    }

    private static void category(ArrayNode categories, String name, String messageRegex, String... statuses) {
        ObjectNode category = categories.addObject();
        category.put("name", name);
        category.put("messageRegex", "(?s)" + messageRegex);
        ArrayNode matched = category.putArray("matchedStatuses");
        for (String status : statuses) {
            matched.add(status);
        }
    }

    /** The Environment tab: who was certified, on what, as which variant and profiles, by which kit. */
    static String environment(RunResult result, String kitVersion) {
        ImplementationInfo info = result.implementation();
        StringBuilder text = new StringBuilder();
        property(text, "implementation", info.name() + " " + info.version());
        property(text, "implementation.id", info.id());
        property(text, "identity", info.identity());
        property(text, "interpreter", info.python().isEmpty() ? "none (not a Python loop)" : "Python " + info.python());
        property(text, "variant", variant(info));
        property(text, "api_level", info.apiLevel().toString());
        property(text, "profiles", info.profiles().toString());
        property(text, "kit_version", kitVersion);
        property(text, "headline", result.headline());
        return text.toString();
    }

    /** CPython's Task/Future variant, from the name the agent reports; "-" for other loops. */
    static String variant(ImplementationInfo info) {
        String name = info.name().toLowerCase(Locale.ROOT);
        if (name.contains("pure-python task") || name.contains("python task")) {
            return "py (pure-Python Task/Future)";
        }
        if (name.contains("c task")) {
            return "c (C Task/Future)";
        }
        return "-";
    }

    private static void property(StringBuilder text, String key, String value) {
        text.append(key).append(" = ").append(escape(value)).append('\n');
    }

    /** java.util.Properties escaping: backslash, line breaks and anything outside printable ASCII. */
    private static String escape(String value) {
        StringBuilder out = new StringBuilder();
        for (char c : value.toCharArray()) {
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20 || c > 0x7e) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.toString();
    }
}
