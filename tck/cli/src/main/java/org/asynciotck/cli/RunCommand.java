package org.asynciotck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.asynciotck.gate.Baseline;
import org.asynciotck.gate.BaselineException;
import org.asynciotck.gate.Gate;
import org.asynciotck.gate.GateResult;
import org.asynciotck.gate.ImplementationBaseline;
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
        CommandRun certification = new CommandRun("asyncio-tck run", factory, settings, err);
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
