package org.asynciotck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Map;
import org.asynciotck.spi.LoopImplementation;
import org.asynciotck.untrusted.ReportFolders;

/** For tests outside this package: certifies one implementation with the real features through {@code run}. */
public final class CliRuns {

    private CliRuns() {}

    /** Runs {@code run --impl reference-sync --tags TAGS --no-allure-html} with {@code implementation}; its folder. */
    public static Path certify(LoopImplementation implementation, String tags, Path reports) {
        ImplementationFactory factory = new ImplementationFactory(Map.of(
                ImplementationOptions.REFERENCE, options -> implementation,
                ImplementationOptions.REFERENCE_SYNC, options -> implementation,
                ImplementationOptions.PROCESS, options -> implementation));
        RunCommand.RunSettings real = new RunCommand.RunSettings("features", "org.asynciotck.steps", reports);
        StringWriter err = new StringWriter();
        int code = Main.execute(new String[] {"run", "--impl", "reference-sync", "--tags", tags, "--no-allure-html"},
                factory, real, new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
        assertThat(code).as(err.toString()).isIn(ExitCode.CONFORMANT, ExitCode.NOT_CONFORMANT);
        return reports.resolve(ReportFolders.name(implementation.info().id()));
    }
}
