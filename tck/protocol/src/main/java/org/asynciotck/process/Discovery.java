package org.asynciotck.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Finds the Python interpreters the kit could certify on this machine: {@code python3} on
 * PATH, every pyenv version ({@code $PYENV_ROOT}, else {@code ~/.pyenv}), and the virtual
 * environments the caller names. Each one is asked (in a bounded subprocess) for its version
 * and whether {@code uvloop} imports; one that does not answer is left out.
 */
public final class Discovery {

    public static final Duration DEFAULT_PROBE_TIMEOUT = Duration.ofSeconds(10);

    private final Map<String, String> environment;
    private final Path home;
    private final Duration probeTimeout;

    /**
     * @param environment  where PATH and PYENV_ROOT are read from
     * @param home         the user's home, for the default pyenv root {@code ~/.pyenv}
     * @param probeTimeout how long one interpreter may take to answer
     */
    public Discovery(Map<String, String> environment, Path home, Duration probeTimeout) {
        this.environment = Map.copyOf(Objects.requireNonNull(environment, "environment"));
        this.home = Objects.requireNonNull(home, "home");
        this.probeTimeout = Durations.requirePositive(probeTimeout, "probe timeout");
    }

    /** Discovery with this process's environment and home directory. */
    public static Discovery ofThisMachine() {
        return new Discovery(System.getenv(), Path.of(System.getProperty("user.home")), DEFAULT_PROBE_TIMEOUT);
    }

    /** The pyenv root this discovery searches: {@code $PYENV_ROOT}, else {@code ~/.pyenv}. */
    public Path pyenvRoot() {
        String root = environment.get("PYENV_ROOT");
        return root == null || root.isBlank() ? home.resolve(".pyenv") : Path.of(root);
    }

    /**
     * Every interpreter found, in the order PATH, pyenv versions (oldest first), {@code extraVenvs};
     * one reporting the same {@code sys.executable} as an earlier one is left out.
     *
     * @param extraVenvs virtual environment directories; their {@code bin/python3} is probed
     */
    public List<PythonInstallation> find(List<Path> extraVenvs) {
        List<Candidate> candidates = new ArrayList<>();
        PythonProbe.findOnPath("python3", environment.get("PATH"))
                .ifPresent(p -> candidates.add(new Candidate(p, PythonInstallation.Source.PATH)));
        pyenvInterpreters().forEach(p -> candidates.add(new Candidate(p, PythonInstallation.Source.PYENV)));
        for (Path venv : extraVenvs) {
            candidates.add(new Candidate(venv.resolve("bin").resolve("python3"), PythonInstallation.Source.VENV));
        }
        List<PythonInstallation> found = new ArrayList<>();
        Set<String> executables = new HashSet<>();
        for (Candidate candidate : candidates) {
            if (!Files.isExecutable(candidate.interpreter())) {
                continue;
            }
            try {
                PythonProbe.Answer answer = PythonProbe.probe(candidate.interpreter(), true, probeTimeout);
                if (executables.add(answer.executable())) {
                    found.add(new PythonInstallation(candidate.interpreter(), answer.executable(), answer.version(),
                            answer.uvloopVersion(), candidate.source(), answer.reentrantLoops()));
                }
            } catch (IOException e) {
                // Broken or hung interpreters are not candidates for certification; leave them out.
            }
        }
        return List.copyOf(found);
    }

    private List<Path> pyenvInterpreters() {
        Path versions = pyenvRoot().resolve("versions");
        if (!Files.isDirectory(versions)) {
            return List.of();
        }
        try (Stream<Path> dirs = Files.list(versions)) {
            return dirs.sorted(Comparator.comparing(Path::getFileName, Discovery::compareVersionNames))
                    .map(dir -> dir.resolve("bin").resolve("python3"))
                    .filter(Files::isExecutable)
                    .toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** Orders "3.9.18" before "3.10.13": numeric runs compare as numbers. */
    static int compareVersionNames(Path a, Path b) {
        String[] x = a.toString().split("(?<=\\D)(?=\\d)|(?<=\\d)(?=\\D)");
        String[] y = b.toString().split("(?<=\\D)(?=\\d)|(?<=\\d)(?=\\D)");
        for (int i = 0; i < Math.min(x.length, y.length); i++) {
            int c = isDigits(x[i]) && isDigits(y[i]) ? compareNumbers(x[i], y[i]) : x[i].compareTo(y[i]);
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(x.length, y.length);
    }

    private static boolean isDigits(String s) {
        return !s.isEmpty() && s.chars().allMatch(Character::isDigit);
    }

    /** Compares digit strings of any length as numbers, without parsing them. */
    private static int compareNumbers(String a, String b) {
        String x = a.replaceFirst("^0+(?=.)", "");
        String y = b.replaceFirst("^0+(?=.)", "");
        return x.length() != y.length() ? Integer.compare(x.length(), y.length()) : x.compareTo(y);
    }

    private record Candidate(Path interpreter, PythonInstallation.Source source) {}
}
