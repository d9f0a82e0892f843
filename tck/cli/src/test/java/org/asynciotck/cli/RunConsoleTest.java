package org.asynciotck.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole console of a run, as a user's terminal (or CI log) gets it from a JVM of its own: every line is one
 * the user can act on, the verdict, the counts, where the reports are, each warning once with its location
 * once, and the progress. Nothing of a dependency's logging, of the loop's default exception handler or of a
 * stack trace gets there. What a test in this JVM could print is out of reach: the run is a child process.
 */
class RunConsoleTest {

    /** How long one run of the whole suite may take here, JVM start included (a run is about ten seconds). */
    private static final long RUN_BOUND_SECONDS = 240;

    private static final Pattern LOCATION = Pattern.compile("\\(features/[\\w.-]+\\.feature:\\d+\\)");
    private static final List<Pattern> SUMMARY = List.of(
            Pattern.compile("[\\w.-]+ \\(.+, API level 3\\.\\d+\\): (CONFORMANT|NOT CONFORMANT), MUST \\d+/\\d+ passed; .+"),
            Pattern.compile("exploration: .+"),
            Pattern.compile("rules: +(\\d+ [a-z-]+, ){7}\\d+ not-applicable"),
            Pattern.compile("scenarios: (\\d+ [a-z-]+, ){7}\\d+ not-applicable"),
            Pattern.compile("(SHOULD warnings|MUST failures|INFO):"),
            Pattern.compile("  [A-Z]+-\\d+ [a-z-]+: .+"),
            Pattern.compile("reports in .+: conformance\\.json, certificate\\.html, badge\\.svg, junit\\.xml, .+"));
    private static final List<Pattern> PROGRESS = List.of(
            Pattern.compile("scenarios \\d+/\\d+, failures \\d+(, warnings \\d+)?"),
            Pattern.compile("  [A-Z]+-\\d+ [a-z-]+( \\(SHOULD warning\\))?: .+"),
            Pattern.compile("preparing the kit's class data archive \\(once per build\\)\\.\\.\\."));

    @TempDir
    Path out;

    @Test
    void aRunOnTheReferenceLoopPrintsItsVerdictCountsReportsAndProgressOnly() throws Exception {
        Console console = run("run", "--out", out.toString());

        assertThat(console.exit()).as(console.toString()).isEqualTo(ExitCode.CONFORMANT);
        assertOnlyActionableLines(console);
        assertThat(console.out()).first().asString().startsWith("reference (").contains(": CONFORMANT, MUST ");
        assertThat(console.err()).as("the progress reaches its last count")
                .anyMatch(line -> line.matches("scenarios (\\d+)/\\1, failures 0"));
    }

    @Test
    void aRunOnCPythonPrintsEachWarningWithItsLocationOnce() throws Exception {
        Path python = python312();
        Console console = run("run", "--impl", "python", "--python", python.toString(), "--out", out.toString());

        assertThat(console.exit()).as(console.toString()).isEqualTo(ExitCode.CONFORMANT);
        assertOnlyActionableLines(console);
        List<String> warnings = new ArrayList<>();
        console.out().stream().filter(line -> line.startsWith("  ")).forEach(warnings::add);
        console.err().stream().filter(line -> line.startsWith("  ")).forEach(warnings::add);
        assertThat(warnings).as("CPython's SHOULD warnings (INIT-1)").isNotEmpty();
        assertThat(warnings).allSatisfy(line -> assertThat(count(LOCATION, line)).as(line).isEqualTo(1));
    }

    private static void assertOnlyActionableLines(Console console) {
        assertThat(console.out()).as("standard output").isNotEmpty()
                .allSatisfy(line -> assertThat(SUMMARY).as(line).anyMatch(p -> p.matcher(line).matches()));
        assertThat(console.err()).as("standard error")
                .allSatisfy(line -> assertThat(PROGRESS).as(line).anyMatch(p -> p.matcher(line).matches()));
    }

    private static int count(Pattern pattern, String line) {
        Matcher matcher = pattern.matcher(line);
        int found = 0;
        while (matcher.find()) {
            found++;
        }
        return found;
    }

    private record Console(int exit, List<String> out, List<String> err) {
        @Override
        public String toString() {
            return "exit " + exit + "\nstdout:\n" + String.join("\n", out) + "\nstderr:\n" + String.join("\n", err);
        }
    }

    /** The kit in a JVM of its own, as the launcher starts it (on this build's class path), with no terminal. */
    private Console run(String... arguments) throws IOException, InterruptedException {
        Path stdout = Files.createTempFile(out.getParent(), "console", ".out");
        Path stderr = Files.createTempFile(out.getParent(), "console", ".err");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(arguments));
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile());
        builder.environment().remove("NO_COLOR");
        Process kit = builder.start();
        try {
            assertThat(kit.waitFor(RUN_BOUND_SECONDS, TimeUnit.SECONDS)).as("the run ended within %d s", RUN_BOUND_SECONDS)
                    .isTrue();
        } finally {
            kit.destroyForcibly();
            kit.waitFor(10, TimeUnit.SECONDS);
        }
        return new Console(kit.exitValue(), Files.readAllLines(stdout, StandardCharsets.UTF_8),
                Files.readAllLines(stderr, StandardCharsets.UTF_8));
    }

    private static Path python312() {
        String root = System.getenv("PYENV_ROOT");
        Path python = root != null && !root.isBlank() ? Path.of(root, "versions/3.12.1/bin/python3")
                : Path.of(System.getProperty("user.home"), ".pyenv/versions/3.12.1/bin/python3");
        assumeTrue(Files.isExecutable(python), "no CPython 3.12.1");
        return python;
    }
}
