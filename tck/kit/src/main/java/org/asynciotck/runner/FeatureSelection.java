package org.asynciotck.runner;

import java.util.List;
import org.junit.platform.engine.discovery.ClasspathResourceSelector;
import org.junit.platform.engine.discovery.DiscoverySelectors;

/**
 * What a run of the features asks Cucumber to discover: each feature file under a classpath folder by its
 * name, never the folder as a package. Scanning a package inside the kit's jar opens a zip file system of
 * JUnit's, which fails while Cucumber's own is open for another run's glue lookup, and then finds nothing
 * ({@link FeatureFiles} says more).
 */
public final class FeatureSelection {

    private FeatureSelection() {}

    /** One selector per {@code .feature} file under {@code folder}, in name order; none found is an error. */
    public static List<ClasspathResourceSelector> of(String folder) {
        return FeatureFiles.namesOnClasspath(folder).stream().map(DiscoverySelectors::selectClasspathResource).toList();
    }
}
