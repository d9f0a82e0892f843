package org.asynciotck.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * How to build the implementation under test, as given on the command line.
 *
 * @param kind        "reference", "python" or "process"
 * @param python      the interpreter (python only), or null for the default
 * @param loopFactory {@code MODULE:CALLABLE} returning a new event loop (python only), or null for asyncio's
 * @param pythonPath  folders prepended to the agent's {@code sys.path} (python only)
 * @param variant     "c" or "py": CPython's C or pure-Python Task/Future (python only), or null for the default
 * @param command     the agent command line (process only)
 * @param timeout     the bound on one operation, or null for the implementation's default
 * @param java        which Java loop (java only): its provider class, or the id it registers; or null
 */
public record ImplementationOptions(
        String kind, Path python, String loopFactory, List<Path> pythonPath, String variant, String command,
        Duration timeout, JavaLoopChoice java) {

    /**
     * A Java loop on the class path ({@code --impl java}, modules tck/interpreter and tck/java).
     *
     * @param providerClass {@code --class}: the loop's JavaLoopProvider, or null to find it through ServiceLoader
     * @param id            {@code --java-id}: the id of the registered provider to run, or null for the only one
     * @param classPath     {@code --class-path}: jars and folders with the loop and the kit's tck/java and tck/interpreter jars
     */
    public record JavaLoopChoice(String providerClass, String id, List<Path> classPath) {
        public JavaLoopChoice {
            classPath = classPath == null ? List.of() : List.copyOf(classPath);
        }

        boolean isEmpty() {
            return providerClass == null && id == null && classPath.isEmpty();
        }
    }

    /** Without a Java loop choice: every kind but java. */
    public ImplementationOptions(
            String kind, Path python, String loopFactory, List<Path> pythonPath, String variant, String command,
            Duration timeout) {
        this(kind, python, loopFactory, pythonPath, variant, command, timeout, null);
    }

    public static final String REFERENCE = "reference";
    public static final String PYTHON = "python";
    public static final String PROCESS = "process";
    /** The reference loop with synchronously dispatching futures (the other future design). */
    public static final String REFERENCE_SYNC = "reference-sync";
    /** A loop written in Java against org.asynciotck.java.JavaLoop (module tck/interpreter), found on --class-path. */
    public static final String JAVA = "java";
    /** The reference loop made reentrant (profile nested-runs), the design nest_asyncio gives asyncio's loop. */
    public static final String REFERENCE_NESTED = "reference-nested";
    public static final List<String> KINDS = List.of(REFERENCE, REFERENCE_SYNC, PYTHON, PROCESS, JAVA, REFERENCE_NESTED);

    /** MODULE:CALLABLE, or one of the agent's named loops ("asyncio", "uvloop", "nest_asyncio", "nest_asyncio2"). */
    private static final Pattern LOOP_FACTORY =
            Pattern.compile("^(asyncio|uvloop|nest_asyncio2?|[A-Za-z_][\\w.]*:[A-Za-z_][\\w.]*)$");

    public ImplementationOptions {
        Objects.requireNonNull(kind, "kind");
        kind = kind.toLowerCase(Locale.ROOT);
        pythonPath = pythonPath == null ? List.of() : List.copyOf(pythonPath);
        java = java == null ? new JavaLoopChoice(null, null, List.of()) : java;
    }

    public static ImplementationOptions reference() {
        return new ImplementationOptions(REFERENCE, null, null, List.of(), null, null, null);
    }

    /**
     * Checks that the options fit together.
     *
     * @throws IllegalArgumentException naming the bad option and how to fix it
     */
    public ImplementationOptions validate() {
        if (!KINDS.contains(kind)) {
            throw new IllegalArgumentException("unknown implementation [" + kind + "]: use --impl "
                    + String.join(", ", KINDS) + " (see 'asyncio-tck implementations')");
        }
        if (!kind.equals(PYTHON)) {
            requireAbsent(python, "--python");
            requireAbsent(loopFactory, "--loop-factory");
            requireAbsent(pythonPath.isEmpty() ? null : pythonPath, "--python-path");
            requireAbsent(variant, "--variant");
        }
        if (!kind.equals(JAVA) && !java.isEmpty()) {
            throw new IllegalArgumentException("--class, --java-id and --class-path do not apply to --impl " + kind
                    + ": use them with --impl java");
        }
        if (!kind.equals(PROCESS)) {
            requireAbsent(command, "--command");
        } else if (command == null || command.isBlank()) {
            throw new IllegalArgumentException("--impl process needs --command \"AGENT COMMAND\", the agent to start");
        }
        if (loopFactory != null && !LOOP_FACTORY.matcher(loopFactory).matches()) {
            throw new IllegalArgumentException("bad --loop-factory [" + loopFactory
                    + "]: write MODULE:CALLABLE, e.g. uvloop:new_event_loop");
        }
        if (variant != null && !variant.equals("c") && !variant.equals("py")) {
            throw new IllegalArgumentException("bad --variant [" + variant + "]: use c or py");
        }
        if (timeout != null && (timeout.isZero() || timeout.isNegative())) {
            throw new IllegalArgumentException("bad --timeout [" + timeout + "]: give a positive duration, e.g. 10s");
        }
        return this;
    }

    private void requireAbsent(Object value, String option) {
        if (value != null) {
            String fits = option.equals("--command") ? "--impl process" : "--impl python";
            throw new IllegalArgumentException(option + " does not apply to --impl " + kind + ": use it with " + fits);
        }
    }
}
