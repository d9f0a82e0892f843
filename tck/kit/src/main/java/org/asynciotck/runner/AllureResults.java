package org.asynciotck.runner;

import io.qameta.allure.Allure;
import io.qameta.allure.AllureLifecycle;
import io.qameta.allure.FileSystemResultsWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Points Allure's Cucumber plugin at {@code <out>/allure-results/} for one run.
 *
 * <p>Allure keeps one global lifecycle whose results folder is fixed when it is made; a matrix
 * certifies several implementations in one JVM, each into its own folder, so every run installs
 * a fresh lifecycle. Results of an earlier run in the same folder are removed first, or a report
 * generated from the folder would mix two runs.
 */
public final class AllureResults {

    /** The folder, inside a run's output folder, that holds Allure's result files. */
    public static final String FOLDER = "allure-results";
    /** The Cucumber plugin that writes them. */
    static final String CUCUMBER_PLUGIN = "io.qameta.allure.cucumber7jvm.AllureCucumber7Jvm";

    private AllureResults() {}

    /** Empties (or creates) {@code <outputDirectory>/allure-results} and sends Allure's results there. */
    static Path prepare(Path outputDirectory, String implementationId) {
        Path folder = outputDirectory.resolve(FOLDER);
        try {
            Files.createDirectories(folder);
            try (Stream<Path> old = Files.list(folder)) {
                for (Path file : old.filter(Files::isRegularFile).toList()) {
                    Files.delete(file);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare the Allure results folder " + folder, e);
        }
        Allure.setLifecycle(new AllureLifecycle(new FileSystemResultsWriter(folder)));
        AllureRuleLabels.implementationId(implementationId);
        return folder;
    }
}
