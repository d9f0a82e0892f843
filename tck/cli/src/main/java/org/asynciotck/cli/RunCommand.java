package org.asynciotck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.asynciotck.gate.Baseline;
import org.asynciotck.gate.BaselineException;
import org.asynciotck.gate.Gate;
import org.asynciotck.gate.GateResult;
import org.asynciotck.gate.ImplementationBaseline;
import org.asynciotck.runner.RuleCatalogue;
import org.asynciotck.runner.RunConfiguration;
import org.asynciotck.runner.RunResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Runs the conformance features against one implementation and writes "
                + "conformance.json, certificate.html and badge.svg. With --baseline, the exit code says "
                + "whether the non-passing rules are exactly those the baseline expects (docs/baseline.md).")
final class RunCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private RunOptions options;

    @Option(names = "--baseline", paramLabel = "FILE",
            description = "CI gate: exit 0 when the non-passing MUST and SHOULD rules are exactly those FILE "
                    + "lists for this implementation, 1 on a new failure, a changed verdict or an unexpected pass")
    private Path baseline;

    @Option(names = "--features", paramLabel = "DIR",
            description = "run the .feature files of DIR (e.g. a scenario.feature that asyncio-tck explore wrote)"
                    + " as they are, instead of the kit's features; their rules are those DIR's files declare")
    private Path featuresDir;

    /** The largest feature file --features reads: it is read whole, parsed twice, and copied. */
    static final long MAX_FEATURE_BYTES = 1024 * 1024;

    /** The classpath package a --features folder's files are put under for the run. */
    static final String WRITTEN_FEATURES = "asynciotck_written_features";

    private final ImplementationFactory factory;
    private final RunSettings settings;

    RunCommand(ImplementationFactory factory, RunSettings settings) {
        this.factory = factory;
        this.settings = settings;
    }

    /**
     * Where the features and glue come from, and whether a run renders the Allure HTML report
     * unless told otherwise; tests point these at a sample and keep their runs fast.
     */
    record RunSettings(String featuresFolder, String gluePackage, Path reportsRoot, boolean allureHtmlByDefault) {
        RunSettings(String featuresFolder, String gluePackage, Path reportsRoot) {
            this(featuresFolder, gluePackage, reportsRoot, false);
        }

        static RunSettings standard() {
            return new RunSettings(RunConfiguration.DEFAULT_FEATURES_FOLDER, RunConfiguration.DEFAULT_GLUE_PACKAGE,
                    Path.of("reports"), false); // the Allure HTML costs a second JVM: on request only
        }
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter out = spec.commandLine().getOut();
        if (featuresDir != null) {
            return withWrittenFeatures(err, out);
        }
        return certify(settings, err, out);
    }

    /**
     * {@code --features DIR}: the files are copied under a package of a temporary folder that a class loader
     * of this run adds to the classpath, so Cucumber and the rule catalogue find them exactly as they find
     * the kit's own features (the step definitions stay the kit's).
     */
    private int withWrittenFeatures(PrintWriter err, PrintWriter out) throws IOException {
        if (!Files.isDirectory(featuresDir)) {
            err.println("asyncio-tck run: --features " + featuresDir + " is not a folder");
            return ExitCode.USAGE;
        }
        List<Path> features;
        try (var files = Files.walk(featuresDir)) {
            features = files.filter(f -> f.toString().endsWith(".feature")).sorted().toList();
        }
        // A link is never followed, nor is what it points to read or shown: it could name any file of the machine
        List<Path> refused = features.stream().filter(f -> !Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)).toList();
        if (!refused.isEmpty()) {
            refused.forEach(f -> err.println("asyncio-tck run: --features: " + featuresDir.relativize(f)
                    + " is a link or not a regular file; the kit reads only the regular files of the folder"));
            return ExitCode.USAGE;
        }
        if (features.isEmpty()) {
            err.println("asyncio-tck run: --features " + featuresDir + " holds no .feature file");
            return ExitCode.USAGE;
        }
        List<Path> oversized = new java.util.ArrayList<>();
        for (Path feature : features) {
            if (Files.size(feature) > MAX_FEATURE_BYTES) {
                oversized.add(feature);
            }
        }
        if (!oversized.isEmpty()) {
            oversized.forEach(f -> err.println("asyncio-tck run: --features: " + featuresDir.relativize(f) + " is larger"
                    + " than the " + MAX_FEATURE_BYTES + " bytes a feature file may have (the kit's largest is about"
                    + " 13 KB); nothing was run"));
            return ExitCode.USAGE;
        }
        List<String> unparsable = new java.util.ArrayList<>();
        Map<String, String> texts = new java.util.LinkedHashMap<>();
        for (Path feature : features) {
            byte[] text = Files.readAllBytes(feature);
            unparsable.addAll(RuleCatalogue.parseErrors(featuresDir.relativize(feature).toString(), text));
            texts.put(featuresDir.relativize(feature).toString(), new String(text, java.nio.charset.StandardCharsets.UTF_8));
        }
        if (!unparsable.isEmpty()) {
            // Before anything runs: a file Cucumber cannot parse stops the discovery of every feature
            err.println("asyncio-tck run: --features " + featuresDir + ": not Gherkin, nothing was run:");
            unparsable.forEach(problem -> err.println("  " + problem));
            return ExitCode.USAGE;
        }
        RuleCatalogue declared = RuleCatalogue.of(texts);
        if (!declared.problems().isEmpty() || declared.rules().isEmpty()) {
            // The rules are what a verdict is about: a scenario of no rule, or a rule without its ID or level,
            // would be counted as a rule the files never declared ("1 of 0 rules checked")
            err.println("asyncio-tck run: --features " + featuresDir + ": its rules are not declared as the kit"
                    + " needs them, nothing was run:");
            declared.problems().forEach(problem -> err.println("  " + problem));
            if (declared.rules().isEmpty()) {
                err.println("  no Rule with an ID and a level tag (e.g. @LOOP-1 @MUST) in any of its files");
            }
            return ExitCode.USAGE;
        }
        Path root = Files.createTempDirectory("asyncio-tck-features");
        Path pkg = Files.createDirectories(root.resolve(WRITTEN_FEATURES));
        int n = 0;
        for (Path feature : features) {
            // Flattened, numbered: the same name in two subfolders must not overwrite one another.
            Files.copy(feature, pkg.resolve(String.format("%03d-%s", ++n, feature.getFileName())));
        }
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {root.toUri().toURL()},
                before != null ? before : RunCommand.class.getClassLoader())) {
            thread.setContextClassLoader(loader);
            err.println("asyncio-tck run: " + features.size() + " feature file(s) of " + featuresDir);
            return certify(new RunSettings(WRITTEN_FEATURES, settings.gluePackage(), settings.reportsRoot(),
                    settings.allureHtmlByDefault()), err, out);
        } finally {
            thread.setContextClassLoader(before);
            try (var files = Files.walk(root)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }

    private int certify(RunSettings runSettings, PrintWriter err, PrintWriter out) throws IOException {
        CommandRun certification = new CommandRun("asyncio-tck run", factory, runSettings, err);
        Baseline expected = null;
        if (baseline != null) {
            try {
                // Read before anything starts: a broken baseline must not cost a whole run.
                expected = Baseline.read(baseline);
            } catch (BaselineException e) {
                return certification.usage(e.getMessage());
            }
        }
        Baseline gate = expected;
        return certification.run(options, (result, folder) -> {
            RunSummary.print(result, folder, out);
            if (gate == null) {
                return result.conformant() ? ExitCode.CONFORMANT : ExitCode.NOT_CONFORMANT;
            }
            return printGate(result, gate, out);
        });
    }

    private int printGate(RunResult result, Baseline expected, PrintWriter out) {
        String identity = result.implementation().identity();
        Optional<Baseline.Match> match = expected.find(result.implementation());
        if (match.isEmpty()) {
            out.println("baseline " + baseline + " has no entry for " + identity
                    + ": every MUST and SHOULD rule is expected to pass");
        }
        match.ifPresent(m -> m.notes().forEach(note -> out.println("baseline note: " + note)));
        GateResult gate = Gate.check(result, match.map(Baseline.Match::entry).orElse(ImplementationBaseline.allPass()));
        gate.notes().forEach(note -> out.println("baseline note: " + note));
        gate.differences().forEach(difference -> out.println(difference.line()));
        if (gate.passed()) {
            out.println("baseline " + baseline + ": MATCHES for " + identity + " (" + gate.expected()
                    + " expected non-passing rules)");
            return ExitCode.CONFORMANT;
        }
        out.println("baseline " + baseline + ": " + gate.differences().size() + " difference(s) for " + identity
                + "; fix the loop, or update the baseline with 'asyncio-tck baseline --merge " + baseline + "'");
        return ExitCode.NOT_CONFORMANT;
    }
}
