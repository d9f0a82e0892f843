package org.asynciotck.cli;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.asynciotck.spi.LoopImplementation;

/**
 * {@code --impl java}: a loop written against org.asynciotck.java.JavaLoop, loaded from {@code --class-path}
 * with the kit's tck/java module. The kit's jar does not contain that module (it depends on the kit), so
 * this reaches its entry point by name; once the command line is a module of its own it calls it directly.
 */
final class JavaLoops {

    static final String ENTRY_POINT = "org.asynciotck.java.JavaLoopProviders";

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
        Method implementation;
        try {
            implementation = Class.forName(ENTRY_POINT, true, loader)
                    .getMethod("implementation", String.class, String.class, Duration.class, ClassLoader.class);
        } catch (ClassNotFoundException e) {
            throw new ImplementationFactory.UnavailableException("--impl java needs the kit's Java module on "
                    + "--class-path: add tck/java/target/asyncio-tck-java.jar (built by ./mvnw package)");
        }
        try {
            return (LoopImplementation) implementation.invoke(null, java.providerClass(), java.id(), options.timeout(),
                    loader);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof IllegalArgumentException refused) {
                throw new ImplementationFactory.UnavailableException(refused.getMessage());
            }
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }

    private static URL url(Path entry) throws MalformedURLException {
        return entry.toAbsolutePath().normalize().toUri().toURL();
    }
}
