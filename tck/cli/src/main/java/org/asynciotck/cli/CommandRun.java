package org.asynciotck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import org.asynciotck.process.ProcessImplementation;
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

    /** @param commandName "asyncio-tck run", for the first word of error lines */
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
            options.jobs();
            options.exploration.budget();
            implementation = options.implementation();
            profiles = UserProfiles.parse(options.profiles);
            if (options.out != null) {
                OutputFolder.requireWritable(options.out);
            }
            if (options.junit != null) {
                requireWritableFile(options.junit);
            }
        } catch (IllegalArgumentException e) {
            return usage(e.getMessage());
        }
        RuleCatalogue catalogue = RuleCatalogue.loadFromClasspath(settings.featuresFolder());
        catalogue.problems().forEach(problem -> err.println("warning: " + problem));
        try (LoopImplementation started = factory.create(implementation)) {
            if (started instanceof ProcessImplementation process) {
                process.protocolNotice().ifPresent(notice -> err.println("note: " + notice));
            }
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

    /** --junit names a file whose folder exists (or can be made) and which is not a folder itself. */
    private static void requireWritableFile(Path file) {
        if (java.nio.file.Files.isDirectory(file)) {
            throw new IllegalArgumentException("bad --junit [" + file + "]: it is a folder; name the file to write, "
                    + "e.g. " + file.resolve("asyncio-tck.xml"));
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null && java.nio.file.Files.exists(parent) && !java.nio.file.Files.isDirectory(parent)) {
            throw new IllegalArgumentException("bad --junit [" + file + "]: " + parent + " is not a folder");
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
            result = new Certification(settings, options.tags, allureHtml, err).junitTo(options.junit)
                    .jobs(options.jobs()).exploring(options.exploration.budget()).certify(loop, catalogue, folder);
        } catch (OutputLock.Refused e) {
            return usage(e.getMessage());
        }
        if (result.scenarios().isEmpty()) {
            return usage("no scenario was selected" + (options.tags == null ? "" : " by --tags " + options.tags)
                    + ": check the tag expression (see 'asyncio-tck rules' for the rule IDs)");
        }
        return finish.apply(result, folder);
    }
}
