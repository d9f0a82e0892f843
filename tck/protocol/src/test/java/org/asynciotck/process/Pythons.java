package org.asynciotck.process;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** The pyenv interpreters the protocol's own tests replay against (PYENV_ROOT, else ~/.pyenv). */
final class Pythons {

    private Pythons() {}

    static Path pyenvRoot() {
        String root = System.getenv("PYENV_ROOT");
        return root == null || root.isBlank() ? Path.of(System.getProperty("user.home"), ".pyenv") : Path.of(root);
    }

    /** A pyenv interpreter of that version, if installed. */
    static Optional<Path> pyenvPython(String version) {
        Path python = pyenvRoot().resolve("versions").resolve(version).resolve("bin").resolve("python3");
        return Files.isExecutable(python) ? Optional.of(python) : Optional.empty();
    }

    /** A Python 3 for one-off questions: 3.12.1 from pyenv when installed, else python3 on PATH. */
    static String any() {
        return pyenvPython("3.12.1").map(Path::toString).orElse("python3");
    }
}
