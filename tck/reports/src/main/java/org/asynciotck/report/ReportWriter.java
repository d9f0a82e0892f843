package org.asynciotck.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import org.asynciotck.runner.RunResult;

/**
 * Writes conformance.json, certificate.html, badge.svg and junit.xml into one folder, each
 * atomically, and junit.xml also where CI asked for it ({@code --junit PATH}); and rewrites the
 * Allure results the run left in the folder so that they tell the same verdicts ({@link AllureVerdicts}).
 */
public final class ReportWriter {

    public static final String CONFORMANCE_JSON = "conformance.json";
    /**
     * Marks a folder that {@link #writeMerged} wrote: only such a folder may be written again by a merge, never
     * the folder of a run made here (whose certificate and conformance.json a merge would replace).
     */
    public static final String MERGED_MARKER = ".merged-column";
    public static final String CERTIFICATE_HTML = "certificate.html";
    public static final String BADGE_SVG = "badge.svg";
    /** The kit's verdicts as JUnit XML (docs/junit.md); Cucumber's per-scenario XML is cucumber-junit.xml. */
    public static final String JUNIT_XML = "junit.xml";

    private static final ObjectMapper JSON = ReportJson.newMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final Path directory;
    private final String kitVersion;
    /** A second place for junit.xml, or null. */
    private final Path junitCopy;

    public ReportWriter(Path directory, String kitVersion) {
        this(directory, kitVersion, null);
    }

    /** @param junitCopy where junit.xml is written too, or null */
    public ReportWriter(Path directory, String kitVersion, Path junitCopy) {
        this.directory = directory;
        this.kitVersion = kitVersion;
        this.junitCopy = junitCopy;
    }

    public Path directory() {
        return directory;
    }

    /**
     * For a column merged from a conformance.json made elsewhere ({@code matrix --from}): its certificate,
     * saying where and when the run was made, and the file as it was recorded, into {@code folder}.
     */
    public static void writeMerged(Path folder, ConformanceImport.Imported imported, String kitVersion)
            throws IOException {
        java.nio.file.Files.createDirectories(folder);
        AtomicFiles.write(folder.resolve(MERGED_MARKER), "a column that asyncio-tck matrix --from merged: the next merge"
                + " of the same implementation may rewrite this folder; a folder without this file is a run's own\n");
        AtomicFiles.write(folder.resolve(CERTIFICATE_HTML),
                CertificateRenderer.render(imported.result(), kitVersion, imported.provenance()));
        AtomicFiles.write(folder.resolve(BADGE_SVG), BadgeRenderer.render(imported.result()));
        Path copy = folder.resolve(CONFORMANCE_JSON);
        if (!java.nio.file.Files.exists(copy) || !java.nio.file.Files.isSameFile(copy, imported.file())) {
            AtomicFiles.write(copy, imported.bytes());
        }
    }

    /** Writes all the files; the JSON last, so a reader that sees it sees the others too. */
    public void write(RunResult result) throws IOException {
        Provenance provenance = Provenance.here(result.implementation());
        AtomicFiles.write(directory.resolve(CERTIFICATE_HTML), CertificateRenderer.render(result, kitVersion, provenance));
        AtomicFiles.write(directory.resolve(BADGE_SVG), BadgeRenderer.render(result));
        String junit = JUnitReport.render(result, kitVersion);
        AtomicFiles.write(directory.resolve(JUNIT_XML), junit);
        if (junitCopy != null) {
            AtomicFiles.write(junitCopy, junit);
        }
        AllureVerdicts.apply(directory, result, kitVersion);
        CucumberHeadline.write(directory, result);
        String json = JSON.writeValueAsString(ConformanceReport.from(result, kitVersion, provenance));
        AtomicFiles.write(directory.resolve(CONFORMANCE_JSON), json + "\n");
    }
}
