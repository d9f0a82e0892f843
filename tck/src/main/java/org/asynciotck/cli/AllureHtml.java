package org.asynciotck.cli;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.asynciotck.runner.AllureResults;

/**
 * Renders {@code <out>/allure-results} into {@code <out>/allure-report} with the Allure
 * commandline, a Java program the build unpacks beside the kit's jar
 * ({@code tck/target/allure-commandline/allure-<version>/}); {@code ASYNCIO_TCK_ALLURE_HOME}
 * names another installation. A missing or failing commandline costs the report only, never the run.
 */
final class AllureHtml {

    static final String REPORT_FOLDER = "allure-report";
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
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = List.of(java.toString(), "-cp",
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
