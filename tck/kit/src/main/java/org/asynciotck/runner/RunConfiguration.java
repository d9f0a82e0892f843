package org.asynciotck.runner;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import org.asynciotck.spi.LoopImplementation;

/**
 * What to run and where to put Cucumber's own reports.
 *
 * @param implementation  the implementation under test (already started; the caller closes it)
 * @param featuresFolder  classpath folder holding the feature files ("features")
 * @param gluePackage     package of the step definitions ("org.asynciotck.steps")
 * @param tagExpression   Cucumber tag expression selecting scenarios, or null for all
 * @param outputDirectory where Cucumber's HTML report and JUnit XML go
 */
public record RunConfiguration(
        LoopImplementation implementation, String featuresFolder, String gluePackage, String tagExpression,
        Path outputDirectory) {

    public static final String DEFAULT_FEATURES_FOLDER = "features";
    public static final String DEFAULT_GLUE_PACKAGE = "org.asynciotck.steps";

    public RunConfiguration {
        Objects.requireNonNull(implementation, "implementation");
        Objects.requireNonNull(featuresFolder, "featuresFolder");
        Objects.requireNonNull(gluePackage, "gluePackage");
        Objects.requireNonNull(outputDirectory, "outputDirectory");
        if (tagExpression != null && tagExpression.isBlank()) {
            tagExpression = null;
        }
    }

    /** The real features and step definitions. */
    public static RunConfiguration of(LoopImplementation implementation, String tagExpression, Path outputDirectory) {
        return new RunConfiguration(
                implementation, DEFAULT_FEATURES_FOLDER, DEFAULT_GLUE_PACKAGE, tagExpression, outputDirectory);
    }

    public Optional<String> tags() {
        return Optional.ofNullable(tagExpression);
    }
}
