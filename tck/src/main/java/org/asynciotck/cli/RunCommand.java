package org.asynciotck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.asynciotck.runner.RuleCatalogue;
import org.asynciotck.runner.RunConfiguration;
import org.asynciotck.runner.RunResult;
import org.asynciotck.runner.TagFilter;
import org.asynciotck.spi.LoopImplementation;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Runs the conformance features against one implementation and writes "
                + "conformance.json, certificate.html, badge.svg, Cucumber's HTML and JUnit XML, and allure-results/.")
final class RunCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--impl", paramLabel = "KIND", defaultValue = ImplementationOptions.REFERENCE,
            description = "reference, python or process (default: ${DEFAULT-VALUE})")
    private String impl;

    @Option(names = "--python", paramLabel = "PATH", description = "python: the interpreter to run the agent with")
    private Path python;

    @Option(names = "--loop-factory", paramLabel = "MODULE:CALLABLE",
            description = "python: the loop to certify: asyncio (default), uvloop, or a callable returning a new event loop, e.g. mypkg.loops:new_loop")
    private String loopFactory;

    @Option(names = "--python-path", paramLabel = "DIR", description = "python: folder added to sys.path; repeatable")
    private List<Path> pythonPath = new ArrayList<>();

    @Option(names = "--variant", paramLabel = "c|py", description = "python: CPython's C or pure-Python Task/Future")
    private String variant;

    @Option(names = "--command", paramLabel = "AGENT COMMAND",
            description = "process: the command line of an agent speaking docs/protocol.md")
    private String command;

    @Option(names = "--tags", paramLabel = "EXPR",
            description = "Cucumber tag expression selecting scenarios, e.g. \"@MUST and not @needs-ready-queue\"")
    private String tags;

    @Option(names = "--out", paramLabel = "DIR", description = "report folder (default: reports/<implementation-id>/)")
    private Path out;

    @Option(names = "--timeout", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "bound on one operation, e.g. 10s or 500ms (default: the implementation's)")
    private Duration timeout;

    @Option(names = "--allure-html",
            description = "also render the Allure results (always written to <out>/allure-results/) into <out>/allure-report/")
    private boolean allureHtml;

    private final ImplementationFactory factory;
    private final RunSettings settings;

    RunCommand(ImplementationFactory factory, RunSettings settings) {
        this.factory = factory;
        this.settings = settings;
    }

    /** Where the features and glue come from; tests point these at a sample. */
    record RunSettings(String featuresFolder, String gluePackage, Path reportsRoot) {
        static RunSettings standard() {
            return new RunSettings(RunConfiguration.DEFAULT_FEATURES_FOLDER, RunConfiguration.DEFAULT_GLUE_PACKAGE,
                    Path.of("reports"));
        }
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        ImplementationOptions options;
        try {
            TagFilter.check(tags);
            options = new ImplementationOptions(impl, python, loopFactory, pythonPath, variant, command, timeout)
                    .validate();
            if (out != null) {
                OutputFolder.requireWritable(out);
            }
        } catch (IllegalArgumentException e) {
            err.println("tck run: " + e.getMessage());
            return ExitCode.USAGE;
        }
        RuleCatalogue catalogue = RuleCatalogue.loadFromClasspath(settings.featuresFolder());
        catalogue.problems().forEach(problem -> err.println("warning: " + problem));
        try (LoopImplementation implementation = factory.create(options)) {
            return run(implementation, catalogue, err);
        } catch (ImplementationFactory.UnavailableException e) {
            err.println("tck run: " + e.getMessage());
            return ExitCode.USAGE;
        } catch (ImplementationFactory.StartException e) {
            err.println("tck run: " + e.getMessage());
            return ExitCode.IMPLEMENTATION_NOT_STARTED;
        }
    }

    private int run(LoopImplementation implementation, RuleCatalogue catalogue, PrintWriter err) throws IOException {
        Path folder = out != null ? out : settings.reportsRoot().resolve(implementation.info().id());
        try {
            OutputFolder.requireWritable(folder);
        } catch (IllegalArgumentException e) {
            err.println("tck run: " + e.getMessage());
            return ExitCode.USAGE;
        }
        RunResult result = new Certification(settings, tags, allureHtml, err).certify(implementation, catalogue, folder);
        if (result.scenarios().isEmpty()) {
            err.println("tck run: no scenario was selected" + (tags == null ? "" : " by --tags " + tags)
                    + ": check the tag expression (see 'tck rules' for the rule IDs)");
            return ExitCode.USAGE;
        }
        RunSummary.print(result, folder, spec.commandLine().getOut());
        return result.conformant() ? ExitCode.CONFORMANT : ExitCode.NOT_CONFORMANT;
    }
}
