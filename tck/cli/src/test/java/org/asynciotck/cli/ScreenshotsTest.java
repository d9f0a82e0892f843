package org.asynciotck.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import javax.imageio.ImageIO;
import org.asynciotck.broken.BrokenDrainsNewCallbacks;
import org.asynciotck.reference.ReferenceImplementation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code asyncio-tck screenshots} with a real headless Chromium (Debian's chromium package) of a
 * real matrix (the reference loop, a broken loop whose failures carry timelines, one that cannot
 * start), its certificates and the rules book: each PNG is 1,440 x 900 and far from blank. Skipped,
 * with the reason, on a machine without Chromium. The PNGs stay in tck/cli/target/screenshots/ for a look.
 */
class ScreenshotsTest {

    @TempDir
    Path reports;

    @Test
    void screenshotsOfTheMatrixACertificateTheRulesBookAndATimelineAreNonTrivial() throws IOException {
        assumeTrue(Files.isExecutable(Path.of(ScreenshotsCommand.CHROMIUM)),
                "no Chromium at " + ScreenshotsCommand.CHROMIUM + " (Debian's chromium package); the screenshots need it");
        ImplementationFactory factory = new ImplementationFactory(Map.of(
                ImplementationOptions.REFERENCE, options -> new ReferenceImplementation(),
                ImplementationOptions.REFERENCE_SYNC, options -> BrokenDrainsNewCallbacks.implementation(),
                ImplementationOptions.PROCESS, options -> {
                    throw new IllegalStateException("cannot start: no such agent");
                }));
        RunCommand.RunSettings real = new RunCommand.RunSettings("features", "org.asynciotck.steps", reports);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        PrintWriter o = new PrintWriter(out, true);
        PrintWriter e = new PrintWriter(err, true);
        assertThat(Main.execute(new String[] {"matrix", "--impl", "reference", "--impl", "reference-sync", "--impl",
            "process:./missing-agent", "--no-allure-html"}, factory, real, o, e)).as(err.toString())
                .isEqualTo(ExitCode.NOT_CONFORMANT);
        assertThat(Main.execute(new String[] {"docs"}, factory, real, o, e)).as(err.toString()).isZero();
        Path shots = Path.of("target", "screenshots").toAbsolutePath();

        int code = Main.execute(new String[] {"screenshots", "--out", shots.toString()}, factory, real, o, e);

        assertThat(code).as(err.toString()).isZero();
        for (String name : new String[] {"matrix.png", "certificate.png", "rules.png", "timeline.png"}) {
            BufferedImage image = ImageIO.read(shots.resolve(name).toFile());
            assertThat(image).as(name).isNotNull();
            assertThat(image.getWidth()).as(name).isEqualTo(1440);
            assertThat(image.getHeight()).as(name).isEqualTo(900);
            assertThat(colours(image)).as(name + ": distinct colours (a blank or error page has a handful)")
                    .isGreaterThan(40);
        }
        assertThat(Files.readString(shots.resolve("timeline.html"))).contains("<svg").contains("observed");
    }

    private static int colours(BufferedImage image) {
        Set<Integer> seen = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 3) {
            for (int x = 0; x < image.getWidth(); x += 3) {
                seen.add(image.getRGB(x, y));
            }
        }
        return seen.size();
    }
}
