package org.asynciotck.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import org.asynciotck.runner.RunResult;

/** Writes conformance.json, certificate.html and badge.svg into one folder, each atomically. */
public final class ReportWriter {

    public static final String CONFORMANCE_JSON = "conformance.json";
    public static final String CERTIFICATE_HTML = "certificate.html";
    public static final String BADGE_SVG = "badge.svg";

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final Path directory;
    private final String kitVersion;

    public ReportWriter(Path directory, String kitVersion) {
        this.directory = directory;
        this.kitVersion = kitVersion;
    }

    public Path directory() {
        return directory;
    }

    /** Writes all three files; the JSON last, so a reader that sees it sees the others too. */
    public void write(RunResult result) throws IOException {
        AtomicFiles.write(directory.resolve(CERTIFICATE_HTML), CertificateRenderer.render(result, kitVersion));
        AtomicFiles.write(directory.resolve(BADGE_SVG), BadgeRenderer.render(result));
        String json = JSON.writeValueAsString(ConformanceReport.from(result, kitVersion));
        AtomicFiles.write(directory.resolve(CONFORMANCE_JSON), json + "\n");
    }
}
