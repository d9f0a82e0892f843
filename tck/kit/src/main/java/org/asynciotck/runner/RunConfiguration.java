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
 * @param jobs            how many scenarios run at the same time, each on its own loop (and agent), 1 to
 *                        {@link #MAX_JOBS}; 1 runs them one after another in the features' order
 *                        (docs/threads-and-time.md, "Scenarios side by side")
 */
public record RunConfiguration(
        LoopImplementation implementation, String featuresFolder, String gluePackage, String tagExpression,
        Path outputDirectory, int jobs) {

    public static final String DEFAULT_FEATURES_FOLDER = "features";
    public static final String DEFAULT_GLUE_PACKAGE = "org.asynciotck.steps";
    /**
     * The most scenarios a run puts side by side. Each job is a loop of its own, and for an implementation
     * in another process an agent process of its own: what overlaps is the scenarios' named waits, which
     * cost no CPU, so a few jobs already overlap most of them; past this many the agents' start and memory
     * cost more than they save, on any machine the kit is run on.
     */
    public static final int MAX_JOBS = 16;

    public RunConfiguration {
        Objects.requireNonNull(implementation, "implementation");
        Objects.requireNonNull(featuresFolder, "featuresFolder");
        Objects.requireNonNull(gluePackage, "gluePackage");
        Objects.requireNonNull(outputDirectory, "outputDirectory");
        requireJobs(jobs);
        if (tagExpression != null && tagExpression.isBlank()) {
            tagExpression = null;
        }
    }

    /** One scenario at a time. */
    public RunConfiguration(LoopImplementation implementation, String featuresFolder, String gluePackage,
            String tagExpression, Path outputDirectory) {
        this(implementation, featuresFolder, gluePackage, tagExpression, outputDirectory, 1);
    }

    /** This configuration with {@code jobs} scenarios at a time. */
    public RunConfiguration withJobs(int jobs) {
        return new RunConfiguration(implementation, featuresFolder, gluePackage, tagExpression, outputDirectory, jobs);
    }

    /** @throws IllegalArgumentException naming the value and the range, when {@code jobs} is outside 1..MAX_JOBS */
    private static int requireJobs(int jobs) {
        if (jobs < 1 || jobs > MAX_JOBS) {
            throw new IllegalArgumentException("bad number of jobs [" + jobs + "]: use 1 (one scenario at a time) to "
                    + MAX_JOBS + " (scenarios side by side, each on its own loop)");
        }
        return jobs;
    }

    /** Whether scenarios run side by side. */
    public boolean parallel() {
        return jobs > 1;
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
