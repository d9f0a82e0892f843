package org.asynciotck.cli;

import org.asynciotck.report.ReadmeBlock;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.asynciotck.KitVersion;
import org.asynciotck.process.Discovery;
import org.asynciotck.report.ConformanceImport;
import org.asynciotck.report.MergeBudget;
import org.asynciotck.report.MatrixColumn;
import org.asynciotck.report.MatrixReport;
import org.asynciotck.report.MatrixWriter;
import org.asynciotck.report.ReportWriter;
import org.asynciotck.runner.RuleCatalogue;
import org.asynciotck.runner.RunResult;
import org.asynciotck.runner.TagFilter;
import org.asynciotck.spi.LoopImplementation;
import org.asynciotck.untrusted.ReportFolders;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "matrix", mixinStandardHelpOptions = true,
        description = {"Certifies several implementations one after the other, each into <out>/<id>/ exactly as "
                + "'run' does, and writes <out>/matrix.html, matrix.md and matrix.json: rules down, implementations across.",
                "Without --impl: reference, reference-sync, and for every CPython 3.10 or newer found on PATH and in "
                + "pyenv (one per version, pyenv first) its c and py variants, plus uvloop, nest_asyncio and nest_asyncio2 "
                + "where they import, one interpreter per version (add virtual environments with --venv)."})
final class MatrixCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--impl", paramLabel = "SPEC", description = {"an implementation; repeatable. SPEC is one of:",
        "  reference | reference-sync",
        "  python:PATH[:c|py]   CPython's asyncio on interpreter PATH, C or pure-Python Task/Future",
        "  uvloop:PATH          uvloop on interpreter PATH",
        "  nest_asyncio:PATH    asyncio's loop made reentrant by nest_asyncio (declares nested-runs); nest_asyncio2:PATH too",
        "  process:COMMAND      an agent speaking docs/protocol.md, e.g. 'process:./agent --x'",
        "  java                 the one Java loop registered on --class-path (the choice of 'run --impl java')",
        "  java:ID              the Java loop registered on --class-path with the id ID; one column per java:ID"})
    private List<String> impls = new ArrayList<>();

    @Option(names = "--class-path", paramLabel = "PATH", split = "${sys:path.separator}", description =
            "java columns: the jars and class folders of the Java loops (the kit carries its Java module); repeatable")
    private List<Path> classPath = new ArrayList<>();

    @Option(names = "--venv", paramLabel = "DIR", description = "without --impl: also look for Python (and uvloop, nest_asyncio, nest_asyncio2) in this virtual environment; repeatable")
    private List<Path> venvs = new ArrayList<>();

    @Option(names = "--tags", paramLabel = "EXPR", description = "Cucumber tag expression selecting scenarios")
    private String tags;

    @Option(names = "--out", paramLabel = "DIR", description = "report folder (default: reports/)")
    private Path out;

    @Mixin
    private PythonAgentOptions.Timeout bound = new PythonAgentOptions.Timeout();

    /** --explore and its budget: every column explores alike. */
    @Mixin
    private ExplorationOptions exploration = new ExplorationOptions();

    @Option(names = "--readme", paramLabel = "FILE",
            description = "also write the matrix table between the <!-- matrix:start --> and <!-- matrix:end --> lines of FILE")
    private Path readme;

    @Option(names = "--from", paramLabel = "DIR", arity = "1..*", description = {
        "merge the conformance.json files found in DIR (a run's folder or a reports folder of several) into the "
        + "matrix, as certified elsewhere (other machines, CI jobs); repeatable. The matrix says where and when "
        + "each column was produced. Without --impl, nothing is certified here.",
        "A file that fails docs/conformance.schema.json or comes from an incompatible rule catalogue is refused "
        + "with the reason (exit 2), and the other columns are kept."})
    private List<Path> from = new ArrayList<>();

    @Option(names = "--allure-html", negatable = true, description = RunOptions.ALLURE_HTML_HELP)
    private Boolean allureHtml;

    @Option(names = "--profile", paramLabel = "NAME", description = UserProfiles.HELP + "; applies to every implementation")
    private List<String> profileNames = new ArrayList<>();

    /** More than the machine's cores only adds waiting; a typo like 80 would start 80 agents at once. */
    static final int MOST_JOBS = 8;

    @Option(names = "--jobs", paramLabel = "N", defaultValue = "1", description = {
        "certify N implementations side by side (1 to " + MOST_JOBS + ", default ${DEFAULT-VALUE}): each in its "
        + "own run and agent, exactly as alone; each one's output is printed whole when it is done, in order.",
        "Scenarios that time threads share the machine's cores then; 'asyncio-tck run' certifies one alone."})
    private int jobs;

    private UserProfiles profiles;

    private final ImplementationFactory factory;
    private final RunCommand.RunSettings settings;
    private final Supplier<Discovery> discovery;

    MatrixCommand(ImplementationFactory factory, RunCommand.RunSettings settings, Supplier<Discovery> discovery) {
        this.factory = factory;
        this.settings = settings;
        this.discovery = discovery;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        Path folder = out != null ? out : settings.reportsRoot();
        List<ImplementationSpec> specs = new ArrayList<>();
        try {
            TagFilter.check(tags);
            JobsOption.require(jobs, MOST_JOBS, "implementation");
            exploration.budget();
            profiles = UserProfiles.parse(profileNames);
            for (String impl : impls) {
                ImplementationSpec parsed = ImplementationSpec.parse(impl);
                parsed.options(bound.timeout, classPath);
                specs.add(parsed);
            }
            specs = new ArrayList<>(JavaColumns.resolve(specs, classPath));
            OutputFolder.requireWritable(folder);
            if (readme != null) {
                ReadmeBlock.requireMarkers(readme);
            }
        } catch (IllegalArgumentException e) {
            err.println("asyncio-tck matrix: " + e.getMessage());
            return ExitCode.USAGE;
        }
        if (specs.isEmpty() && from.isEmpty()) {
            specs.addAll(DefaultMatrix.specs(discovery.get(), venvs));
        }
        RuleCatalogue catalogue = RuleCatalogue.loadFromClasspath(settings.featuresFolder());
        catalogue.problems().forEach(problem -> err.println("warning: " + problem));
        try (OutputLock lock = OutputLock.acquire(folder, holder -> err.println(
                "note: " + folder + " had a stale lock (" + holder + ", no longer running); taking it over"))) {
            return certifyAll(specs, catalogue, folder, err);
        } catch (OutputLock.Refused e) {
            err.println("asyncio-tck matrix: " + e.getMessage());
            return ExitCode.USAGE;
        }
    }

    private int certifyAll(List<ImplementationSpec> specs, RuleCatalogue catalogue, Path folder, PrintWriter err)
            throws IOException {
        ColumnKeys keys = new ColumnKeys(specs.size());
        List<MatrixColumn> columns = new ArrayList<>(jobs == 1
                ? certifyInTurn(specs, catalogue, folder, keys, err)
                : certifySideBySide(specs, catalogue, folder, keys, err));
        int refused = merge(catalogue, folder, columns, keys, err);
        MatrixReport matrix = MatrixReport.of(catalogue, columns, KitVersion.get());
        MatrixWriter.write(folder, matrix);
        if (readme != null) {
            MatrixWriter.writeInto(readme, matrix);
        }
        printSummary(columns, folder);
        if (refused > 0) {
            err.println("asyncio-tck matrix: " + refused + " conformance.json file" + (refused == 1 ? " was" : "s were")
                    + " refused (above); the matrix has the other " + columns.size() + " column"
                    + (columns.size() == 1 ? "" : "s"));
            return ExitCode.USAGE;
        }
        if (columns.isEmpty()) {
            err.println("asyncio-tck matrix: no conformance.json found under " + from);
            return ExitCode.USAGE;
        }
        if (columns.stream().noneMatch(MatrixColumn::started)) {
            return ExitCode.IMPLEMENTATION_NOT_STARTED;
        }
        return columns.stream().allMatch(MatrixColumn::conformant) ? ExitCode.CONFORMANT : ExitCode.NOT_CONFORMANT;
    }

    private List<MatrixColumn> certifyInTurn(List<ImplementationSpec> specs, RuleCatalogue catalogue, Path folder,
            ColumnKeys keys, PrintWriter err) throws IOException {
        List<MatrixColumn> columns = new ArrayList<>();
        for (int i = 0; i < specs.size(); i++) {
            err.println("== " + specs.get(i).text());
            err.flush();
            columns.add(certify(i, specs.get(i), catalogue, folder, keys, err));
        }
        return columns;
    }

    /**
     * {@code --jobs N}: N columns at a time, each certified exactly as in turn, into a buffer of its own that
     * is printed whole, in the columns' order, so no two runs' lines interleave. Each column ends in bounded
     * time (its run's bound), so waiting for it does too.
     */
    private List<MatrixColumn> certifySideBySide(List<ImplementationSpec> specs, RuleCatalogue catalogue,
            Path folder, ColumnKeys keys, PrintWriter err) throws IOException {
        err.println("asyncio-tck matrix: " + specs.size() + " implementations, " + jobs
                + " side by side; each one's output follows when it is done");
        err.flush();
        ExecutorService pool = Executors.newFixedThreadPool(jobs, daemonThreads());
        try {
            List<Future<BufferedColumn>> pending = new ArrayList<>();
            for (int i = 0; i < specs.size(); i++) {
                int column = i;
                pending.add(pool.submit(() -> {
                    StringWriter text = new StringWriter();
                    PrintWriter out = new PrintWriter(text);
                    out.println("== " + specs.get(column).text());
                    MatrixColumn certified = certify(column, specs.get(column), catalogue, folder, keys, out);
                    out.flush();
                    return new BufferedColumn(certified, text.toString());
                }));
            }
            List<MatrixColumn> columns = new ArrayList<>();
            for (Future<BufferedColumn> column : pending) {
                BufferedColumn done = join(column);
                err.print(done.output());
                err.flush();
                columns.add(done.column());
            }
            return columns;
        } finally {
            pool.shutdownNow();
        }
    }

    private record BufferedColumn(MatrixColumn column, String output) {}

    private static BufferedColumn join(Future<BufferedColumn> column) throws IOException {
        try {
            return column.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while certifying side by side", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /** The pool's threads never keep the JVM alive: an interrupted matrix exits as one certified in turn does. */
    private static ThreadFactory daemonThreads() {
        AtomicInteger count = new AtomicInteger();
        return task -> {
            Thread thread = new Thread(task, "matrix-column-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }

    private MatrixColumn certify(int column, ImplementationSpec implementation, RuleCatalogue catalogue, Path folder,
            ColumnKeys keys, PrintWriter err) throws IOException {
        Certification certification = new Certification(settings, tags,
                allureHtml != null ? allureHtml : settings.allureHtmlByDefault(), err).exploring(exploration.budget());
        try (LoopImplementation created = factory.create(implementation.options(bound.timeout, classPath))) {
            LoopImplementation started;
            try {
                started = profiles.applyTo(created);
            } catch (IllegalArgumentException e) {
                err.println("asyncio-tck matrix: " + e.getMessage());
                return MatrixColumn.notStarted(keys.take(column, folderName(created.info().id())),
                        implementation.text(), e.getMessage());
            }
            String key = keys.take(column, folderName(started.info().id()));
            RunResult result = certification.certify(started, catalogue, ReportFolders.inside(folder, key));
            return MatrixColumn.certified(key, implementation.text(), result);
        } catch (ImplementationFactory.UnavailableException | ImplementationFactory.StartException
                | OutputLock.Refused e) {
            err.println("asyncio-tck matrix: " + e.getMessage());
            return MatrixColumn.notStarted(keys.take(column, folderName(implementation.provisionalName())),
                    implementation.text(), e.getMessage());
        } finally {
            keys.pass(column);
        }
    }

    /**
     * Adds a column for every conformance.json under the --from folders; writes its certificate and a
     * copy of the file into its folder under {@code folder}, so the matrix links to it. Returns how many
     * files were refused (each named with the reason on {@code err}).
     */
    private int merge(RuleCatalogue catalogue, Path folder, List<MatrixColumn> columns, ColumnKeys keys,
            PrintWriter err) throws IOException {
        int refused = 0;
        MergeBudget budget = new MergeBudget();
        for (Path source : from) {
            List<Path> files;
            try {
                files = ConformanceImport.find(source);
            } catch (IOException e) {
                err.println("asyncio-tck matrix: --from " + source + ": " + e.getMessage());
                refused++;
                continue;
            }
            if (files.isEmpty()) {
                err.println("asyncio-tck matrix: --from " + source + ": no conformance.json in it");
                refused++;
            }
            for (Path file : files) {
                try {
                    budget.admit(file);
                    ConformanceImport.Imported imported = ConformanceImport.read(file, catalogue);
                    budget.merged(imported);
                    RunResult result = imported.result();
                    String name = folderName(result.implementation().id());
                    String key = mergedKey(keys, folder, name);
                    ReportWriter.writeMerged(ReportFolders.inside(folder, key), imported, KitVersion.get());
                    columns.add(MatrixColumn.merged(key, "from:" + key, result, imported.provenance()));
                    // which file became which column, always: two files of one id differ only here
                    err.println("== merged " + file + " as " + key + (key.equals(name) ? "" : " (" + name
                            + " is another column's)") + " (" + imported.provenance().where() + ", "
                            + imported.provenance().producedAt() + ")");
                } catch (ConformanceImport.Refused e) {
                    err.println("asyncio-tck matrix: refused " + e.getMessage());
                    refused++;
                }
            }
        }
        return refused;
    }

    /**
     * A merged column's folder name: the implementation's, unless a folder of that name under {@code folder} holds
     * something a merge did not write (a local run's reports, which it would replace): then the next free name.
     */
    private static String mergedKey(ColumnKeys keys, Path folder, String name) {
        while (true) {
            String key = keys.unique(name);
            Path target = ReportFolders.inside(folder, key);
            if (!Files.exists(target, LinkOption.NOFOLLOW_LINKS)
                    || Files.isRegularFile(target.resolve(ReportWriter.MERGED_MARKER), LinkOption.NOFOLLOW_LINKS)) {
                return key;
            }
        }
    }

    private void printSummary(List<MatrixColumn> columns, Path folder) {
        PrintWriter stdout = spec.commandLine().getOut();
        for (MatrixColumn column : columns) {
            String outcome = !column.started() ? "COULD NOT START: " + column.startError()
                    : (column.conformant() ? "CONFORMANT" : "NOT CONFORMANT") + ", " + column.result().headline();
            stdout.printf("%-32s %s%n", column.key(), outcome);
        }
        stdout.println("matrix in " + folder + ": " + String.join(", ",
                MatrixWriter.MATRIX_HTML, MatrixWriter.MATRIX_MD, MatrixWriter.MATRIX_JSON));
    }

    /** A report folder name for an implementation: {@link ReportFolders#name}. */
    static String folderName(String text) {
        return ReportFolders.name(text);
    }
}
