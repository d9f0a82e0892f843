package org.asynciotck.process;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** Asks a Python interpreter what it is, in a bounded subprocess. */
final class PythonProbe {

    /** The oldest Python the agent supports. */
    static final int[] MINIMUM_VERSION = {3, 10};
    static final String MINIMUM = MINIMUM_VERSION[0] + "." + MINIMUM_VERSION[1];

    /**
     * Prints version, sys.executable and the versions of uvloop, nest_asyncio and nest_asyncio2 (or "-"), one a line. Written to run
     * on any Python, 2.7 included, so that a too-old interpreter can say how old it is.
     */
    private static final String SCRIPT = String.join("\n",
            "import sys",
            "print('%d.%d.%d' % tuple(sys.version_info[:3]))",
            "print(sys.executable)",
            "if len(sys.argv) > 1:",
            "    try:",
            "        import uvloop",
            "        print(getattr(uvloop, '__version__', '?'))",
            "    except Exception:",
            "        print('-')",
            // nest_asyncio has no __version__: its distribution's (importlib.metadata, 3.8+), or "-"
            "    for name in ('nest_asyncio', 'nest_asyncio2'):",
            "        try:",
            "            __import__(name)",
            "            from importlib import metadata",
            "            print(metadata.version(name))",
            "        except Exception:",
            "            print('-')",
            "");

    /**
     * What the interpreter said; {@code uvloopVersion} is null when uvloop does not import or was not asked;
     * {@code reentrantLoops} maps each of nest_asyncio, nest_asyncio2 that imports to its version.
     */
    record Answer(String version, String executable, String uvloopVersion, java.util.Map<String, String> reentrantLoops) {}

    /** The libraries that make asyncio's loop reentrant, each a loop the agent names (--loop NAME). */
    static final List<String> REENTRANT_LOOPS = List.of("nest_asyncio", "nest_asyncio2");

    private PythonProbe() {}

    /** The first executable {@code name} in the directories of {@code pathVariable}. */
    static Optional<Path> findOnPath(String name, String pathVariable) {
        if (pathVariable == null) {
            return Optional.empty();
        }
        for (String dir : pathVariable.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(dir, name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /**
     * Runs the probe.
     *
     * @throws IOException when the interpreter cannot be started, fails, or does not finish in time
     */
    static Answer probe(Path interpreter, boolean askForUvloop, Duration timeout) throws IOException {
        List<String> argv = askForUvloop
                ? List.of(interpreter.toString(), "-c", SCRIPT, "uvloop")
                : List.of(interpreter.toString(), "-c", SCRIPT);
        Process process = new ProcessBuilder(argv).redirectInput(ProcessBuilder.Redirect.from(nullFile())).start();
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                throw new IOException(interpreter + " did not answer within " + Durations.describe(timeout));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new IOException("interrupted while asking " + interpreter + " for its version", e);
        }
        // The output is a few short lines, far below a pipe's capacity, so reading after exit is safe.
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        List<String> lines = out.lines().toList();
        if (process.exitValue() != 0 || lines.size() < 2 || parseVersion(lines.get(0)) == null) {
            String said = (err.isBlank() ? out : err).strip();
            String detail = said.isEmpty() ? "), and it printed nothing" : "): " + said;
            throw new IOException(interpreter + " failed to report its version (exit code " + process.exitValue() + detail);
        }
        String uvloop = askForUvloop && lines.size() > 2 && !lines.get(2).equals("-") ? lines.get(2) : null;
        java.util.Map<String, String> reentrant = new java.util.LinkedHashMap<>();
        for (int i = 0; askForUvloop && i < REENTRANT_LOOPS.size(); i++) {
            if (lines.size() > 3 + i && !lines.get(3 + i).equals("-")) {
                reentrant.put(REENTRANT_LOOPS.get(i), lines.get(3 + i));
            }
        }
        return new Answer(lines.get(0), lines.get(1), uvloop, java.util.Map.copyOf(reentrant));
    }

    /**
     * Checks that {@code interpreter} exists, runs and is recent enough for the agent.
     *
     * @return the interpreter to start (resolved on PATH when given as a bare name)
     * @throws ImplementationUnavailable naming the interpreter and the minimum version otherwise
     */
    static Path requireSupported(Path interpreter, Duration timeout) {
        String needs = " (the agent needs Python " + MINIMUM + " or newer)";
        Path resolved = interpreter;
        if (!interpreter.isAbsolute() && interpreter.getNameCount() == 1 && !Files.exists(interpreter)) {
            resolved = findOnPath(interpreter.toString(), System.getenv("PATH")).orElseThrow(() ->
                    new ImplementationUnavailable("Python interpreter " + interpreter + " was not found on PATH"
                            + needs));
        }
        if (!Files.exists(resolved)) {
            throw new ImplementationUnavailable("Python interpreter " + resolved + " does not exist" + needs);
        }
        if (!Files.isRegularFile(resolved) || !Files.isExecutable(resolved)) {
            throw new ImplementationUnavailable("Python interpreter " + resolved + " is not an executable file"
                    + needs);
        }
        Answer answer;
        try {
            answer = probe(resolved, false, timeout);
        } catch (IOException e) {
            throw new ImplementationUnavailable("Python interpreter " + resolved + " could not be run: "
                    + e.getMessage() + needs, "", e);
        }
        if (!isSupported(answer.version())) {
            throw new ImplementationUnavailable("Python interpreter " + resolved + " is Python " + answer.version()
                    + ", too old: the agent needs Python " + MINIMUM + " or newer");
        }
        return resolved;
    }

    static boolean isSupported(String version) {
        int[] parsed = parseVersion(version);
        return parsed != null && (parsed[0] > MINIMUM_VERSION[0]
                || (parsed[0] == MINIMUM_VERSION[0] && parsed[1] >= MINIMUM_VERSION[1]));
    }

    /** {major, minor} of "3.12.1", or null when it does not look like a version. */
    static int[] parseVersion(String version) {
        String[] parts = version.strip().split("\\.");
        if (parts.length < 2) {
            return null;
        }
        try {
            return new int[] {Integer.parseInt(parts[0]), Integer.parseInt(parts[1])};
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static File nullFile() {
        return new File(File.separatorChar == '\\' ? "NUL" : "/dev/null");
    }
}
