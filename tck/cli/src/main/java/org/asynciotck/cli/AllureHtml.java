package org.asynciotck.cli;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.asynciotck.runner.AllureResults;

/**
 * Renders {@code <out>/allure-results} into {@code <out>/allure-report} with the Allure
 * commandline, a Java program the build unpacks beside the kit's jar
 * ({@code tck/cli/target/allure-commandline/allure-<version>/}); {@code ASYNCIO_TCK_ALLURE_HOME}
 * names another installation. A missing or failing commandline costs the report only, never the run.
 *
 * <p>Trends: Allure reads the history of earlier runs from {@code allure-results/history/}, and
 * writes it, with this run added, to {@code allure-report/history/}. Before generating, the
 * history of the previous report in the same folder is copied into the results, so each run in
 * one reports folder adds a point to the trend graphs.
 */
final class AllureHtml {

    static final String REPORT_FOLDER = "allure-report";
    /** Allure's history (trend data), in a report and in the results of the next run. */
    static final String HISTORY_FOLDER = "history";
    static final String HOME_VARIABLE = "ASYNCIO_TCK_ALLURE_HOME";
    /** Generating a report of a few hundred results takes seconds; this bounds a hung one. */
    static final Duration BOUND = Duration.ofMinutes(2);

    private AllureHtml() {}

    /** @return whether the report was generated; the reason when not goes to {@code err} */
    static boolean generate(Path out, PrintWriter err) {
        Optional<Path> home = home();
        if (home.isEmpty()) {
            err.println("allure: no Allure commandline found beside the kit's jar or in $" + HOME_VARIABLE
                    + "; the results are in " + out.resolve(AllureResults.FOLDER) + " (build with './mvnw package')");
            return false;
        }
        try {
            carryHistory(out);
        } catch (IOException e) {
            err.println("allure: could not carry the previous report's history over (" + e.getMessage()
                    + "); the trend starts again");
        }
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        // Allure's generator is a short, start-up-bound JVM too: the client compiler and the serial
        // collector, as ./asyncio-tck starts the kit
        List<String> command = List.of(java.toString(), "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp",
                home.get().resolve("lib") + File.separator + "*" + File.pathSeparator + home.get().resolve("lib/config"),
                "io.qameta.allure.CommandLine", "generate", "--clean",
                "-o", out.resolve(REPORT_FOLDER).toString(), out.resolve(AllureResults.FOLDER).toString());
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(out.resolve(".allure-generate.log").toFile());
            builder.environment().put("APP_HOME", home.get().toString());
            Process process = builder.start();
            if (!process.waitFor(BOUND.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                err.println("allure: report generation did not finish within " + BOUND.toSeconds() + " s; stopped it");
                return false;
            }
            if (process.exitValue() != 0) {
                err.println("allure: report generation failed (exit " + process.exitValue() + "); see "
                        + out.resolve(".allure-generate.log"));
                return false;
            }
            return true;
        } catch (IOException e) {
            err.println("allure: could not start the Allure commandline: " + e.getMessage());
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("allure: interrupted while generating the report");
            return false;
        }
    }

    /**
     * Copies {@code allure-report/history/*} into {@code allure-results/history/}, replacing what an
     * older run left there; nothing when there is no previous report.
     */
    static void carryHistory(Path out) throws IOException {
        Path previous = out.resolve(REPORT_FOLDER).resolve(HISTORY_FOLDER);
        if (!Files.isDirectory(previous)) {
            return;
        }
        Path history = out.resolve(AllureResults.FOLDER).resolve(HISTORY_FOLDER);
        Files.createDirectories(history);
        try (Stream<Path> files = Files.list(previous)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Files.copy(file, history.resolve(file.getFileName().toString()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    /** {@code $ASYNCIO_TCK_ALLURE_HOME}, else {@code allure-commandline/allure-*} beside the running jar. */
    static Optional<Path> home() {
        String configured = System.getenv(HOME_VARIABLE);
        if (configured != null && !configured.isBlank()) {
            return Optional.of(Path.of(configured)).filter(p -> Files.isDirectory(p.resolve("lib")));
        }
        try {
            Path jar = Path.of(AllureHtml.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path unpacked = jar.getParent().resolve("allure-commandline");
            if (!Files.isDirectory(unpacked)) {
                return Optional.empty();
            }
            try (Stream<Path> homes = Files.list(unpacked)) {
                return homes.filter(p -> p.getFileName().toString().startsWith("allure-"))
                        .filter(p -> Files.isDirectory(p.resolve("lib"))).sorted().reduce((a, b) -> b);
            }
        } catch (URISyntaxException | IOException | SecurityException | NullPointerException e) {
            return Optional.empty();
        }
    }
}
