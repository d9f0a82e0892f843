package org.asynciotck.runner;

import io.qameta.allure.AllureLifecycle;
import io.qameta.allure.cucumber7jvm.AllureCucumber7Jvm;
import io.qameta.allure.FileSystemResultsWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.asynciotck.steps.RunScope;

/**
 * Allure's Cucumber plugin for one run, writing to {@code <out>/allure-results/}.
 *
 * <p>Allure's plugin made by class name uses Allure's one global lifecycle, whose results folder
 * is fixed when it is made; a matrix certifies several implementations in one JVM, each into its
 * own folder, and runs may overlap. So each run makes a lifecycle of its own ({@link #prepare})
 * and Cucumber makes this plugin with the run's key, which finds it. Results of an earlier run in
 * the same folder are removed first, or a report generated from the folder would mix two runs.
 * The files are written on a thread of their own ({@link BackgroundResultsWriter}); {@link #finish}
 * waits for them before the run reports.
 */
public final class AllureResults extends AllureCucumber7Jvm {

    /** The folder, inside a run's output folder, that holds Allure's result files. */
    public static final String FOLDER = "allure-results";
    /** Made by Cucumber from the run's configuration ({@link RunScope#plugin}). */
    public AllureResults(String runKey) {
        super(RunScope.of(runKey).attached(AllureLifecycle.class).orElseThrow(() -> new IllegalStateException(
                "the run [" + runKey + "] has no Allure results folder: AllureResults.prepare was not called")));
    }

    /**
     * Empties (or creates) {@code <outputDirectory>/allure-results} and gives the run a lifecycle that
     * writes there, with the kit's labels.
     */
    static Path prepare(RunScope run, Path outputDirectory, String implementationId) {
        Path folder = outputDirectory.resolve(FOLDER);
        try {
            if (Files.isSymbolicLink(folder)) {
                // emptied below: never through a link, which could name any folder (the command line refuses first)
                throw new IOException("it is a link; the kit never writes through a link");
            }
            Files.createDirectories(folder);
            try (Stream<Path> old = Files.list(folder)) {
                for (Path file : old.filter(Files::isRegularFile).toList()) {
                    Files.delete(file);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare the Allure results folder " + folder, e);
        }
        BackgroundResultsWriter writer = new BackgroundResultsWriter(new FileSystemResultsWriter(folder), run.key());
        run.attach(BackgroundResultsWriter.class, writer);
        run.attach(AllureLifecycle.class, new AllureLifecycle(new AllureRuleLabels(writer, implementationId)));
        return folder;
    }

    /**
     * Waits until every result of the run is in its folder (within
     * {@link BackgroundResultsWriter#FINISH_BOUND}); results written later are written at once.
     */
    static void finish(RunScope run) {
        run.attached(BackgroundResultsWriter.class).ifPresent(BackgroundResultsWriter::finish);
    }
}
