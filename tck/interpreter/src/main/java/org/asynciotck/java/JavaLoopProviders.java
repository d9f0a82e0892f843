package org.asynciotck.java;

import java.time.Duration;
import java.util.List;
import java.util.ServiceLoader;
import org.asynciotck.spi.LoopImplementation;

/**
 * Finds a loop author's {@link JavaLoopProvider}: by class name, or through {@link ServiceLoader} (the jar
 * registers it in {@code META-INF/services/org.asynciotck.java.JavaLoopProvider}) by its id, or as the only
 * one registered. The command line's {@code --impl java} comes here.
 *
 * @since 0.1
 */
public final class JavaLoopProviders {

    private JavaLoopProviders() {}

    /**
     * The implementation of the provider named by {@code className}, else of the registered provider whose
     * id is {@code id}, else of the only registered provider.
     *
     * @param timeout the bound on one operation, or null for the provider's own
     * @throws IllegalArgumentException naming what was asked and what was found, when no provider fits
     */
    public static LoopImplementation implementation(String className, String id, Duration timeout, ClassLoader loader) {
        JavaLoopProvider provider = className != null ? byClass(className, loader) : registered(id, loader);
        return timeout == null ? new JavaLoopImplementation(provider) : new JavaLoopImplementation(provider, timeout);
    }

    private static JavaLoopProvider byClass(String className, ClassLoader loader) {
        Class<?> type;
        try {
            type = Class.forName(className, true, loader);
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException("no class [" + className + "] on the class path; give the loop's jar or "
                    + "classes folder with --class-path");
        }
        if (!JavaLoopProvider.class.isAssignableFrom(type)) {
            throw new IllegalArgumentException("[" + className + "] is not a " + JavaLoopProvider.class.getName()
                    + ": --class names the loop's provider, which makes its loops");
        }
        try {
            return (JavaLoopProvider) type.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException("cannot make a [" + className + "] with its public no-argument "
                    + "constructor: " + e, e);
        }
    }

    private static JavaLoopProvider registered(String id, ClassLoader loader) {
        List<JavaLoopProvider> found = ServiceLoader.load(JavaLoopProvider.class, loader).stream()
                .map(ServiceLoader.Provider::get).toList();
        List<String> ids = found.stream().map(JavaLoopProvider::id).toList();
        if (id != null) {
            return found.stream().filter(p -> p.id().equals(id)).findFirst().orElseThrow(() ->
                    new IllegalArgumentException("no Java loop with id [" + id + "] is registered; found " + ids));
        }
        if (found.size() != 1) {
            throw new IllegalArgumentException((found.isEmpty() ? "no Java loop is registered" : "several Java loops "
                    + "are registered, " + ids + ": choose one with --java-id") + " (a loop's jar registers its "
                    + "provider in META-INF/services/" + JavaLoopProvider.class.getName() + "; or name it with --class)");
        }
        return found.get(0);
    }
}
