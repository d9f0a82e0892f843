package org.asynciotck.runner;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FeatureFilesTest {

    @TempDir
    Path temp;

    @Test
    void aJarsFeaturesAreReadWhileSomeoneElseHoldsTheJarOpenAsAZipFileSystem() throws Exception {
        Path jar = jar("kit.jar", Map.of("features/b.feature", "Feature: B", "features/sub/a.feature", "Feature: A",
                "features/notes.txt", "not a feature", "other/c.feature", "Feature: C"));
        // What Cucumber's glue lookup does in another run; JUnit's scanner then found nothing here.
        try (FileSystem held = FileSystems.newFileSystem(URI.create("jar:" + jar.toUri()), Map.of())) {
            Map<String, byte[]> files = withClasspath(() -> FeatureFiles.readFromClasspath("features"), jar);

            assertThat(files).containsOnlyKeys("features/b.feature", "features/sub/a.feature");
            assertThat(new String(files.get("features/sub/a.feature"), UTF_8)).isEqualTo("Feature: A");
            assertThat(withClasspath(() -> FeatureFiles.namesOnClasspath("features"), jar))
                    .containsExactly("features/b.feature", "features/sub/a.feature");
        }
    }

    @Test
    void aFolderOnTheClasspathIsReadToo_andTheFirstRootWithANameWinsAsForGetResource() throws Exception {
        Path folder = Files.createDirectories(temp.resolve("root/features/sub"));
        Files.writeString(folder.resolve("a.feature"), "Feature: from the folder");
        Path jar = jar("later.jar", Map.of("features/sub/a.feature", "Feature: from the jar",
                "features/z.feature", "Feature: Z"));

        Map<String, byte[]> files = withClasspath(() -> FeatureFiles.readFromClasspath("features"),
                temp.resolve("root"), jar);

        assertThat(files).containsOnlyKeys("features/sub/a.feature", "features/z.feature");
        assertThat(new String(files.get("features/sub/a.feature"), UTF_8)).isEqualTo("Feature: from the folder");
    }

    @Test
    void noFeatureFileUnderTheFolderIsAnErrorThatNamesIt_neverAnEmptyCatalogue() throws Exception {
        Path jar = jar("empty.jar", Map.of("features/readme.txt", "nothing to run"));

        assertThatThrownBy(() -> withClasspath(() -> FeatureFiles.readFromClasspath("features"), jar))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("[features/]")
                .hasMessageContaining("no .feature file");
    }

    /** A jar as Maven's jar plugin writes one: each folder has an entry of its own, which getResources needs. */
    private Path jar(String name, Map<String, String> entries) throws IOException {
        Path jar = temp.resolve(name);
        java.util.Set<String> folders = new java.util.TreeSet<>();
        for (String entry : entries.keySet()) {
            for (int slash = entry.indexOf('/'); slash >= 0; slash = entry.indexOf('/', slash + 1)) {
                folders.add(entry.substring(0, slash + 1));
            }
        }
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream zip = new JarOutputStream(out)) {
            for (String folder : folders) {
                zip.putNextEntry(new JarEntry(folder));
                zip.closeEntry();
            }
            for (Map.Entry<String, String> entry : new java.util.TreeMap<>(entries).entrySet()) {
                zip.putNextEntry(new JarEntry(entry.getKey()));
                zip.write(entry.getValue().getBytes(UTF_8));
                zip.closeEntry();
            }
        }
        return jar;
    }

    /** Runs {@code read} with only these roots (and the JDK) on the context class loader. */
    private static <T> T withClasspath(Callable<T> read, Path... roots) throws Exception {
        URL[] urls = new URL[roots.length];
        for (int i = 0; i < roots.length; i++) {
            urls[i] = roots[i].toUri().toURL();
        }
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        try (URLClassLoader loader = new URLClassLoader(urls, ClassLoader.getPlatformClassLoader())) {
            thread.setContextClassLoader(loader);
            return read.call();
        } finally {
            thread.setContextClassLoader(before);
        }
    }
}
