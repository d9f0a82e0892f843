package org.asynciotck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.asynciotck.report.MatrixWriter;
import org.asynciotck.report.ReportWriter;
import org.asynciotck.report.RuleBookRenderer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Screenshots of the reports a person opens, taken with a real headless Chromium, so that how
 * they look is checked, not guessed: the matrix, a certificate (one with an iteration timeline when
 * there is one), the rules book, and one timeline on its own.
 */
@Command(name = "screenshots", mixinStandardHelpOptions = true,
        description = {"Takes PNG screenshots of <reports>/matrix.html, a certificate (one with an iteration "
                + "timeline when there is one), <reports>/rules.html and one timeline, with headless Chromium "
                + "(chromium --headless --screenshot=FILE --window-size=1440,900 file://...).",
            "Make the reports first: 'matrix', then 'docs'. Writes matrix.png, certificate.png, rules.png and "
                + "timeline.png (and timeline.html, the timeline on its own) into --out."})
final class ScreenshotsCommand implements Callable<Integer> {

    static final String CHROMIUM = "/usr/bin/chromium";
    static final String WINDOW = "1440,900";
    /** A bound on one screenshot, generous for a loaded machine. */
    static final Duration EACH = Duration.ofSeconds(90);

    @Spec
    private CommandSpec spec;

    @Option(names = "--reports", paramLabel = "DIR", description = "the reports folder (default: reports/)")
    private Path reports;

    @Option(names = "--out", paramLabel = "DIR", description = "where the PNGs go (default: <reports>/screenshots/)")
    private Path out;

    @Option(names = "--chromium", paramLabel = "PATH", description = "the Chromium to use (default: " + CHROMIUM + ")")
    private Path chromium;

    @Option(names = "--window-size", paramLabel = "W,H", description = "window size (default: " + WINDOW + ")")
    private String window = WINDOW;

    private final RunCommand.RunSettings settings;

    ScreenshotsCommand(RunCommand.RunSettings settings) {
        this.settings = settings;
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter err = spec.commandLine().getErr();
        Path folder = reports != null ? reports : settings.reportsRoot();
        Path into = out != null ? out : folder.resolve("screenshots");
        Path browser = chromium != null ? chromium : Path.of(CHROMIUM);
        if (!Files.isExecutable(browser)) {
            err.println("asyncio-tck screenshots: no Chromium at [" + browser + "]: install Debian's chromium package "
                    + "or give --chromium PATH");
            return ExitCode.USAGE;
        }
        if (!window.matches("\\d{2,5},\\d{2,5}")) {
            err.println("asyncio-tck screenshots: --window-size [" + window + "] is not W,H, e.g. " + WINDOW);
            return ExitCode.USAGE;
        }
        List<String[]> pages = new ArrayList<>();
        Path matrix = folder.resolve(MatrixWriter.MATRIX_HTML);
        Path rules = folder.resolve(RuleBookRenderer.RULES_HTML);
        Optional<Path> certificate = certificate(folder);
        if (Files.isRegularFile(matrix)) {
            pages.add(new String[] {"matrix.png", matrix.toAbsolutePath().toUri().toString()});
        }
        if (certificate.isPresent()) {
            pages.add(new String[] {"certificate.png", certificate.get().toAbsolutePath().toUri().toString()});
        }
        if (Files.isRegularFile(rules)) {
            pages.add(new String[] {"rules.png", rules.toAbsolutePath().toUri().toString()});
        }
        Files.createDirectories(into);
        Optional<String> timeline = certificate.flatMap(ScreenshotsCommand::firstTimeline);
        if (timeline.isPresent()) {
            Path page = into.resolve("timeline.html");
            Files.writeString(page, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>timeline"
                    + "</title></head><body style=\"margin:16px;background:#fff\">" + timeline.get() + "</body></html>\n");
            pages.add(new String[] {"timeline.png", page.toAbsolutePath().toUri().toString()});
        }
        if (pages.isEmpty()) {
            err.println("asyncio-tck screenshots: nothing to photograph in " + folder + ": run 'matrix' and 'docs' first");
            return ExitCode.USAGE;
        }
        int failed = 0;
        for (String[] page : pages) {
            Path png = into.resolve(page[0]);
            Files.deleteIfExists(png);
            String problem = shoot(browser, png, page[1]);
            if (problem == null) {
                spec.commandLine().getOut().println(png + " <- " + page[1]);
            } else {
                err.println("asyncio-tck screenshots: " + page[0] + ": " + problem);
                failed++;
            }
        }
        return failed == 0 ? ExitCode.CONFORMANT : ExitCode.KIT_ERROR;
    }

    /** One screenshot; null when the PNG was written, else what went wrong. */
    private String shoot(Path browser, Path png, String url) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory("asyncio-tck-chromium-");
        List<String> command = List.of(browser.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--hide-scrollbars", "--no-first-run", "--user-data-dir=" + profile, "--screenshot=" + png,
                "--window-size=" + window, url);
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            if (!process.waitFor(EACH.toSeconds(), TimeUnit.SECONDS)) {
                return "Chromium did not finish within " + EACH.toSeconds() + " s";
            }
            if (!Files.isRegularFile(png)) {
                return "Chromium exited " + process.exitValue() + " without writing " + png;
            }
            return null;
        } finally {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
            deleteTree(profile);
        }
    }

    /** A certificate with an iteration timeline, else any certificate, under the reports folder. */
    static Optional<Path> certificate(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            return Optional.empty();
        }
        List<Path> certificates;
        try (Stream<Path> files = Files.walk(folder, 3)) {
            certificates = files.filter(p -> p.getFileName().toString().equals(ReportWriter.CERTIFICATE_HTML)).sorted()
                    .toList();
        }
        for (Path certificate : certificates) {
            if (Files.readString(certificate).contains("<svg")) {
                return Optional.of(certificate);
            }
        }
        return certificates.stream().findFirst();
    }

    private static Optional<String> firstTimeline(Path certificate) {
        try {
            String html = Files.readString(certificate);
            int start = html.indexOf("<svg");
            int end = html.indexOf("</svg>", start);
            return start < 0 || end < 0 ? Optional.empty() : Optional.of(html.substring(start, end + "</svg>".length()));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static void deleteTree(Path folder) {
        try (Stream<Path> files = Files.walk(folder)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temporary Chromium profile left behind costs nothing but space
        }
    }
}
