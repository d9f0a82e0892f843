package org.asynciotck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.asynciotck.KitVersion;
import org.asynciotck.report.MatrixReport;
import org.asynciotck.report.MatrixWriter;
import org.asynciotck.report.RuleBookRenderer;
import org.asynciotck.report.RuleBookExamples;
import org.asynciotck.runner.FeatureBook;
import org.asynciotck.runner.RuleCatalogue;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "docs", mixinStandardHelpOptions = true,
        description = "Writes <out>/rules.html: every feature and rule as written (ID, level, title, description, "
                + "scenarios) and, from a matrix.json, each rule's verdicts across implementations. It opens with a "
                + "diagram of one iteration of _run_once; each family about iterations shows one iteration timeline: "
                + "a failing scenario from the conformance.json files beside the matrix when there is one, else "
                + "what its first such scenario expects.")
final class DocsCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--matrix", paramLabel = "FILE",
            description = "a matrix.json written by 'matrix' (default: <out>/matrix.json when it exists)")
    private Path matrix;

    @Option(names = "--out", paramLabel = "DIR", description = "folder for rules.html (default: reports/)")
    private Path out;

    private final RunCommand.RunSettings settings;

    DocsCommand(RunCommand.RunSettings settings) {
        this.settings = settings;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        Path folder = out != null ? out : settings.reportsRoot();
        try {
            OutputFolder.requireWritable(folder);
            if (matrix != null && !Files.isRegularFile(matrix)) {
                throw new IllegalArgumentException("no matrix at [" + matrix + "]: give the matrix.json a 'matrix' run wrote");
            }
        } catch (IllegalArgumentException e) {
            err.println("asyncio-tck docs: " + e.getMessage());
            return ExitCode.USAGE;
        }
        Path matrixFile = matrix != null ? matrix : folder.resolve(MatrixWriter.MATRIX_JSON);
        MatrixReport verdicts = null;
        if (Files.isRegularFile(matrixFile)) {
            try {
                verdicts = MatrixWriter.read(matrixFile);
            } catch (IOException e) {
                err.println("asyncio-tck docs: cannot read the matrix " + matrixFile + ": " + e.getMessage());
                return ExitCode.USAGE;
            }
        }
        FeatureBook book = FeatureBook.loadFromClasspath(settings.featuresFolder());
        java.util.Map<String, RuleBookRenderer.Example> examples = RuleBookExamples.find(
                matrixFile.toAbsolutePath().getParent(), RuleCatalogue.loadFromClasspath(settings.featuresFolder()));
        RuleBookRenderer.write(folder, RuleBookRenderer.render(book, verdicts, KitVersion.get(), examples));
        spec.commandLine().getOut().println("rules book in " + folder.resolve(RuleBookRenderer.RULES_HTML)
                + (verdicts == null ? "" : " with the verdicts of " + matrixFile));
        return ExitCode.CONFORMANT;
    }
}
