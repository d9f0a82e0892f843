package org.asynciotck.cli;

import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import org.asynciotck.java.JavaLoopProvider;
import org.asynciotck.java.JavaLoopProviders;
import org.asynciotck.spi.LoopImplementation;

/**
 * {@code --impl java}: a loop written against org.asynciotck.java.JavaLoop, loaded from {@code --class-path}
 * (the loop's own jar or classes; the kit's Java module is in the kit's jar) and chosen by
 * {@code --class}, by {@code --java-id} or as the one provider the class path registers.
 */
final class JavaLoops {

    private JavaLoops() {}

    static LoopImplementation implementation(ImplementationOptions options) throws Exception {
        ImplementationOptions.JavaLoopChoice java = options.java();
        // not closed: the loop's classes are loaded from it for as long as the implementation runs
        ClassLoader loader = loader(java.classPath());
        try {
            return JavaLoopProviders.implementation(java.providerClass(), java.id(), options.timeout(), loader);
        } catch (IllegalArgumentException refused) {
            throw new ImplementationFactory.UnavailableException(refused.getMessage());
        }
    }

    /**
     * The ids of the providers registered on {@code classPath} (and by the kit's own class path), in
     * ServiceLoader's order: what {@code --java-id} and {@code matrix --impl java:ID} choose from.
     */
    static List<String> registeredIds(List<Path> classPath) throws ImplementationFactory.UnavailableException {
        try (URLClassLoader loader = loader(classPath)) {
            return ServiceLoader.load(JavaLoopProvider.class, loader).stream().map(p -> p.get().id()).toList();
        } catch (ServiceConfigurationError e) {
            throw new ImplementationFactory.UnavailableException("the Java loops registered on --class-path "
                    + classPath + " cannot be loaded: " + e.getMessage());
        } catch (IOException e) {
            throw new ImplementationFactory.UnavailableException("--class-path " + classPath
                    + " could not be closed after its Java loops were listed: " + e.getMessage());
        }
    }

    private static URLClassLoader loader(List<Path> classPath) throws ImplementationFactory.UnavailableException {
        URL[] urls = new URL[classPath.size()];
        for (int i = 0; i < urls.length; i++) {
            Path entry = classPath.get(i);
            if (!Files.exists(entry)) {
                throw new ImplementationFactory.UnavailableException("--class-path entry [" + entry + "] does not exist");
            }
            urls[i] = url(entry);
        }
        return new URLClassLoader("asyncio-tck-java-loop", urls, JavaLoops.class.getClassLoader());
    }

    private static URL url(Path entry) throws ImplementationFactory.UnavailableException {
        try {
            return entry.toAbsolutePath().normalize().toUri().toURL();
        } catch (MalformedURLException e) {
            throw new ImplementationFactory.UnavailableException("--class-path entry [" + entry + "] is not a "
                    + "file or folder a class loader can read: " + e.getMessage());
        }
    }
}
