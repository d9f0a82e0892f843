package org.asynciotck.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.asynciotck.process.AgentScript;
import org.asynciotck.process.ProcessOverhead;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.EngineFilter;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Where a run of the kit spends its time (issue 14), measured in one run of this command and
 * printed as ratios, each figure the median of {@code --repeat} runs of a fresh JVM or process:
 *
 * <ul>
 *   <li>the floor of any run: the JVM's start plus Cucumber's start on an empty feature set;
 *       {@code rules} (the JVM and the catalogue), a run on the reference loop, and the same run
 *       without the launcher's class data archive, on the JVM's default options and with the Allure
 *       HTML rendered, against it (every JVM but those two as ./asyncio-tck starts it, archive
 *       included, the floor's too);
 *   <li>a run on CPython against the same operations performed directly in one Python process
 *       (the agent's requests of that run, recorded, then replayed with no kit and no pipe), and
 *       the overhead per scenario that the kit, the JVM and the pipe add;
 *   <li>both runs again with {@code --jobs 2}, scenarios side by side, against the same runs one
 *       scenario at a time;
 *   <li>{@code matrix} over what discovery finds, per implementation, one implementation at a time and
 *       {@code --jobs 2}.
 * </ul>
 *
 * <pre>
 * java -cp tck/cli/target/asyncio-tck.jar org.asynciotck.cli.RunTimeBenchmark --python PY [--repeat 3] [--no-matrix]
 * </pre>
 */
@Command(name = "run-time-benchmark", mixinStandardHelpOptions = true,
        description = "Measures where a run of the kit spends its time, as ratios to its floors.")
public final class RunTimeBenchmark implements Callable<Integer> {

    private static final String RESOURCES = "/org/asynciotck/cli/benchmark/";
    /** Bounds one measured command: a run takes seconds, a matrix on a busy machine minutes. */
    private static final long COMMAND_BOUND_MINUTES = 15;

    @Option(names = "--python", required = true, description = "the CPython to run the agent with (3.12 for issue 14)")
    private Path python;

    @Option(names = "--repeat", defaultValue = "3", description = "runs of each command; the median counts (default: ${DEFAULT-VALUE})")
    private int repeat;

    @Option(names = "--no-matrix", description = "do not time matrix over what discovery finds")
    private boolean noMatrix;

    /** The jobs of the side-by-side runs, beside the runs one scenario at a time: this machine's 2 cores. */
    static final String SIDE_BY_SIDE = "2";

    /** The options ./asyncio-tck starts the kit's JVM with (its java_opts), besides the class data archive. */
    static final List<String> LAUNCHER_OPTIONS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");
    /** The launcher's archive, beside the jar (./asyncio-tck makes it after a build). */
    static final String CLASS_DATA_ARCHIVE = "asyncio-tck.jsa";
    /** The launcher's: a stale archive is refused on standard output, where the kit's output goes. */
    static final String QUIET_CLASS_DATA = "-Xlog:cds=off,cds+dynamic=off";

    @Option(names = "--venv", description = "passed to matrix: a virtual environment to look for uvloop in")
    private List<Path> venvs = new ArrayList<>();

    private Path work;
    private Path jar;
    /** {@link #LAUNCHER_OPTIONS} and the class data archive: the JVM as ./asyncio-tck starts it. */
    private final List<String> launcher = new ArrayList<>();

    public static void main(String[] args) {
        System.exit(new CommandLine(new RunTimeBenchmark()).execute(args));
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (repeat < 1 || repeat > 20) {
            throw new CommandLine.ParameterException(new CommandLine(this), "--repeat must be from 1 to 20, got " + repeat);
        }
        jar = ownJar();
        if (python.getParent() != null) {
            python = python.toAbsolutePath(); // the commands run in the scratch folder
        }
        work = Files.createTempDirectory("asyncio-tck-run-time-");
        System.out.println("kit run time, " + Instant.now().truncatedTo(ChronoUnit.SECONDS) + ", "
                + Runtime.getRuntime().availableProcessors() + " cores, Java " + System.getProperty("java.version")
                + ", median of " + repeat + " (scratch folder " + work + ")");

        launcher.addAll(LAUNCHER_OPTIONS);
        launcher.addAll(List.of(QUIET_CLASS_DATA, "-XX:SharedArchiveFile=" + classDataArchive()));

        List<String> floorCommand = java();
        floorCommand.addAll(launcher);
        floorCommand.addAll(List.of("-cp", jar.toString(), EmptyCucumber.class.getName()));
        Figure floor = median("JVM + Cucumber, no features", floorCommand);
        Figure rules = median("rules", kit("rules"));
        Figure reference = median("run (reference)", kit("run", "--out", fresh("reference")));
        Figure referenceSideBySide = median("run --jobs " + SIDE_BY_SIDE + " (reference)",
                kit("run", "--jobs", SIDE_BY_SIDE, "--out", fresh("reference-jobs")));
        List<String> withoutArchive = java();
        withoutArchive.addAll(LAUNCHER_OPTIONS);
        withoutArchive.addAll(List.of("-jar", jar.toString(), "run", "--out", fresh("reference-no-archive")));
        Figure referenceNoArchive = median("run (reference), no class data archive", withoutArchive);
        Figure referenceDefaults = median("run (reference), JVM defaults",
                java("-jar", jar.toString(), "run", "--out", fresh("reference-defaults")));
        Figure referenceAllure = median("run --allure-html (reference)",
                kit("run", "--allure-html", "--out", fresh("reference-allure")));
        Figure cpython = median("run (cpython)", kit("run", "--impl", "python", "--python", python.toString(),
                "--out", fresh("cpython")));
        Figure cpythonSideBySide = median("run --jobs " + SIDE_BY_SIDE + " (cpython)", kit("run", "--impl", "python",
                "--python", python.toString(), "--jobs", SIDE_BY_SIDE, "--out", fresh("cpython-jobs")));

        Path pyz = AgentScript.writeTo(work);
        Path log = work.resolve("requests.log");
        String recorded = python + " " + resource("record_agent.py") + " " + pyz + " " + log;
        Path recordOut = Path.of(fresh("cpython-recorded"));
        run(kit("run", "--impl", "process", "--command", recorded, "--out", recordOut));
        int scenarios = scenarios(recordOut.resolve(org.asynciotck.runner.ConformanceRun.CUCUMBER_JUNIT_XML));
        Figure replay = median("same operations in one Python process",
                List.of(python.toString(), resource("replay_agent.py").toString(), pyz.toString(), log.toString()));

        System.out.println();
        System.out.println("wall: elapsed seconds; cpu: user + system seconds of the process and its children"
                + " (steadier than wall on a shared machine)");
        System.out.printf("%-46s %8s %8s %8s %8s%n", "", "wall", "cpu", "wall x", "cpu x");
        row("JVM + Cucumber on no features (the floor)", floor, null, "");
        row("rules (JVM + catalogue)", rules, floor, "the floor");
        row("run on the reference loop", reference, floor, "the floor (target <= 2x)");
        row("  the same with --jobs " + SIDE_BY_SIDE, referenceSideBySide, reference, "the run");
        row("  the same with --jobs " + SIDE_BY_SIDE + ", against the floor", referenceSideBySide, floor, "the floor");
        row("  the same without the class data archive", referenceNoArchive, reference, "the run");
        row("  the same on the JVM's default options", referenceDefaults, reference, "the run");
        row("  the same with --allure-html", referenceAllure, reference, "the run");
        row("run on CPython " + pythonVersion(), cpython, replay, "in-process (target <= 1.5x)");
        row("  the same with --jobs " + SIDE_BY_SIDE, cpythonSideBySide, cpython, "the run");
        row("  the same with --jobs " + SIDE_BY_SIDE + ", against in-process", cpythonSideBySide, replay,
                "in-process (target <= 1.5x)");
        row("  same operations in one Python process", replay, null, "(Python's start included)");
        System.out.printf("%-46s %8.2f %8s   (elapsed inside the replay, waits included)%n",
                "    of which performing the requests", replay.inside(), "");
        System.out.printf("%-46s %8.2f %8.2f   ms per scenario beyond both floors (%d scenarios; target < 2 ms)%n",
                "  overhead of the kit and the pipe", (cpython.wall() - replay.wall() - floor.wall()) / scenarios * 1000,
                (cpython.cpu() - replay.cpu() - floor.cpu()) / scenarios * 1000, scenarios);
        // The overhead splits in two: what every run pays per scenario in this JVM (Cucumber, the steps, the
        // reports: the reference run beyond the floor), and what the process adapter adds on top of it.
        System.out.printf("%-46s %8.2f %8.2f   ms per scenario: the reference run beyond the floor%n",
                "    of which the kit's own, in any run", (reference.wall() - floor.wall()) / scenarios * 1000,
                (reference.cpu() - floor.cpu()) / scenarios * 1000);
        System.out.printf("%-46s %8.2f %8.2f   ms per scenario: the rest%n",
                "    of which the agent and the pipe", (cpython.wall() - replay.wall() - reference.wall()) / scenarios * 1000,
                (cpython.cpu() - replay.cpu() - reference.cpu()) / scenarios * 1000);

        if (!noMatrix) {
            Figure inTurn = timeMatrix("matrix", "1");
            Figure sideBySide = timeMatrix("matrix-jobs", SIDE_BY_SIDE);
            int implementations = implementations(work.resolve("matrix").resolve("matrix.md"));
            System.out.printf("%-46s %8.2f %8.2f   one run; %.2f s wall per implementation (%d)%n",
                    "matrix over discovery", inTurn.wall(), inTurn.cpu(),
                    inTurn.wall() / Math.max(1, implementations), implementations);
            row("  the same with --jobs " + SIDE_BY_SIDE, sideBySide, inTurn, "the matrix (one run each)");
        }
        return 0;
    }

    /** One timed {@code matrix --jobs jobs} over what discovery finds, into the scratch folder {@code name}. */
    private Figure timeMatrix(String name, String jobs) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("matrix", "--jobs", jobs, "--out", fresh(name)));
        venvs.forEach(venv -> command.addAll(List.of("--venv", venv.toAbsolutePath().toString()))); // commands run in the scratch folder
        return time(kit(command.toArray()));
    }

    /** Cucumber's engine through the JUnit Platform on a package without features: the floor of every run. */
    public static final class EmptyCucumber {
        private EmptyCucumber() {}

        public static void main(String[] args) {
            LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request()
                    .selectors(DiscoverySelectors.selectPackage("org.asynciotck.cli.benchmark"))
                    .filters(EngineFilter.includeEngines("cucumber"))
                    .enableImplicitConfigurationParameters(false)
                    .configurationParameter("cucumber.glue", "org.asynciotck.steps")
                    .build());
        }
    }

    private List<String> java(String... args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of(args));
        return command;
    }

    /**
     * The launcher's class data archive, made as ./asyncio-tck makes it (one run on the reference
     * loop, not timed) when it is missing or older than the jar.
     */
    private Path classDataArchive() throws IOException, InterruptedException {
        Path archive = jar.resolveSibling(CLASS_DATA_ARCHIVE);
        if (Files.isRegularFile(archive)
                && Files.getLastModifiedTime(archive).compareTo(Files.getLastModifiedTime(jar)) > 0) {
            System.out.println("class data archive: " + archive + " (the launcher's)");
            return archive;
        }
        // Beside the archive, so that it is renamed within one file system, as the launcher's is.
        Path partial = jar.resolveSibling(CLASS_DATA_ARCHIVE + "." + ProcessHandle.current().pid() + ".partial");
        List<String> dump = java();
        dump.addAll(LAUNCHER_OPTIONS);
        dump.addAll(List.of(QUIET_CLASS_DATA, "-XX:ArchiveClassesAtExit=" + partial, "-jar", jar.toString(),
                "run", "--out", fresh("class-data-run")));
        run(dump);
        if (!Files.isRegularFile(partial)) {
            throw new IllegalStateException("the JVM made no class data archive with " + dump);
        }
        Files.move(partial, archive, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        System.out.println("class data archive: made " + archive + ", as ./asyncio-tck does after a build");
        return archive;
    }

    /** The kit as ./asyncio-tck starts it. */
    private List<String> kit(Object... args) {
        List<String> command = java();
        command.addAll(launcher);
        command.addAll(List.of("-jar", jar.toString()));
        for (Object arg : args) {
            command.add(arg.toString());
        }
        return command;
    }

    private String fresh(String name) throws IOException {
        Path folder = work.resolve(name);
        Files.createDirectories(folder);
        return folder.toString();
    }

    /** Seconds: elapsed, and user + system of the process and its children; {@code inside} a replay's own. */
    private record Figure(double wall, double cpu, double inside) {}

    /** The medians of {@code repeat} runs. */
    private Figure median(String what, List<String> command) throws IOException, InterruptedException {
        List<Figure> runs = new ArrayList<>();
        for (int i = 0; i < repeat; i++) {
            runs.add(time(command));
        }
        System.out.printf("  %-44s wall %s s, cpu %s s%n", what,
                runs.stream().map(r -> String.format("%.2f", r.wall())).toList(),
                runs.stream().map(r -> String.format("%.2f", r.cpu())).toList());
        return new Figure(ProcessOverhead.median(runs.stream().map(Figure::wall).toList()),
                ProcessOverhead.median(runs.stream().map(Figure::cpu).toList()),
                ProcessOverhead.median(runs.stream().map(Figure::inside).filter(x -> !Double.isNaN(x)).toList()));
    }

    private static final Pattern TIMES = Pattern.compile("(\\d+)m([0-9.]+)s\\s+(\\d+)m([0-9.]+)s");
    private static final Pattern REPLAY_SECONDS = Pattern.compile("\"seconds\":\\s*([0-9.eE+-]+)");

    /**
     * Runs the command under {@code sh}, whose {@code times} then prints the CPU time of its
     * children (the command and whatever it waited for: the agents of a run).
     */
    private Figure time(List<String> command) throws IOException, InterruptedException {
        List<String> shell = new ArrayList<>(List.of("sh", "-c", "\"$@\"; times", "sh"));
        shell.addAll(command);
        long start = System.nanoTime();
        String out = run(shell);
        double wall = (System.nanoTime() - start) / 1e9;
        double cpu = Double.NaN;
        Matcher times = TIMES.matcher(out);
        while (times.find()) { // the last match is the children's line
            cpu = Integer.parseInt(times.group(1)) * 60 + Double.parseDouble(times.group(2))
                    + Integer.parseInt(times.group(3)) * 60 + Double.parseDouble(times.group(4));
        }
        Matcher inside = REPLAY_SECONDS.matcher(out);
        return new Figure(wall, cpu, inside.find() ? Double.parseDouble(inside.group(1)) : Double.NaN);
    }

    /** Runs the command to its end (bounded), its stderr to a log; returns its stdout. Exit codes do not matter here. */
    private String run(List<String> command) throws IOException, InterruptedException {
        Path stdout = work.resolve("stdout.log");
        Process process = new ProcessBuilder(command).directory(work.toFile())
                .redirectOutput(stdout.toFile())
                .redirectError(ProcessBuilder.Redirect.appendTo(work.resolve("stderr.log").toFile())).start();
        if (!process.waitFor(COMMAND_BOUND_MINUTES, TimeUnit.MINUTES)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            throw new IllegalStateException("did not finish within " + COMMAND_BOUND_MINUTES + " min: " + command);
        }
        return Files.readString(stdout, StandardCharsets.UTF_8);
    }

    private static void row(String what, Figure figure, Figure against, String unit) {
        System.out.printf("%-46s %8.2f %8.2f %8s %8s   %s%n", what, figure.wall(), figure.cpu(),
                against == null ? "" : String.format("%.2f", figure.wall() / against.wall()),
                against == null ? "" : String.format("%.2f", figure.cpu() / against.cpu()), against == null ? unit : "x " + unit);
    }

    private String pythonVersion() {
        try {
            return run(List.of(python.toString(), "-c", "import platform; print(platform.python_version())")).strip();
        } catch (IOException | InterruptedException e) {
            return "?";
        }
    }

    private Path resource(String name) throws IOException {
        Path target = work.resolve(name);
        try (InputStream in = RunTimeBenchmark.class.getResourceAsStream(RESOURCES + name)) {
            if (in == null) {
                throw new IllegalStateException("kit defect: resource " + RESOURCES + name + " is missing");
            }
            Files.copy(in, target);
        }
        return target;
    }

    private static int scenarios(Path cucumberJunit) throws IOException {
        Matcher m = Pattern.compile("tests=\"(\\d+)\"").matcher(Files.readString(cucumberJunit));
        return m.find() ? Integer.parseInt(m.group(1)) : 1;
    }

    /** The number of implementation columns of matrix.md: the cells of its header row, less Rule, Level and Title. */
    private static int implementations(Path matrixMd) {
        try {
            String header = Files.readAllLines(matrixMd).stream().filter(line -> line.startsWith("| Rule |"))
                    .findFirst().orElse("");
            return Math.max(0, header.split("\\|", -1).length - 2 - 3);
        } catch (IOException e) {
            return 0;
        }
    }

    private static Path ownJar() {
        try {
            return Path.of(RunTimeBenchmark.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new UncheckedIOException(new IOException("cannot find the kit's jar", e));
        }
    }
}
