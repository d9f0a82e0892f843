package org.asynciotck.runner;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The {@code .feature} files under a classpath folder, by resource name ("features/07-timers.feature"), in
 * name order.
 *
 * <p>Why not a classpath scanner. The kit's features live in its jar, and the JDK allows one zip file system
 * per jar at a time. JUnit's scanner and Cucumber's each open one, each with its own count of users: while
 * Cucumber's glue lookup in one run holds the kit's jar open, JUnit's scan in another run (the catalogue, the
 * discovery of a package) fails with {@code FileSystemAlreadyExistsException}, logs a warning and finds
 * nothing, so the catalogue is empty or the run selects no scenario (seen in CI as a gallery run with no
 * verdict at all). Listing the jar's entries with {@link JarFile} opens no file system; the discovery then
 * selects these files one by one (ConformanceRun), and finding nothing is an error, never an empty run.
 *
 * <p>A folder inside a jar is found by its own entry ({@code features/}), which jars built by Maven have; JUnit's
 * and Cucumber's scanners need it too.
 */
final class FeatureFiles {

    private static final String SUFFIX = ".feature";

    private FeatureFiles() {}

    /** Each feature file's bytes, by resource name, in name order. */
    static Map<String, byte[]> readFromClasspath(String folder) {
        return Collections.unmodifiableMap(collect(folder));
    }

    /** The resource names of the feature files under {@code folder}, in name order. */
    static List<String> namesOnClasspath(String folder) {
        return List.copyOf(collect(folder).keySet());
    }

    private static TreeMap<String, byte[]> collect(String folder) {
        String prefix = folder.endsWith("/") ? folder : folder + "/";
        TreeMap<String, byte[]> files = new TreeMap<>();
        try {
            for (URL root : Collections.list(classLoader().getResources(prefix))) {
                // The first root on the classpath that has a name wins, as it does for ClassLoader.getResource.
                read(root, prefix).forEach(files::putIfAbsent);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the feature files under the classpath folder " + prefix, e);
        }
        if (files.isEmpty()) {
            throw new IllegalStateException("no " + SUFFIX + " file is on the classpath under the folder [" + prefix
                    + "]: the kit's jar carries its features under features/; a --features folder is copied there");
        }
        return files;
    }

    private static Map<String, byte[]> read(URL root, String prefix) throws IOException {
        return switch (root.getProtocol()) {
            case "jar" -> readJar(root, prefix);
            case "file" -> readFolder(root, prefix);
            default -> throw new IllegalStateException("cannot list the feature files at " + root
                    + ": only folders and jars on the classpath are supported");
        };
    }

    private static Map<String, byte[]> readJar(URL root, String prefix) throws IOException {
        URLConnection connection = root.openConnection();
        // Uncached: this JarFile is ours to close, not the class loader's shared one.
        connection.setUseCaches(false);
        Map<String, byte[]> files = new TreeMap<>();
        try (JarFile jar = ((JarURLConnection) connection).getJarFile()) {
            for (JarEntry entry : Collections.list(jar.entries())) {
                if (!entry.isDirectory() && entry.getName().startsWith(prefix) && entry.getName().endsWith(SUFFIX)) {
                    try (InputStream in = jar.getInputStream(entry)) {
                        files.put(entry.getName(), in.readAllBytes());
                    }
                }
            }
        }
        return files;
    }

    private static Map<String, byte[]> readFolder(URL root, String prefix) throws IOException {
        Path folder;
        try {
            folder = Path.of(root.toURI());
        } catch (URISyntaxException e) {
            throw new IOException("not a folder: " + root, e);
        }
        Map<String, byte[]> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(folder)) {
            for (Path file : walk.filter(f -> f.toString().endsWith(SUFFIX) && Files.isRegularFile(f)).toList()) {
                files.put(prefix + folder.relativize(file).toString().replace(file.getFileSystem().getSeparator(), "/"),
                        Files.readAllBytes(file));
            }
        }
        return files;
    }

    /** The context class loader, as Cucumber's discovery uses: a --features run adds its folder there. */
    private static ClassLoader classLoader() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : FeatureFiles.class.getClassLoader();
    }
}
