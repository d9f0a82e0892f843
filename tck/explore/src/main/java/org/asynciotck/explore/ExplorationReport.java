package org.asynciotck.explore;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.asynciotck.KitVersion;
import org.asynciotck.process.ProtocolJson;
import org.asynciotck.runner.RuleCatalogue;
import org.asynciotck.runner.RunConfiguration;
import org.asynciotck.spi.ImplementationInfo;
import org.asynciotck.spi.Operation;
import org.asynciotck.spi.Profile;

/**
 * Writes an exploration's result: {@code exploration.json} (schema: docs/exploration.schema.json) and, for
 * each group of divergences, a folder with the minimal program's scenario ({@code scenario.feature}, when
 * the kit's steps can say it), a plain Python script ({@code replay.py}) and the program in the protocol's
 * JSON ({@code program.json}).
 */
public final class ExplorationReport {

    /** The kit's rules, for the level of the rule a divergence names. */
    private static final RuleCatalogue RULES = RuleCatalogue.loadFromClasspath(RunConfiguration.DEFAULT_FEATURES_FOLDER);

    /** The HTML page written beside {@code exploration.json}. */
    public static final String HTML = "exploration.html";

    private ExplorationReport() {}

    /**
     * Removes the group folders an earlier exploration wrote here ({@code NN-signature/} holding its
     * {@code program.json}), so the folder shows this exploration's groups alone; nothing else is touched.
     */
    private static void removeEarlierGroups(Path out) throws IOException {
        try (var entries = Files.list(out)) {
            for (Path folder : entries.filter(p -> p.getFileName().toString().matches("\\d{2,}-.+")
                    && Files.isRegularFile(p.resolve("program.json"))).toList()) {
                for (String file : List.of("program.json", "replay.py", "scenario.feature")) {
                    Files.deleteIfExists(folder.resolve(file));
                }
                try {
                    Files.deleteIfExists(folder);
                } catch (java.nio.file.DirectoryNotEmptyException e) {
                    // something of someone else's is in it: left as it is
                }
            }
        }
    }

    /** The folder of the {@code n}th group (from 1), under the exploration's folder. */
    static String folderName(int n, Explorer.Group group) {
        return String.format("%02d-%s", n, group.signature().replaceAll("[^A-Za-z0-9_.-]+", "-"));
    }

    /** The file the {@code n}th group's scenario is written to, when the kit's steps can say its program. */
    static final String SCENARIO = "scenario.feature";
    /** The file the {@code n}th group's Python script is written to. */
    static final String SCRIPT = "replay.py";

    /**
     * @param replay the command line that replays this exploration (same seed, same programs, same verdicts)
     * @return the JSON file written
     */
    public static Path write(Explorer.Result result, ImplementationInfo implementation, String replay, Path out)
            throws IOException {
        Files.createDirectories(out);
        removeEarlierGroups(out);
        ObjectMapper json = ProtocolJson.newMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = json.createObjectNode();
        root.put("kit_version", KitVersion.get());
        root.put("seed", result.seed());
        root.put("programs", result.programs());
        root.putPOJO("declined", result.declined());
        root.put("operations", result.operations());
        root.put("jobs", result.jobs());
        root.put("timed_out", result.timedOut());
        root.put("interrupted", result.interrupted());
        ObjectNode impl = root.putObject("implementation");
        impl.put("id", implementation.id());
        impl.put("name", implementation.name());
        impl.put("version", implementation.version());
        impl.put("api_level", implementation.apiLevel().toString());
        root.put("replay", replay);
        root.put("verdict", result.groups().isEmpty() ? "no-divergence" : "divergences");
        ObjectNode timing = root.putObject("timing");
        timing.put("seconds", result.seconds());
        timing.put("programs_per_second", result.programsPerSecond());
        timing.put("reference_seconds", result.referenceSeconds());
        timing.put("implementation_seconds", result.implementationSeconds());
        ArrayNode divergences = root.putArray("divergences");
        List<ExplorationHtml.GroupFiles> files = new ArrayList<>();
        int n = 0;
        for (Explorer.Group group : result.groups()) {
            n++;
            String folderName = folderName(n, group);
            Path folder = out.resolve(folderName);
            Files.createDirectories(folder);
            ObjectNode d = divergences.addObject();
            d.put("signature", group.signature());
            d.put("guarantee", group.minimalDivergence().guarantee());
            if (group.minimalDivergence().ruleId() == null) {
                d.putNull("rule");
            } else {
                d.put("rule", group.minimalDivergence().ruleId());
            }
            d.put("count", group.count());
            d.put("first_program", group.firstProgram());
            d.put("first_program_steps", group.original().size());
            d.put("detail", group.minimalDivergence().detail());
            d.put("minimal_steps", group.minimal().size());
            d.put("shrink_runs", group.shrinkRuns());
            ArrayNode program = d.putArray("minimal_program");
            for (Operation step : group.minimal().steps()) {
                program.add(json.valueToTree(step));
            }
            d.set("expected_events", json.valueToTree(group.expected().events()));
            d.set("observed_events", json.valueToTree(group.observed().events()));
            String title = group.signature() + " (" + (group.minimalDivergence().ruleId() == null ? "no rule yet"
                    : group.minimalDivergence().ruleId()) + ")";
            String header = "Found by: " + replay + "\nProgram " + group.firstProgram() + " of seed " + result.seed()
                    + ", shrunk to " + group.minimal().size() + " steps.\nBreaks: " + group.minimalDivergence().guarantee()
                    + "\nOn " + implementation.name() + " " + implementation.version() + ": "
                    + group.minimalDivergence().detail();
            Files.writeString(folder.resolve("replay.py"), PythonScript.of(group.minimal(), group.expected(), header),
                    StandardCharsets.UTF_8);
            json.writeValue(folder.resolve("program.json").toFile(), program);
            d.put("python_script", folderName + "/replay.py");
            String level = group.minimalDivergence().ruleId() == null ? null : RULES.find(group.minimalDivergence()
                    .ruleId()).map(r -> r.level().name()).orElse(null);
            // The reference loop followed the eager task factory where the implementation declared it
            List<String> followed = implementation.profiles().follows(Profile.EAGER_TASK_FACTORY)
                    ? List.of(Profile.EAGER_TASK_FACTORY.wireName()) : List.of();
            Optional<String> feature = FeatureText.of(group.minimal(), group.expected(), group.minimalDivergence(),
                    level, title, replay, followed);
            if (feature.isPresent()) {
                Files.writeString(folder.resolve("scenario.feature"), feature.get(), StandardCharsets.UTF_8);
                d.put("feature", folderName + "/scenario.feature");
            } else {
                d.putNull("feature");
            }
            files.add(new ExplorationHtml.GroupFiles(folderName + "/replay.py",
                    feature.isPresent() ? folderName + "/scenario.feature" : null));
            ArrayNode missing = d.putArray("without_steps");
            List<String> unexpressible = FeatureText.unexpressible(group.minimal(), group.expected());
            unexpressible.forEach(missing::add);
        }
        Path file = out.resolve("exploration.json");
        json.writeValue(file.toFile(), root);
        Files.writeString(out.resolve(HTML), ExplorationHtml.of(result, implementation, replay, files), StandardCharsets.UTF_8);
        return file;
    }
}
