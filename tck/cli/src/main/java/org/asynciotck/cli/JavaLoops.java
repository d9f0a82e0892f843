package org.asynciotck.cli;

import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
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
        URL[] urls = new URL[java.classPath().size()];
        for (int i = 0; i < urls.length; i++) {
            Path entry = java.classPath().get(i);
            if (!Files.exists(entry)) {
                throw new ImplementationFactory.UnavailableException("--class-path entry [" + entry + "] does not exist");
            }
            urls[i] = url(entry);
        }
        ClassLoader loader = new URLClassLoader("asyncio-tck-java-loop", urls, JavaLoops.class.getClassLoader());
        try {
            return JavaLoopProviders.implementation(java.providerClass(), java.id(), options.timeout(), loader);
        } catch (IllegalArgumentException refused) {
            throw new ImplementationFactory.UnavailableException(refused.getMessage());
        }
    }

    private static URL url(Path entry) throws MalformedURLException {
        return entry.toAbsolutePath().normalize().toUri().toURL();
    }
}
