package org.asynciotck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.asynciotck.gate.Baseline;
import org.asynciotck.gate.BaselineDraft;
import org.asynciotck.gate.BaselineException;
import org.asynciotck.gate.ImplementationBaseline;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "baseline", mixinStandardHelpOptions = true,
        description = "Runs like 'run' and prints, on standard output, a baseline (docs/baseline.md) listing the "
                + "rules this implementation does not pass, with the failure messages as reasons to edit. "
                + "The run summary goes to standard error.")
final class BaselineCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private RunOptions options;

    @Option(names = "--merge", paramLabel = "FILE",
            description = "start from this baseline and replace only this implementation's entry; reasons already "
                    + "written for a rule with an unchanged verdict are kept. Redirect the output to another file")
    private Path merge;

    private final ImplementationFactory factory;
    private final RunCommand.RunSettings settings;

    BaselineCommand(ImplementationFactory factory, RunCommand.RunSettings settings) {
        this.factory = factory;
        this.settings = settings;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter out = spec.commandLine().getOut();
        CommandRun certification = new CommandRun("asyncio-tck baseline", factory, settings, err);
        Baseline start;
        try {
            start = merge == null ? Baseline.empty() : Baseline.read(merge);
        } catch (BaselineException e) {
            return certification.usage(e.getMessage());
        }
        return certification.run(options, (result, folder) -> {
            // stdout is the baseline file; everything for the reader goes to stderr.
            RunSummary.print(result, folder, err);
            String id = result.implementation().identity();
            ImplementationBaseline entry = BaselineDraft.of(result, start.find(result.implementation())
                    .map(Baseline.Match::entry).orElse(ImplementationBaseline.allPass()));
            // Line by line: the console writer folds newlines inside one write, and the file must keep its layout.
            java.io.StringWriter file = new java.io.StringWriter();
            start.with(result.implementation(), entry).write(file);
            file.toString().lines().forEach(out::println);
            err.println("baseline for " + id + ": " + entry.rules().size() + " non-passing rule(s)"
                    + (merge == null ? "" : ", merged into " + merge) + "; edit the reasons before committing it");
            return ExitCode.CONFORMANT;
        });
    }
}
