package org.asynciotck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import org.asynciotck.runner.RuleCatalogue;
import org.asynciotck.runner.RunResult;
import org.asynciotck.runner.TagFilter;
import org.asynciotck.spi.LoopImplementation;
import org.asynciotck.untrusted.ReportFolders;

/**
 * What {@code run} and {@code baseline} share: check the options, start the implementation, run
 * the features and write the reports ({@link Certification}). What to do with the result is the
 * command's own business.
 */
final class CommandRun {

    /** What a command does with a complete run; returns the exit code. */
    @FunctionalInterface
    interface Finish {
        int apply(RunResult result, Path reportFolder) throws IOException;
    }

    private final String commandName;
    private final ImplementationFactory factory;
    private final RunCommand.RunSettings settings;
    private final PrintWriter err;

    /** @param commandName "tck run", for the first word of error lines */
    CommandRun(String commandName, ImplementationFactory factory, RunCommand.RunSettings settings, PrintWriter err) {
        this.commandName = commandName;
        this.factory = factory;
        this.settings = settings;
        this.err = err;
    }

    /** Runs and hands the result to {@code finish}, or returns the exit code of what went wrong before. */
    int run(RunOptions options, Finish finish) throws IOException {
        ImplementationOptions implementation;
        UserProfiles profiles;
        try {
            TagFilter.check(options.tags);
            implementation = options.implementation();
            profiles = UserProfiles.parse(options.profiles);
            if (options.out != null) {
                OutputFolder.requireWritable(options.out);
            }
        } catch (IllegalArgumentException e) {
            return usage(e.getMessage());
        }
        RuleCatalogue catalogue = RuleCatalogue.loadFromClasspath(settings.featuresFolder());
        catalogue.problems().forEach(problem -> err.println("warning: " + problem));
        try (LoopImplementation started = factory.create(implementation)) {
            LoopImplementation loop;
            try {
                loop = profiles.applyTo(started);
                if (options.id != null) {
                    loop = new Redeclared(loop, loop.info().withIdentity(options.id));
                }
            } catch (IllegalArgumentException e) {
                return usage(e.getMessage());
            }
            return run(loop, catalogue, options, finish);
        } catch (ImplementationFactory.UnavailableException e) {
            return usage(e.getMessage());
        } catch (ImplementationFactory.StartException e) {
            err.println(commandName + ": " + e.getMessage());
            return ExitCode.IMPLEMENTATION_NOT_STARTED;
        }
    }

    int usage(String message) {
        err.println(commandName + ": " + message);
        return ExitCode.USAGE;
    }

    private int run(LoopImplementation loop, RuleCatalogue catalogue, RunOptions options, Finish finish)
            throws IOException {
        Path folder;
        try {
            // The id may carry the implementation's own version text: checked before any folder exists.
            folder = options.out != null ? options.out : ReportFolders.inside(settings.reportsRoot(), loop.info().id());
            OutputFolder.requireWritable(folder);
        } catch (IllegalArgumentException e) {
            return usage(e.getMessage());
        }
        boolean allureHtml = options.allureHtml != null ? options.allureHtml : settings.allureHtmlByDefault();
        RunResult result;
        try {
            result = new Certification(settings, options.tags, allureHtml, err).certify(loop, catalogue, folder);
        } catch (OutputLock.InUse e) {
            return usage(e.getMessage());
        }
        if (result.scenarios().isEmpty()) {
            return usage("no scenario was selected" + (options.tags == null ? "" : " by --tags " + options.tags)
                    + ": check the tag expression (see 'tck rules' for the rule IDs)");
        }
        return finish.apply(result, folder);
    }
}
