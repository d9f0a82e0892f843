package org.asynciotck.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import org.asynciotck.runner.ConformanceRun;
import org.asynciotck.runner.CucumberReports;
import org.asynciotck.runner.RunResult;

/**
 * Cucumber's HTML report opens with the kit's verdict. Its own headline divides the passed scenarios by all of
 * them ("56% passed" on a conformant run, the not-applicable and SHOULD scenarios counted as not passed), and
 * the first number a person sees must not contradict the certificate; so the banner the kit puts above it
 * ({@link CucumberReports#HEADLINE_MARK}) gets the certificate's outcome, in the certificate's colours, once
 * the run's result is known.
 */
final class CucumberHeadline {

    private CucumberHeadline() {}

    /** Puts the outcome of {@code result} into the banner of {@code folder}'s cucumber.html, if it has one. */
    static void write(Path folder, RunResult result) throws IOException {
        Path page = folder.resolve(ConformanceRun.CUCUMBER_HTML);
        if (!Files.isRegularFile(page, LinkOption.NOFOLLOW_LINKS)) {
            return; // a run that wrote no Cucumber report (cut before its end, or a caller's own run)
        }
        String html = Files.readString(page, StandardCharsets.UTF_8);
        int mark = html.indexOf(CucumberReports.HEADLINE_MARK);
        if (mark < 0) {
            return;
        }
        AtomicFiles.write(page, html.substring(0, mark) + headline(result)
                + html.substring(mark + CucumberReports.HEADLINE_MARK.length()));
    }

    /** The certificate's outcome line, coloured as there (and saying the same in words). */
    static String headline(RunResult result) {
        String colour = !result.complete() ? "#f9ab00" : result.conformant() ? "#1e8e3e" : "#d93025";
        return "<div id=\"asyncio-tck-headline\" style=\"font-size:1.45em;font-weight:bold;margin:.1em 0 .3em;"
                + "padding-left:.4em;border-left:.35em solid " + colour + "\">"
                + Html.escape(CertificateRenderer.outcome(result)) + "</div>";
    }
}
