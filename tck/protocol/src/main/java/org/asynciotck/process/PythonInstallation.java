package org.asynciotck.process;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * A Python interpreter found by {@link Discovery}.
 *
 * @param interpreter   the file found (may be a shim or a venv's link)
 * @param executable    what the interpreter reports as {@code sys.executable}
 * @param version       its version, e.g. "3.12.1"
 * @param uvloopVersion the version of uvloop it imports, or null when {@code import uvloop} fails
 * @param source        where it was found
 * @param reentrantLoops each library it imports that makes asyncio's loop reentrant (nest_asyncio, nest_asyncio2),
 *                      to its version
 */
public record PythonInstallation(Path interpreter, String executable, String version, String uvloopVersion,
        Source source, java.util.Map<String, String> reentrantLoops) {

    /** The libraries that make asyncio's loop reentrant, each a loop the Python agent names ({@code --loop NAME}). */
    public static final java.util.List<String> REENTRANT_LOOPS = PythonProbe.REENTRANT_LOOPS;

    /** Where an interpreter was found. */
    public enum Source {
        /** {@code python3} on PATH. */
        PATH,
        /** {@code $(pyenv root)/versions/<v>/bin/python3}. */
        PYENV,
        /** {@code <venv>/bin/python3} of a virtual environment the caller named. */
        VENV
    }

    public PythonInstallation {
        Objects.requireNonNull(interpreter, "interpreter");
        Objects.requireNonNull(executable, "executable");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(source, "source");
        reentrantLoops = java.util.Map.copyOf(reentrantLoops);
    }

    /** An interpreter that imports no library making asyncio's loop reentrant. */
    public PythonInstallation(Path interpreter, String executable, String version, String uvloopVersion, Source source) {
        this(interpreter, executable, version, uvloopVersion, source, java.util.Map.of());
    }

    public Optional<String> uvloop() {
        return Optional.ofNullable(uvloopVersion);
    }

    public boolean hasUvloop() {
        return uvloopVersion != null;
    }

    /** Whether the agent can run on it (Python 3.10 or newer). */
    public boolean supported() {
        return PythonProbe.isSupported(version);
    }
}
