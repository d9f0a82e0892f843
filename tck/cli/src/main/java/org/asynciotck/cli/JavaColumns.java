package org.asynciotck.cli;

import java.nio.file.Path;
import java.util.List;
import org.asynciotck.java.JavaLoopProvider;

/**
 * The Java loops of a matrix: {@code --impl java} (the one provider the class path registers, the choice
 * {@code run --impl java} makes) and {@code --impl java:ID} (the registered provider of that id), all loaded
 * from the matrix's one {@code --class-path}. Checked before any column is certified, so a mistyped id is a
 * usage error at once, not a column that could not start after the others ran for minutes.
 */
final class JavaColumns {

    private static final String REGISTRATION = "a loop's jar registers its provider in META-INF/services/"
            + JavaLoopProvider.class.getName();

    private JavaColumns() {}

    /**
     * The specs, each java one with the id of the provider it stands for, so its column and folder are named
     * by that id even when its loop cannot start.
     *
     * @throws IllegalArgumentException naming what was wrong and what to do
     */
    static List<ImplementationSpec> resolve(List<ImplementationSpec> specs, List<Path> classPath) {
        List<ImplementationSpec> java = specs.stream()
                .filter(spec -> spec.kind().equals(ImplementationOptions.JAVA)).toList();
        if (java.isEmpty()) {
            if (!classPath.isEmpty()) {
                throw new IllegalArgumentException("--class-path " + classPath + " is for Java loops, and no Java "
                        + "column is asked for: add --impl java (or --impl java:ID), or leave out --class-path");
            }
            return specs;
        }
        if (classPath.isEmpty()) {
            throw new IllegalArgumentException("--impl " + java.get(0).text() + " needs --class-path PATH, the jars "
                    + "and class folders of the loop (" + REGISTRATION + "), e.g. --class-path my-loop.jar");
        }
        List<String> ids = registered(classPath);
        return specs.stream().map(spec -> spec.kind().equals(ImplementationOptions.JAVA)
                ? spec.withJavaId(registeredId(spec, ids, classPath)) : spec).toList();
    }

    private static String registeredId(ImplementationSpec spec, List<String> ids, List<Path> classPath) {
        if (spec.javaId() != null) {
            if (!ids.contains(spec.javaId())) {
                throw new IllegalArgumentException("--impl " + spec.text() + ": no Java loop with id [" + spec.javaId()
                        + "] is registered on --class-path " + classPath + "; registered: "
                        + (ids.isEmpty() ? "none (" + REGISTRATION + ")" : ids));
            }
        } else if (ids.isEmpty()) {
            throw new IllegalArgumentException("--impl java: no Java loop is registered on --class-path " + classPath
                    + " (" + REGISTRATION + ")");
        } else if (ids.size() > 1) {
            throw new IllegalArgumentException("--impl java: several Java loops are registered on --class-path, "
                    + ids + ": choose with --impl java:ID, one column each, e.g. --impl java:" + ids.get(0));
        }
        return spec.javaId() != null ? spec.javaId() : ids.get(0);
    }

    private static List<String> registered(List<Path> classPath) {
        try {
            return JavaLoops.registeredIds(classPath);
        } catch (ImplementationFactory.UnavailableException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }
}
