package org.asynciotck.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

/** For tests outside this package: the command line with the kit's standard implementations. */
public final class CliRunsAccess {

    private CliRunsAccess() {}

    /** Runs {@code args} with reports under {@code reports}; the exit code, the console's errors in {@code err}. */
    public static int run(Path reports, StringWriter err, String... args) {
        RunCommand.RunSettings real = new RunCommand.RunSettings("features", "org.asynciotck.steps", reports);
        return Main.execute(args, ImplementationFactory.standard(), real, new PrintWriter(new StringWriter(), true),
                new PrintWriter(err, true));
    }
}
