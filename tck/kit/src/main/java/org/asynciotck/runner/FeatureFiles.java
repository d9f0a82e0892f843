package org.asynciotck.runner;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.platform.commons.support.ReflectionSupport;
import org.junit.platform.commons.support.Resource;

/** The {@code .feature} files under a classpath folder, by path, in path order. */
final class FeatureFiles {

    private FeatureFiles() {}

    static Map<String, byte[]> readFromClasspath(String folder) {
        List<Resource> resources = ReflectionSupport.findAllResourcesInPackage(
                folder.replace('/', '.'), r -> r.getName().endsWith(".feature"));
        Map<String, byte[]> files = new LinkedHashMap<>();
        resources.stream().sorted(Comparator.comparing(Resource::getName)).forEach(resource -> {
            try (InputStream in = resource.getUri().toURL().openStream()) {
                files.put(resource.getName(), in.readAllBytes());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read feature file " + resource.getName(), e);
            }
        });
        return files;
    }
}
