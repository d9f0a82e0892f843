package org.asynciotck.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The options that choose the kit's Python agent and the loop it drives, the same for every command that
 * starts one ({@code run}, {@code baseline}, {@code smoke}, {@code explore}): a picocli mixin, so each option
 * has one name, one help text and one validation. The operation bound is {@link Timeout}, a mixin of its own,
 * since {@code matrix} takes it without these.
 */
final class PythonAgentOptions {

    /** A pyenv version such as 3.12.1 (or 3.13.0a1): the interpreter under pyenv's versions folder. */
    private static final java.util.regex.Pattern PYENV_VERSION = java.util.regex.Pattern.compile("\\d+\\.\\d+\\.\\d+[a-z0-9]*");

    @Option(names = "--python", paramLabel = "PATH|VERSION",
            description = "python: the interpreter to run the kit's agent with, or a pyenv version such as 3.12.1")
    String python;

    @Option(names = "--venv", paramLabel = "DIR", description = "python: a virtual environment; its bin/python runs the agent")
    Path venv;

    @Option(names = "--loop-factory", paramLabel = "MODULE:CALLABLE",
            description = "python: the loop under test: asyncio (default), uvloop, or a callable returning a new event loop, e.g. mypkg.loops:new_loop")
    String loopFactory;

    @Option(names = "--python-path", paramLabel = "DIR", description = "python: folder added to sys.path; repeatable")
    List<Path> pythonPath = new ArrayList<>();

    @Option(names = "--variant", paramLabel = "c|py",
            description = "python: CPython's C or pure-Python Task/Future (default: c)")
    String variant;

    /** Whether any of these options was given: the agent is meant. */
    boolean given() {
        return python != null || venv != null || loopFactory != null || variant != null || !pythonPath.isEmpty();
    }

    /**
     * The interpreter that runs the agent: {@code --python} as a path or a pyenv version, or {@code --venv}'s
     * bin/python; null when neither is given.
     *
     * @throws IllegalArgumentException when both are given, or the virtual environment or version has no interpreter
     */
    Path interpreter() {
        if (venv != null) {
            if (python != null) {
                throw new IllegalArgumentException("give --python or --venv, not both");
            }
            Path inVenv = venv.resolve("bin").resolve("python");
            if (!Files.isExecutable(inVenv)) {
                throw new IllegalArgumentException("bad --venv [" + venv + "]: no executable " + inVenv);
            }
            return inVenv;
        }
        if (python == null) {
            return null;
        }
        if (PYENV_VERSION.matcher(python).matches()) {
            Path pyenv = pyenvPython(python);
            if (!Files.isExecutable(pyenv)) {
                throw new IllegalArgumentException("bad --python [" + python + "]: no pyenv interpreter " + pyenv
                        + " (give the interpreter's path, or install that version with pyenv)");
            }
            return pyenv;
        }
        return Path.of(python);
    }

    private static Path pyenvPython(String version) {
        String root = System.getenv("PYENV_ROOT");
        Path pyenv = root == null || root.isBlank() ? Path.of(System.getProperty("user.home"), ".pyenv") : Path.of(root);
        return pyenv.resolve("versions").resolve(version).resolve("bin").resolve("python3");
    }

    /** The implementation options of the kit's agent ({@code kind} "python" or any other, which refuses these). */
    ImplementationOptions implementation(String kind, String command, Duration timeout,
            ImplementationOptions.JavaLoopChoice java) {
        if (venv != null && !ImplementationOptions.PYTHON.equalsIgnoreCase(kind)) {
            throw new IllegalArgumentException("--venv does not apply to --impl " + kind + ": use it with --impl python");
        }
        return new ImplementationOptions(kind, interpreter(), loopFactory, pythonPath, variant, command, timeout, java)
                .validate();
    }

    /** {@code --command}: an agent of the user's own ({@code --impl process}), for run, baseline and smoke. */
    static final class ProcessCommand {
        @Option(names = "--command", paramLabel = "AGENT COMMAND",
                description = "process: the command line of an agent speaking docs/protocol.md, e.g. \"python3 -m mypkg.agent\"")
        String command;
    }

    /** {@code --timeout}: the bound on one operation, for every command that runs an implementation. */
    static final class Timeout {
        @Option(names = "--timeout", paramLabel = "DURATION", converter = DurationConverter.class,
                description = "bound on one operation (with an agent: one exchange, the hello included), e.g. 10s or "
                        + "500ms (default: the implementation's, 10 s for agents)")
        Duration timeout;
    }
}
